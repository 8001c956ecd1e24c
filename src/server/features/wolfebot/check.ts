// The check of a finished answer (issue 27 §3–4): every citation must point to a document that was
// retrieved for it, and every factual sentence should carry one. One function, so the statement
// checker (comparing each sentence with the documents it cites) can take its place.
import type { StatementCount } from '../../../shared/library.ts';
import type { AnswerSentence, Citation } from '../../../shared/wolfebot.ts';

/** A document the answer could cite, numbered as the prompt numbered it. */
export type AnswerDocument = Citation & { text: string };

export type CheckedAnswer = {
  /** The answer with invented citation markers removed. */
  text: string;
  /** The documents it cites, each once, in their numbers' order. */
  citations: Citation[];
  sentences: AnswerSentence[];
  statements: StatementCount;
};

const MARKER = /\s*\[(\d{1,3})\]/g;
/** A sentence: up to its end mark (or the line's end), with the citation markers that follow it. */
const SENTENCE = /[^.!?\n]+(?:[.!?]+(?=\s|$|\[)|$|(?=\n))(?:\s*\[\d{1,3}\])*/gm;

/**
 * Not a factual statement: a question, or the assistant speaking of itself or to the user ("I could
 * not find…", "You may want to…"), which has no source to cite.
 */
const notFactual = (sentence: string) => /\?\s*$/.test(sentence) || /^(?:I|I'm|I’m|I've|You|Let me|Would you|Do you)\b/.test(sentence);

export function checkAnswer(documents: AnswerDocument[], text: string): CheckedAnswer {
  const known = new Map(documents.map((d) => [d.n, d]));
  // Markers pointing nowhere are removed from the text itself: the page must not show a [9] without a source.
  const cleaned = text.replace(MARKER, (marker, n: string) => (known.has(Number(n)) ? marker : '')).trim();
  const sentences: AnswerSentence[] = [];
  for (const match of cleaned.match(SENTENCE) ?? []) {
    const sentence = match.trim();
    if (!/[\p{L}\p{N}]/u.test(sentence)) continue;
    const cites = [...new Set([...sentence.matchAll(MARKER)].map((m) => Number(m[1])))];
    const words = sentence.replace(MARKER, '').trim();
    const verdict = cites.length > 0 ? 'cited' : notFactual(words) ? 'not_factual' : 'uncited';
    sentences.push({ text: sentence, cites, verdict });
  }
  const cited = new Set(sentences.flatMap((s) => s.cites));
  const citations = [...cited]
    .sort((a, b) => a - b)
    .map((n) => {
      const { text: _text, ...citation } = known.get(n)!;
      return citation;
    });
  const factual = sentences.filter((s) => s.verdict !== 'not_factual');
  return {
    text: cleaned,
    citations,
    sentences,
    statements: {
      sourced: factual.filter((s) => s.verdict === 'cited' || s.verdict === 'supported').length,
      total: factual.length,
      dropped: 0,
    },
  };
}
