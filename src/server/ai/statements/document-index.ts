// The cited documents indexed for the check: words, stems, negation, facts, quote text; where a name stands.

import { MAX_DOCUMENT_CHARS, MAX_DOCUMENTS, MAX_OCCURRENCES, MAX_TOTAL_DOCUMENT_CHARS, NAME_GAP, NEGATION_SCOPE } from './bounds.ts';
import { factLabel, isFigure, readFacts } from './facts.ts';
import { type QuoteForm, quoteForm } from './quotes.ts';
import type { StatementDocument } from './shapes.ts';
import { bases, isNegation, singular, stem, type Token, tokenise, typography } from './tokens.ts';

export type Indexed = {
  tokens: Token[];
  /** Each base of each word's singular → positions (bases() and singular()). */
  words: Map<string, number[]>;
  /** stem → positions, for comparing negation. */
  stems: Map<string, number[]>;
  /** Positions within a negation's reach. */
  negated: Uint8Array;
  facts: Map<string, { kind: string; position: number }[]>;
  /** The amounts of the text (isFigure) as written, by sentence: what figures.ts compares a sentence's figures with. */
  figures: Map<number, { key: string; kind: string; label: string }[]>;
  quote: QuoteForm;
  starts: number[];
};

export type DocumentIndex = { id: number; body: Indexed; meta: Indexed };

export function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function index(text: string, tokens = tokenise(text)): Indexed {
  const wordIndex = new Map<string, number[]>();
  const stems = new Map<string, number[]>();
  const negated = new Uint8Array(tokens.length);
  const keysOf = new Map<string, { bases: string[]; stem: string }>();
  tokens.forEach((token, position) => {
    let keys = keysOf.get(token.norm);
    if (!keys) {
      keys = { bases: [...new Set(bases(singular(token.norm)))], stem: stem(token.norm) };
      keysOf.set(token.norm, keys);
    }
    for (const base of keys.bases) push(wordIndex, base, position);
    push(stems, keys.stem, position);
    if (isNegation(token)) {
      for (let k = position + 1; k <= position + NEGATION_SCOPE && k < tokens.length && tokens[k]!.sentence === token.sentence; k++) {
        negated[k] = 1;
      }
    }
  });
  const facts = new Map<string, { kind: string; position: number }[]>();
  const figures: Indexed['figures'] = new Map();
  for (const fact of readFacts(text, tokens)) {
    for (const key of [fact.key, ...fact.also]) push(facts, key, { kind: key === fact.key ? fact.kind : 'plain', position: fact.from });
    if (isFigure(fact, tokens))
      push(figures, tokens[fact.from]!.sentence, { key: fact.key, kind: fact.kind, label: factLabel(text, tokens, fact) });
  }
  return { tokens, words: wordIndex, stems, negated, facts, figures, quote: quoteForm(text), starts: tokens.map((t) => t.start) };
}

/**
 * The document's title, publisher and date: what the model was shown with it. Of the date, only the
 * whole of it counts ("reported on November 20, 2026"): its weekday, month or year alone would vouch
 * for any event said to fall on that Thursday, in that month or year.
 */
export function indexMeta(doc: StatementDocument): Indexed {
  const meta = index(typography([doc.title ?? '', doc.publisher ?? ''].filter(Boolean).join('\n')));
  const date = doc.publishedAt?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  const [y, m, d] = date ? [Number(date[1]), Number(date[2]), Number(date[3])] : [0, 0, 0];
  if (m >= 1 && m <= 12 && d >= 1 && d <= 31) {
    for (const key of [`d:${m}-${d}`, `y:${m}-${y}`]) push(meta.facts, key, { kind: 'date', position: 0 });
  }
  return meta;
}

/** How often the documents write a word in lower case, and capitalised within a sentence. */
export type Vocabulary = { lower: Map<string, number>; proper: Map<string, number> };

/**
 * The cited documents, indexed; every document's words counted for the vocabulary. Documents past
 * MAX_DOCUMENTS, text past MAX_DOCUMENT_CHARS and past MAX_TOTAL_DOCUMENT_CHARS are not read.
 */
export function indexDocuments(
  docs: StatementDocument[],
  cited: Set<number>,
): { byId: Map<number, DocumentIndex>; vocabulary: Vocabulary } {
  const byId = new Map<number, DocumentIndex>();
  const seen = new Set<number>();
  const vocabulary: Vocabulary = { lower: new Map(), proper: new Map() };
  let budget = MAX_TOTAL_DOCUMENT_CHARS;
  for (const doc of docs.slice(0, MAX_DOCUMENTS)) {
    if (seen.has(doc.id) || budget <= 0) continue;
    seen.add(doc.id);
    const text = typography(doc.text.slice(0, Math.min(MAX_DOCUMENT_CHARS, budget)));
    budget -= text.length;
    const tokens = tokenise(text);
    if (cited.has(doc.id)) byId.set(doc.id, { id: doc.id, body: index(text, tokens), meta: indexMeta(doc) });
    for (const token of tokens) {
      if (token.shouting) continue;
      const word = singular(token.norm);
      if (!token.cap) vocabulary.lower.set(word, (vocabulary.lower.get(word) ?? 0) + 1);
      else if (!token.initial) vocabulary.proper.set(word, (vocabulary.proper.get(word) ?? 0) + 1);
    }
  }
  return { byId, vocabulary };
}

/** The first MAX_OCCURRENCES positions of a name's word (any of its bases) in the document, in order. */
export function positionsOf(doc: Indexed, word: string): number[] {
  return merged(bases(singular(word)).map((base) => doc.words.get(base) ?? []));
}

/** Sorted lists merged into one, without repeats, cut at MAX_OCCURRENCES. */
export function merged(lists: number[][]): number[] {
  const nonEmpty = lists.filter((list) => list.length);
  if (nonEmpty.length <= 1) return (nonEmpty[0] ?? []).slice(0, MAX_OCCURRENCES);
  const out: number[] = [];
  const at = nonEmpty.map(() => 0);
  while (out.length < MAX_OCCURRENCES) {
    let next = -1;
    nonEmpty.forEach((list, k) => {
      const value = list[at[k]!];
      if (value !== undefined && (next < 0 || value < nonEmpty[next]![at[next]!]!)) next = k;
    });
    if (next < 0) break;
    const value = nonEmpty[next]![at[next]!++]!;
    if (out.at(-1) !== value) out.push(value);
  }
  return out;
}

/** Where all of a name's words stand within a few words of each other, in one sentence of the document. */
export function positionsOfName(doc: Indexed, nameWords: string[]): number[] {
  const lists = nameWords.map((word) => positionsOf(doc, word));
  if (lists.some((list) => list.length === 0)) return [];
  if (lists.length === 1) return lists[0]!.slice(0, MAX_OCCURRENCES);
  const span = nameWords.length + NAME_GAP;
  const rarest = lists.reduce((a, b) => (b.length < a.length ? b : a));
  const found: number[] = [];
  for (const p of rarest.slice(0, MAX_OCCURRENCES)) {
    const sentence = doc.tokens[p]!.sentence;
    if (lists.every((list) => list === rarest || nearIn(list, p - span, p + span, (q) => doc.tokens[q]!.sentence === sentence))) {
      found.push(p);
    }
  }
  return found;
}

/** Whether the sorted list has a value in [lo, hi] that passes the test. */
export function nearIn(list: number[], lo: number, hi: number, test: (q: number) => boolean): boolean {
  let a = 0;
  let b = list.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (list[mid]! < lo) a = mid + 1;
    else b = mid;
  }
  for (let k = a; k < list.length && list[k]! <= hi; k++) if (test(list[k]!)) return true;
  return false;
}

export function tokenAt(doc: Indexed, offset: number): number {
  let a = 0;
  let b = doc.starts.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (doc.starts[mid]! <= offset) a = mid + 1;
    else b = mid;
  }
  return Math.max(0, a - 1);
}
