// Figures given to the wrong thing ("swap"): "The naked no-vote termination fee is $144 million"
// where the source says "a $144 million breakup fee" and "a naked no-vote termination fee of $15
// million". Every name and number of such a sentence is in its source, in one passage; what is wrong
// is which figure goes with which words.
//
// A figure is said together with the sentence's words nearest to it (those nearer to another of its
// figures go with that one; a name of several words is one term). In the cited documents, each
// sentence holding a figure of the same kind (with the sentence before it, where its pronouns' names
// are) is compared by how many of those terms it shares. When a sentence giving another figure, one
// the sentence does not state, shares more of them than any sentence giving the stated figure, and
// FIGURE_DISTINCT of them are found with the stated figure nowhere, the source gives those words
// that other figure.
// Only sentences are compared, not clauses: "$10 per short ton, compared with about $45 for
// Central Appalachia coal" holds both figures and decides nothing.

import { FIGURE_DISTINCT, FIGURE_WORDS } from './bounds.ts';
import { type DocumentIndex, type Indexed, merged, positionsOf } from './document-index.ts';
import { compatible } from './facts.ts';
import type { Stated } from './stated.ts';
import { isNegation, stem, type Token } from './tokens.ts';
import { STOPWORDS } from './vocabulary.ts';

/** A word the sentence says a figure with: its content words, names too; not numbers, dates or function words. */
const isContentWord = (token: Token) =>
  token.norm.length >= 3 && !STOPWORDS.has(token.norm) && !isNegation(token) && !/\d/.test(token.norm);

/** A content word of the sentence, or a name of several words taken as one ("Air Force"). */
type Term = { tokens: Token[]; at: number };

/** The sentence's content words, the capitalised words of a name joined into one term. */
function termsOf(tokens: Token[], taken: Set<number>): Term[] {
  const terms: Term[] = [];
  tokens.slice(0, FIGURE_WORDS).forEach((token, k) => {
    if (taken.has(k) || !isContentWord(token)) return;
    const last = terms.at(-1);
    const previous = tokens[k - 1]!;
    const joins =
      last && last.at + last.tokens.length === k && token.cap && previous.cap && token.adjacent && !token.hyphen && !previous.possessive;
    if (joins) last.tokens.push(token);
    else if (!terms.some((t) => t.tokens.length === 1 && t.tokens[0]!.norm === token.norm)) terms.push({ tokens: [token], at: k });
  });
  return terms;
}

/** The sentences of the document where a word (any of its forms) stands; its first MAX_OCCURRENCES places. */
function sentencesWithWord(doc: Indexed, token: Token): Set<number> {
  const places = merged([positionsOf(doc, token.norm), doc.stems.get(stem(token.norm)) ?? []]);
  return new Set(places.map((q) => doc.tokens[q]!.sentence));
}

/** The sentences of the document where all of a term's words stand. */
function sentencesWith(doc: Indexed, term: Term): Set<number> {
  const [first, ...rest] = term.tokens.map((token) => sentencesWithWord(doc, token));
  return new Set([...first!].filter((s) => rest.every((set) => set.has(s))));
}

/**
 * The sentence's figures that its cited documents give other words: "$144 million (the source
 * gives naked, vote, termination, fee $15 million)". A figure no document's text gives (only a title)
 * has no sentence to compare and is left as found.
 */
export function misattributed(sentence: Stated, docs: DocumentIndex[]): string[] {
  const { figures, tokens, taken } = sentence;
  if (!figures.length) return [];
  const stated = new Set(figures.map(({ fact }) => fact.key));
  // Each term goes with the figure nearest to it in the sentence (with both when as near).
  const distance = (term: Term, f: number) => {
    const { from, to } = figures[f]!.fact;
    const [a, b] = [term.at, term.at + term.tokens.length - 1];
    return b < from ? from - b : a > to ? a - to : 0;
  };
  const terms = termsOf(tokens, taken);
  const termsOfFigure = figures.map((_, f) =>
    terms.filter((term) => distance(term, f) === Math.min(...figures.map((_, g) => distance(term, g)))),
  );
  const found: string[] = [];
  figures.forEach(({ fact, label }, f) => {
    const said = termsOfFigure[f]!;
    if (said.length < FIGURE_DISTINCT) return;
    /** The most of the figure's terms one sentence giving it shares, and all those any such sentence shares. */
    let mostWithStated = 0;
    let givenInText = false;
    const withStated = new Set<number>();
    const others: { shared: number[]; label: string }[] = [];
    for (const { body } of docs) {
      const where = said.map((term) => sentencesWith(body, term));
      // A sentence's terms and its previous sentence's, where what its pronouns stand for is named
      // ("Trump said a contract with Boeing … He estimated the price to be $4 billion").
      const sharing = new Map<number, number[]>();
      where.forEach((sentences, w) => {
        for (const s of sentences) {
          for (const at of [s, s + 1]) {
            const list = sharing.get(at);
            if (!list) sharing.set(at, [w]);
            else if (list.at(-1) !== w) list.push(w);
          }
        }
      });
      const shares = (s: number) => sharing.get(s) ?? [];
      const givenAt = (body.facts.get(fact.key) ?? []).filter((entry) => compatible(fact.kind, entry.kind));
      const statedSentences = new Set(givenAt.map((entry) => body.tokens[entry.position]!.sentence));
      // Figures of the kind the document gives the stated one ("144 million" said where it writes "$144 million").
      const kinds = new Set(givenAt.map((entry) => entry.kind));
      if (fact.kind !== 'plain') kinds.add(fact.kind);
      for (const s of statedSentences) {
        givenInText = true;
        const shared = shares(s);
        mostWithStated = Math.max(mostWithStated, shared.length);
        for (const w of shared) withStated.add(w);
      }
      // Only sentences sharing enough terms can decide: those are looked at, not every figure of the document.
      for (const [s, shared] of sharing) {
        if (shared.length < FIGURE_DISTINCT || statedSentences.has(s)) continue;
        for (const other of body.figures.get(s) ?? []) {
          if (!stated.has(other.key) && kinds.has(other.kind)) others.push({ shared, label: other.label });
        }
      }
    }
    if (!givenInText) return;
    const wrong = others
      .filter((o) => o.shared.length > mostWithStated && o.shared.filter((w) => !withStated.has(w)).length >= FIGURE_DISTINCT)
      .sort((a, b) => b.shared.length - a.shared.length)[0];
    if (wrong) {
      const terms = wrong.shared.map((w) => said[w]!.tokens.map((t) => t.raw).join(' '));
      found.push(`${label} (the source gives ${terms.join(', ')} ${wrong.label})`);
    }
  });
  return found;
}
