// Words as every comparison sees them: one typography, folded case and diacritics, plural, stem.

import { ABBREVIATIONS, NEGATIONS } from './vocabulary.ts';

/** One form of quote marks, apostrophes, dashes and spaces; invisible characters dropped. */
export function typography(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/["“”„‟«»〝〞＂]/g, '"')
    .replace(/['‘’‚‛`´ʼ′]/g, "'")
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/[^\S\n]/g, ' ');
}

export const ASCII_WORD = /^[A-Za-z0-9.']+$/;

export function foldWord(word: string): string {
  const folded = ASCII_WORD.test(word) ? word.toLowerCase() : word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  if (!folded.includes("'") && !folded.includes('.')) return folded;
  const bare = folded.replace(/'s$/, '').replace(/'/g, '');
  // "U.S." is "us"; "4.8" keeps its decimal point.
  return /^\d/.test(bare) ? bare : bare.replace(/\./g, '');
}

/** "Americans" = "American", "companies" = "company"; not "business" or "US". */
export function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** A place and its people: "Australia"/"Australian", "Taiwan"/"Taiwanese", "Kenya"/"Kenyan" share a base. */
export function bases(word: string): string[] {
  const found = [word];
  for (const suffix of ['ese', 'ian', 'an', 'n', 'a', 'i']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) found.push(word.slice(0, -suffix.length));
  }
  return found;
}

/** Enough of a word to meet its other forms: "opening", "opened", "opens" → "open". */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && /(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export const isNegation = (token: Token) => NEGATIONS.has(token.norm) || /n't$/i.test(token.raw);

// ---------------------------------------------------------------------------------------------
// Tokens

export type Token = {
  raw: string;
  norm: string;
  start: number;
  end: number;
  /** Capitalised (or "eBay"). */
  cap: boolean;
  /** All capitals and longer than an acronym: "THE NINE NETWORK POLITICAL EDITOR". */
  shouting: boolean;
  /** Capitalised for its place: first word of a sentence, after a colon, an opening quote or bracket. */
  initial: boolean;
  /** The sentence of the text it is in. */
  sentence: number;
  /** Joined to the previous token by a hyphen ("Attorney-General", "two-thirds"). */
  hyphen: boolean;
  /** Only spaces (or a hyphen) between the previous token and this one. */
  adjacent: boolean;
  /** Ends in a possessive ("Wyoming's", "states'"). */
  possessive: boolean;
};

export const TOKEN = /(?:\p{L}\.){2,}(?!\p{L})|[\p{L}\p{M}\p{N}]+(?:(?:(?<=\p{N})[.,](?=\p{N})|(?<=\p{L})'(?=\p{L}))[\p{L}\p{M}\p{N}]+)*/gu;

export const isUpper = (c: number) => (c >= 65 && c <= 90) || (c > 127 && String.fromCharCode(c) !== String.fromCharCode(c).toLowerCase());
export const isLower = (c: number) => (c >= 97 && c <= 122) || (c > 127 && String.fromCharCode(c) !== String.fromCharCode(c).toUpperCase());

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  const folded = new Map<string, string>();
  let sentence = 0;
  let prev: Token | undefined;
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    // What stands between this word and the last: usually one space.
    let marks = '';
    let newline = false;
    let opening = false;
    const from = prev ? prev.end : 0;
    const oneSpace = start === from + 1 && text.charCodeAt(from) === 32;
    for (let i = oneSpace ? start : from; i < start; i++) {
      const c = text[i]!;
      if (c === '\n') newline = true;
      else if (c !== ' ' && c !== '\t' && c !== '\r') {
        const quoteOrBracket = c === '"' || c === "'" || c === '(' || c === '[';
        if (quoteOrBracket && (i === 0 || /\s/.test(text[i - 1]!) || opening)) opening = true;
        else if (!quoteOrBracket) opening = false;
        marks += c;
      }
    }
    const core = marks.replace(/["'()[\]]+/g, '');
    const ends = !!prev && (newline || (/[.!?]$/.test(core) && !(core === '.' && isAbbreviation(prev))));
    if (ends) sentence += 1;
    let norm = folded.get(raw);
    if (norm === undefined) {
      norm = foldWord(raw);
      folded.set(raw, norm);
    }
    const first = raw.charCodeAt(0);
    let cap = isUpper(first);
    if (!cap) for (let i = 1; i < raw.length && !cap; i++) cap = isLower(raw.charCodeAt(i - 1)) && isUpper(raw.charCodeAt(i));
    const token: Token = {
      raw,
      norm,
      start,
      end,
      cap,
      shouting: cap && raw.length > 5 && raw === raw.toUpperCase() && raw !== raw.toLowerCase(),
      initial: !prev || ends || core.endsWith(':') || opening,
      sentence,
      hyphen: marks === '-' && !newline,
      adjacent: (marks === '' || marks === '-') && !newline,
      possessive:
        raw.endsWith("'s") ||
        raw.endsWith("'S") ||
        (text[end] === "'" && (raw.endsWith('s') || raw.endsWith('S')) && !/\p{L}/u.test(text[end + 1] ?? '')),
    };
    tokens.push(token);
    prev = token;
  }
  return tokens;
}

/** A token after which a full stop is not the end of a sentence. */
export function isAbbreviation(token: Token): boolean {
  return /^(?:\p{L}\.){2,}$/u.test(token.raw) || /^\p{Lu}$/u.test(token.raw) || ABBREVIATIONS.has(token.norm);
}
