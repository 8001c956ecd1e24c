// Quotes: found in a sentence and compared word for word with a document.

export type QuoteForm = { text: string /** Index in the typography text of each character. */; source: Int32Array };

export const SPACE = /\s/;
export const CLOSING_PUNCTUATION = new Set([',', '.', ';', ':', '!', '?', ')']);

/**
 * Text for comparing quotes: lower case, without quote marks or square brackets, one space between
 * words and none before punctuation or around dashes. Everything else, word for word.
 */
export function quoteForm(text: string): QuoteForm {
  const lower = text.toLowerCase();
  // toLowerCase keeps the length of nearly all text; when it does not, compare case as written.
  const folded = lower.length === text.length ? lower : text;
  let out = '';
  const source = new Int32Array(text.length + 1);
  let space = false;
  let last = '';
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i]!;
    if (c === '"' || c === "'" || c === '[' || c === ']') continue;
    if (SPACE.test(c)) {
      space = true;
      continue;
    }
    if (c === '-') {
      if (last === '-') {
        space = false;
        continue;
      }
    } else if (space && out.length && !CLOSING_PUNCTUATION.has(c) && last !== '(' && last !== '-') {
      source[out.length] = i;
      out += ' ';
    }
    space = false;
    source[out.length] = i;
    out += c;
    last = c;
  }
  return { text: out, source };
}

/** Pieces of a quote that must appear, in order: "…" and "..." skip words. */
export function quotePieces(quoted: string): string[] {
  return quoteForm(quoted)
    .text.split(/\.{3,}|…/)
    .map((piece) => piece.replace(/^[\s.,;:!?-]+|[\s.,;:!?-]+$/g, ''))
    .filter((piece) => /[\p{L}\p{N}]/u.test(piece));
}

export type Quote = { start: number; end: number; inner: string };

/** Quoted spans of a sentence: "…" always; '…' when the marks stand apart from words (not apostrophes). */
export function findQuotes(text: string): Quote[] {
  const quotes: Quote[] = [];
  const doubles = [...text.matchAll(/"/g)].map((m) => m.index);
  for (let k = 0; k + 1 < doubles.length; k += 2) {
    const start = doubles[k]!;
    const end = doubles[k + 1]! + 1;
    quotes.push({ start, end, inner: text.slice(start + 1, end - 1) });
  }
  const inside = (i: number) => quotes.some((q) => i >= q.start && i < q.end);
  for (const m of text.matchAll(/(?<=^|[\s(])'(?=[\p{L}\p{N}])([^'\n]*?[\p{L}\p{N}.,!?])'(?![\p{L}\p{N}])/gu)) {
    if (!inside(m.index)) quotes.push({ start: m.index, end: m.index + m[0].length, inner: m[1]! });
  }
  return quotes.filter((q) => /[\p{L}\p{N}]/u.test(q.inner)).sort((a, b) => a.start - b.start);
}
