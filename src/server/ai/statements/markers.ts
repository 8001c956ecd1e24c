// The model's text: sentences ending in [1] or [1, 3], parsed out and rebuilt without the failing ones.

import { MAX_TEXT_CHARS } from './bounds.ts';
import { NO_SUPPORTING_EVIDENCE, type ParsedStatement, type Statement, type StatementCheck } from './shapes.ts';
import { ABBREVIATIONS } from './vocabulary.ts';

export const MARKER = /\[\s*\d{1,5}(?:\s*[,;–-]\s*\d{1,5})*\s*\]/g;

export function citesOf(marker: string): number[] {
  const cites: number[] = [];
  for (const part of marker.slice(1, -1).split(/[,;]/)) {
    const range = part.split(/[–-]/).map((n) => Number(n.trim()));
    const [from, to] = [range[0]!, range[1] ?? range[0]!];
    // A range is at most ten documents: "[1-9999]" is not a citation of everything.
    for (let id = from; id <= Math.min(to, from + 9); id++) cites.push(id);
  }
  return cites;
}

/**
 * The sentences of marked-up text, each with the documents its markers cite. A marker belongs to
 * the sentence it ends ("… in 2014 [1]." or "… in 2014. [1]"); markers within a sentence add to its
 * cites. Paragraphs (blank lines), lines and list markers are kept so keptText can rebuild the text.
 */
export function parseStatements(marked: string): ParsedStatement[] {
  const out: ParsedStatement[] = [];
  const paragraphs = marked
    .slice(0, MAX_TEXT_CHARS)
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/);
  paragraphs.forEach((paragraph, p) => {
    paragraph
      .split('\n')
      .filter((line) => line.trim())
      .forEach((line, l) => {
        const bullet = line.match(/^\s*(?:[-*•·]|\d{1,2}[.)])\s+/)?.[0];
        const body = bullet ? line.slice(bullet.length) : line;
        splitSentences(body).forEach((sentence) => {
          const cites = [...sentence.matchAll(MARKER)].flatMap((m) => citesOf(m[0]));
          const text = sentence
            .replace(MARKER, ' ')
            .replace(/\s+([.,;:!?])/g, '$1')
            .replace(/\s+/g, ' ')
            .trim();
          if (!text) {
            // Markers alone on a line cite the sentence before them.
            if (out.length && cites.length) out.at(-1)!.cites = [...new Set([...out.at(-1)!.cites, ...cites])];
            return;
          }
          out.push({ text, cites: [...new Set(cites)], paragraph: p, line: l, ...(bullet ? { bullet: bullet.trim() } : {}) });
        });
      });
  });
  return out;
}

/** Sentence ends: . ! ? (after closing quotes and markers) before a capital, digit, quote or the end. */
export function splitSentences(line: string): string[] {
  const sentences: string[] = [];
  const END = /([.!?]+)(["'”’)\]]*)((?:\s*\[\s*\d{1,5}(?:\s*[,;–-]\s*\d{1,5})*\s*\])*)(?=\s+["'“‘(]?[\p{Lu}\p{N}]|\s*$)/gu;
  let from = 0;
  for (const m of line.matchAll(END)) {
    const at = m.index;
    const hasMarkers = m[3]!.trim().length > 0;
    if (m[1] === '.' && !hasMarkers && !m[2]) {
      const word = line.slice(from, at).match(/(\S+)$/)?.[1] ?? '';
      // "Mr. Smith", "U.S. Embassy", "John F. Kennedy": not an end, unless markers say so.
      if (/^(?:\p{L}\.)+\p{L}$/u.test(word) || /^\p{Lu}$/u.test(word) || ABBREVIATIONS.has(word.toLowerCase())) continue;
    }
    const end = at + m[0].length;
    sentences.push(line.slice(from, end));
    from = end;
  }
  if (line.slice(from).trim()) sentences.push(line.slice(from));
  return sentences.map((s) => s.trim()).filter(Boolean);
}

/** A sentence with its markers, as shown: "Acme grew 12% [1, 3]." */
export function markedSentence(statement: Statement): string {
  if (!statement.cites.length) return statement.text;
  const marker = `[${statement.cites.join(', ')}]`;
  const end = statement.text.match(/[.!?]+["'”’)]*$/)?.[0] ?? '';
  return `${statement.text.slice(0, statement.text.length - end.length)} ${marker}${end}`;
}

/**
 * The answer without its failing sentences: supported and not-factual sentences, with their
 * markers, in their paragraphs and lines. NO_SUPPORTING_EVIDENCE when no fact survived.
 * `all`: every sentence, failing ones too, as written (Wolfebot shows them greyed).
 */
export function keptText(check: StatementCheck, { markers = true, all = false }: { markers?: boolean; all?: boolean } = {}): string {
  if (check.noEvidence && !all) return NO_SUPPORTING_EVIDENCE;
  const paragraphs: string[][] = [];
  let lastKey = '';
  let lines: string[] = [];
  let current = '';
  const closeLine = () => {
    if (current) lines.push(current);
    current = '';
  };
  check.statements.forEach((statement) => {
    if (!all && statement.verdict !== 'supported' && statement.verdict !== 'not_factual') return;
    // Statements given as a list (not parsed from text) form one paragraph.
    const position = 'paragraph' in statement ? statement : { paragraph: 0, line: 0, bullet: undefined };
    const key = `${position.paragraph}:${position.line}`;
    const paragraphChanged = lastKey && lastKey.split(':')[0] !== String(position.paragraph);
    if (key !== lastKey) {
      closeLine();
      if (paragraphChanged) {
        paragraphs.push(lines);
        lines = [];
      }
    }
    const sentence = markers && (all || statement.verdict === 'supported') ? markedSentence(statement) : statement.text;
    current = current ? `${current} ${sentence}` : `${position.bullet ? `${position.bullet} ` : ''}${sentence}`;
    lastKey = key;
  });
  closeLine();
  if (lines.length) paragraphs.push(lines);
  return paragraphs.map((p) => p.join('\n')).join('\n\n');
}
