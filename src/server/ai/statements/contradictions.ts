// Contradictions: a word the sentence states that its passage states negated, or only in the opposite direction.

import { ANCHOR_REACH, MAX_POLARITY_WORDS, NEGATION_SCOPE, POLARITY_REACH } from './bounds.ts';
import type { DocumentIndex, Indexed } from './document-index.ts';
import type { Stated } from './stated.ts';
import { isNegation, stem, type Token } from './tokens.ts';
import { OPPOSED, OPPOSITES, STOPWORDS } from './vocabulary.ts';

/**
 * The sentence's other words that its cited documents contradict, near what the sentence names
 * (POLARITY_REACH words around each of its names, numbers, dates and quotes):
 * - negated: a word the sentence states plainly that the document there only states negated ("is
 *   opening new stores" where it says "is not opening"). The other way round ("no longer able to
 *   access" for "excluding … from access") is how summaries paraphrase, and is not judged.
 * - opposed: a word of one direction (rose, won, accepted, opened, more) where the document there
 *   has only the opposite one (fell, lost, resisted, closed, fewer) next to a word the sentence
 *   also has next to its own ("relations had worsened" where it says "relations had improved").
 * A word the document does not use near them is not judged: that is paraphrase, not contradiction.
 */
export function contradictions(sentence: Stated, docs: DocumentIndex[], spans: [number, number][][]): string[] {
  const { tokens, taken } = sentence;
  const regions = spans.map((list) => {
    const merged: [number, number][] = [];
    for (const [a, b] of [...list].sort((x, y) => x[0] - y[0])) {
      const last = merged.at(-1);
      if (last && a - POLARITY_REACH <= last[1] + 1) last[1] = Math.max(last[1], b + POLARITY_REACH);
      else merged.push([a - POLARITY_REACH, b + POLARITY_REACH]);
    }
    return merged;
  });
  const inRegion = (d: number, q: number) => {
    const list = regions[d]!;
    let [a, b] = [0, list.length];
    while (a < b) {
      const mid = (a + b) >> 1;
      if (list[mid]![1] < q) a = mid + 1;
      else b = mid;
    }
    return a < list.length && list[a]![0] <= q;
  };
  /** Where the cited documents use these words (by stem and, when given, exactly), near what the sentence names. */
  const uses = (stems: Iterable<string>, exactly?: Set<string>): { doc: Indexed; q: number }[] => {
    const found: { doc: Indexed; q: number }[] = [];
    docs.forEach((doc, d) => {
      for (const key of stems) {
        for (const q of doc.body.stems.get(key) ?? []) {
          if (inRegion(d, q) && (!exactly || exactly.has(doc.body.tokens[q]!.norm))) found.push({ doc: doc.body, q });
        }
      }
    });
    return found;
  };
  const negatedAt = (k: number) => tokens.slice(Math.max(0, k - NEGATION_SCOPE), k).some(isNegation);
  // A capitalised word is a name, except the sentence's first ("Revenue fell 8%": revenue is what fell).
  const content = (token: Token, at: number) =>
    token.norm.length >= 4 && (!token.cap || at === 0) && !STOPWORDS.has(token.norm) && !isNegation(token) && !/\d/.test(token.norm);
  const found: string[] = [];
  tokens.slice(0, MAX_POLARITY_WORDS).forEach((token, k) => {
    if (taken.has(k) || token.cap || negatedAt(k) || /\d/.test(token.norm)) return;
    const word = token.norm;
    // What the word is said of: the sentence's words next to it. The document's uses count only
    // next to one of them ("not opening any new stores" for "opening new stores", not "open a plant").
    const from = Math.max(0, k - ANCHOR_REACH);
    const anchors = new Set(
      tokens
        .slice(from, k + ANCHOR_REACH + 1)
        .filter((t, i) => t !== token && content(t, from + i) && !OPPOSED.has(t.norm))
        .map((t) => stem(t.norm)),
    );
    /** The document's uses next to one of those words, each with how many of them it stands next to. */
    const anchored = (stems: Iterable<string>, exactly?: Set<string>) =>
      uses(stems, exactly)
        .map((use) => {
          const near = new Set<string>();
          for (let j = Math.max(0, use.q - ANCHOR_REACH); j <= use.q + ANCHOR_REACH && j < use.doc.tokens.length; j++) {
            const key = stem(use.doc.tokens[j]!.norm);
            if (j !== use.q && anchors.has(key)) near.add(key);
          }
          return { ...use, anchors: near.size };
        })
        .filter((use) => use.anchors > 0);
    if (content(token, k)) {
      const used = anchored([stem(word)]);
      if (used.length && used.every(({ doc, q }) => doc.negated[q] === 1)) {
        found.push(`${token.raw} (the source: not ${used[0]!.doc.tokens[used[0]!.q]!.raw})`);
        return;
      }
    }
    const pair = OPPOSITES.find(([a, b]) => a.has(word) || b.has(word));
    if (!pair) return;
    const [same, opposite] = pair[0].has(word) ? pair : [pair[1], pair[0]];
    const plainly = (set: Set<string>) => anchored(new Set([...set].map(stem)), set).filter(({ doc, q }) => doc.negated[q] === 0);
    // Both directions may be used near: the use next to more of the sentence's words is what the
    // source says of the same thing ("closed fewer coal-fired plants" over "nearby plants that
    // generate far more electricity").
    const most = (uses: { anchors: number }[]) => Math.max(0, ...uses.map((use) => use.anchors));
    const against = plainly(opposite).sort((a, b) => b.anchors - a.anchors);
    if (against.length && most(against) > most(plainly(same))) {
      found.push(`${token.raw} (the source: ${against[0]!.doc.tokens[against[0]!.q]!.raw})`);
    }
  });
  return found;
}
