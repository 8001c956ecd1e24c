// An answer's text cut into what the page renders, without React: the sentences with their
// verdicts (so the ones no cited source supports can be greyed), the text between them as it was
// (line breaks included), and each sentence's [n] markers apart from its words (so they become
// links to the sources under the answer). Everything stays text: nothing here is ever HTML.
import type { AnswerSentence, SentenceVerdict } from '../../../shared/wolfebot.ts';

/** A piece of text: words, or a citation marker [n]. */
export type TextPart = { text: string } | { cite: number };

export type AnswerSegment = {
  parts: TextPart[];
  /** The check's verdict of a sentence; null for the text between sentences (or a streaming answer). */
  verdict: SentenceVerdict | null;
};

/** Sentences the page greys out: a factual statement no cited source supports. */
export const isUnsupported = (verdict: SentenceVerdict | null) => verdict === 'unsupported' || verdict === 'uncited';

export const UNSUPPORTED_NOTE = 'Not supported by a cited source';

const MARKER = /\[(\d{1,3})\]/g;

/** `text` with each [n] apart from the words around it. */
export function splitMarkers(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MARKER)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ cite: Number(match[1]) });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * The answer as segments in text order. With the check's sentences, each sentence found in the text
 * (in order) is a segment with its verdict; a sentence that cannot be found is left as plain text
 * rather than guessed. Without them (an answer still streaming), the whole text is one segment.
 */
export function segmentAnswer(text: string, sentences: readonly AnswerSentence[] | undefined): AnswerSegment[] {
  const segments: AnswerSegment[] = [];
  const plain = (piece: string) => {
    if (piece) segments.push({ parts: splitMarkers(piece), verdict: null });
  };
  let cursor = 0;
  for (const sentence of sentences ?? []) {
    if (!sentence.text) continue;
    const at = text.indexOf(sentence.text, cursor);
    if (at < 0) continue;
    plain(text.slice(cursor, at));
    segments.push({ parts: splitMarkers(sentence.text), verdict: sentence.verdict });
    cursor = at + sentence.text.length;
  }
  plain(text.slice(cursor));
  return segments;
}

/** The text a LinkedIn draft starts from: the answer without its citation markers. */
export const withoutMarkers = (text: string) =>
  text
    .replace(/[ \t]*\[\d{1,3}\]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
