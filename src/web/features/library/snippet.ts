// A search hit's snippet as the server sends it: plain text with HIGHLIGHT marks around each match
// (control characters, never HTML), split into the parts the page renders as text and <mark>.
import { HIGHLIGHT } from '../../../shared/library.ts';

export type SnippetPart = { text: string; marked: boolean };

/**
 * The snippet's text in order, each part marked or not. Marks that do not pair up (a start inside a
 * match, a stop outside one, a match the server cut off) never show as characters: an unclosed match
 * runs to the end, a stray stop is dropped. Adjacent parts of the same kind are merged, empty ones left out.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(new RegExp(`([${HIGHLIGHT.start}${HIGHLIGHT.stop}])`))) {
    if (piece === HIGHLIGHT.start) marked = true;
    else if (piece === HIGHLIGHT.stop) marked = false;
    else if (piece !== '') {
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += piece;
      else parts.push({ text: piece, marked });
    }
  }
  return parts;
}
