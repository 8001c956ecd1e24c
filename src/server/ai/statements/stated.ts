// What a sentence states: its names, numbers, dates and quotes, each with how to find it in a document.

import { siteName } from '../../sources/web/site.ts';
import { MAX_OCCURRENCES } from './bounds.ts';
import { type Indexed, merged, positionsOf, positionsOfName, tokenAt, type Vocabulary } from './document-index.ts';
import { compatible, type Fact, factLabel, isFigure, readFacts } from './facts.ts';
import { findQuotes, type Quote, quotePieces } from './quotes.ts';
import { singular, type Token, tokenise, typography } from './tokens.ts';
import {
  COMMON_STARTERS,
  GENERIC_ACRONYMS,
  HONORIFICS,
  IMPERATIVES,
  INSTRUCTION_VERBS,
  NAME_CONNECTORS,
  ROLES,
  STOPWORDS,
} from './vocabulary.ts';

export type Item = {
  label: string;
  find: (doc: Indexed) => number[];
  /** A person's name once found in full: where else the document calls them by one of their names ("Lam"). */
  shortForms?: (doc: Indexed) => number[];
};

export function quoteItem(quote: Quote): Item | null {
  const pieces = quotePieces(quote.inner);
  if (!pieces.length) return null;
  const [first, ...rest] = pieces as [string, ...string[]];
  return {
    label: `"${quote.inner.trim()}"`,
    find(doc) {
      const found: number[] = [];
      for (
        let from = doc.quote.text.indexOf(first);
        from >= 0 && found.length < MAX_OCCURRENCES;
        from = doc.quote.text.indexOf(first, from + 1)
      ) {
        let at = from + first.length;
        const inOrder = rest.every((piece) => {
          const k = doc.quote.text.indexOf(piece, at);
          if (k < 0) return false;
          at = k + piece.length;
          return true;
        });
        if (!inOrder) break;
        found.push(tokenAt(doc, doc.quote.source[from]!));
      }
      return found;
    },
  };
}

export function factItem(fact: Fact, label: string): Item {
  return {
    label,
    find: (doc) =>
      (doc.facts.get(fact.key) ?? [])
        .filter((entry) => compatible(fact.kind, entry.kind))
        .slice(0, MAX_OCCURRENCES)
        .map((entry) => entry.position),
  };
}

/** A web address: with its scheme or "www.", up to a space, a quote mark or a bracket, less the punctuation ending a sentence. */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s"'<>()[\]]*[^\s"'<>()[\].,;:!?]/gi;

/**
 * A web address is stated like a name: a cited document must have it (an answer pointing readers
 * to an address its sources do not give is not sourced). Its scheme and "www." do not matter.
 */
function addressItem(address: string): Item {
  const core = siteName(address.replace(/^https?:\/\//i, '')).replace(/\/$/, '');
  return {
    label: address,
    find(doc) {
      const found: number[] = [];
      for (
        let from = doc.quote.text.indexOf(core);
        from >= 0 && found.length < MAX_OCCURRENCES;
        from = doc.quote.text.indexOf(core, from + 1)
      ) {
        found.push(tokenAt(doc, doc.quote.source[from]!));
      }
      return found;
    },
  };
}

/** Whether the documents write the word capitalised within sentences more often than in lower case. */
function writtenAsName(token: Token, vocabulary: Vocabulary): boolean {
  const word = singular(token.norm);
  return (vocabulary.proper.get(word) ?? 0) > (vocabulary.lower.get(word) ?? 0);
}

/** Whether a sentence's first word (or a word after a colon or an opening quote) is a common word, not a name. */
export function commonAtStart(token: Token, vocabulary: Vocabulary): boolean {
  const word = singular(token.norm);
  if (STOPWORDS.has(token.norm) || IMPERATIVES.has(token.norm) || COMMON_STARTERS.has(token.norm) || COMMON_STARTERS.has(word)) {
    return true;
  }
  if (/\p{Ll}\p{Lu}|^\p{Lu}{2,}$/u.test(token.raw)) return false;
  const lower = vocabulary.lower.get(word) ?? 0;
  return lower > 0 && lower >= (vocabulary.proper.get(word) ?? 0);
}

export type Stated = {
  items: Item[];
  /** The sentence's words, its quotes blanked out (a quote is checked as a whole). */
  tokens: Token[];
  /** Tokens that are part of a number or a date. */
  taken: Set<number>;
  /** Its amounts (isFigure), for figures.ts. */
  figures: { fact: Fact; label: string }[];
};

/** What a sentence states, each with how to find it in a document. */
export function statedIn(sentence: string, vocabulary: Vocabulary): Stated {
  const text = typography(sentence);
  const addresses = [...text.matchAll(ADDRESS)].map((m) => ({ start: m.index, end: m.index + m[0].length, address: m[0] }));
  let masked = text;
  const mask = (start: number, end: number) => {
    masked = `${masked.slice(0, start)}${' '.repeat(end - start)}${masked.slice(end)}`;
  };
  for (const a of addresses) mask(a.start, a.end);
  const quotes = findQuotes(masked);
  const items: Item[] = [...quotes.flatMap((quote) => quoteItem(quote) ?? []), ...addresses.map((a) => addressItem(a.address))];
  // Names, numbers and dates outside quotes and addresses: those are checked as a whole.
  for (const q of quotes) mask(q.start, q.end);
  const tokens = tokenise(masked);
  const taken = new Set<number>();
  const figures: Stated['figures'] = [];
  for (const fact of readFacts(masked, tokens)) {
    for (let k = fact.from; k <= fact.to; k++) taken.add(k);
    if (fact.weak) continue;
    const label = factLabel(masked, tokens, fact);
    items.push(factItem(fact, label));
    if (isFigure(fact, tokens)) figures.push({ fact, label });
  }
  items.push(...namesIn(tokens, taken, text, vocabulary));
  return { items, tokens, taken, figures };
}

export function namesIn(tokens: Token[], taken: Set<number>, text: string, vocabulary: Vocabulary): Item[] {
  const items: Item[] = [];
  let run: Token[] = [];
  const flush = () => {
    // A name does not end on a connector or a role: "Bank of the year" names "Bank".
    while (run.length && !run.at(-1)!.cap && !/^\d/.test(run.at(-1)!.raw)) run.pop();
    const nameWords = run.map((t) => t.norm).filter((w) => !HONORIFICS.has(w) && !STOPWORDS.has(w) && !NAME_CONNECTORS.has(w));
    const onlyRoles = nameWords.every((w) => GENERIC_ACRONYMS.has(w) || ROLES.has(w));
    if (nameWords.length && !onlyRoles) {
      const [first, last] = [run[0]!, run.at(-1)!];
      const item: Item = { label: text.slice(first.start, last.end), find: (doc) => positionsOfName(doc, nameWords) };
      // Two or three capitalised words, nothing else: a person, whom articles name in full once.
      const person = run.length === nameWords.length && nameWords.length >= 2 && nameWords.length <= 3 && run.every((t) => t.cap);
      if (person && !nameWords.some((w) => ROLES.has(w) || GENERIC_ACRONYMS.has(w))) {
        const short = [nameWords[0]!, nameWords.at(-1)!];
        item.shortForms = (doc) => merged(short.map((w) => positionsOf(doc, w)));
      }
      items.push(item);
    }
    run = [];
  };
  const nameAt = (k: number) => {
    const token = tokens[k];
    if (!token || taken.has(k) || /^\d+$/.test(token.raw)) return false;
    // "US$", "HK$", "A$": a currency, part of the amount that follows.
    if (text[token.end] === '$' && /^\p{Lu}{1,2}$/u.test(token.raw)) return false;
    return token.cap || /^\d+\p{L}{2,}$/u.test(token.raw);
  };
  tokens.forEach((token, k) => {
    const next = tokens[k + 1];
    const continues = run.length > 0 && token.adjacent && !token.hyphen && !run.at(-1)!.possessive;
    if (nameAt(k)) {
      if (token.initial && !continues) {
        flush();
        const nextIsName = nameAt(k + 1) && next!.adjacent && !next!.hyphen && !token.possessive;
        if (STOPWORDS.has(token.norm) || IMPERATIVES.has(token.norm)) return;
        if (INSTRUCTION_VERBS.has(token.norm) && !writtenAsName(token, vocabulary)) return;
        if (commonAtStart(token, vocabulary) && !nextIsName) return;
        run.push(token);
        return;
      }
      if (!continues) flush();
      run.push(token);
      return;
    }
    if (token.hyphen && run.length && !taken.has(k)) {
      // "Tsai Ing-wen", "Mercer Island-based": the name is what came before the hyphen.
      flush();
      return;
    }
    const beforeName = nameAt(k + 1) && next!.adjacent && !next!.hyphen && !token.possessive;
    // A connector between two capitalised words stays in the run ("University of Wyoming").
    if (continues && NAME_CONNECTORS.has(token.norm) && beforeName) {
      run.push(token);
      return;
    }
    flush();
    // A role just before a name is part of what is said of that person ("leader Morgan Tsvangirai").
    if (ROLES.has(token.norm) && beforeName && !taken.has(k)) run.push(token);
  });
  flush();
  return items;
}
