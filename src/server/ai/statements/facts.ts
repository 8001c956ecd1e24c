// Numbers and dates, read the same way from a sentence and from a document.

import type { Token } from './tokens.ts';
import { ATTACHED_SCALES, CARDINALS, CURRENCY_WORDS, FRACTIONS, MONTHS, ORDINALS, SCALES, WEEKDAYS } from './vocabulary.ts';

export type Fact = {
  /** What a sentence's fact must meet in a document. */
  key: string;
  /** More keys a document's fact answers to: "August 1, 2017" is also August, August 2017 and 2017. */
  also: string[];
  kind: string;
  from: number;
  to: number;
  /** Too common to prove anything ("one", "first"). */
  weak?: boolean;
};

export const canonical = (value: number) => String(Number(value.toPrecision(12)));
export const isYear = (token: Token | undefined) => !!token && /^(1[89]\d\d|20\d\d|2100)$/.test(token.norm);

export function numericValue(norm: string): number | null {
  if (!/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(norm)) return null;
  const value = Number(norm.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

export function dayOf(token: Token | undefined): number | null {
  const match = token?.norm.match(/^(\d{1,2})(?:st|nd|rd|th)?$/);
  const day = match ? Number(match[1]) : null;
  return day && day >= 1 && day <= 31 ? day : null;
}

export function monthOf(token: Token | undefined, next: Token | undefined): number | null {
  if (!token?.cap) return null;
  const month = MONTHS.get(token.norm);
  if (!month) return null;
  // "May" and "March" are also words: a sentence's first word is a month only before a day or year.
  if ((token.norm === 'may' || token.norm === 'march') && token.initial && !/^\d/.test(next?.norm ?? '')) return null;
  return month;
}

export const fullYear = (two: string) => 2000 + Number(two);

/** The currency written before the token's digits: "$", "US$", "€", "£", "¥", or "USD 5". */
export function currencyBefore(text: string, token: Token, prev: Token | undefined): string | null {
  const before = text.slice(Math.max(0, token.start - 2), token.start);
  if (/\$\s?$/.test(before)) return 'usd';
  if (/€\s?$/.test(before)) return 'eur';
  if (/£\s?$/.test(before)) return 'gbp';
  if (/[¥￥]\s?$/.test(before)) return 'jpy';
  if (prev && token.adjacent && !token.hyphen && CURRENCY_WORDS.has(prev.norm) && prev.raw === prev.raw.toUpperCase()) {
    return CURRENCY_WORDS.get(prev.norm)!;
  }
  return null;
}

/**
 * The numbers and dates of a text, with the tokens they span. The same reading for a sentence and a
 * document, so "$4.8bn" in one meets "4.8 billion dollars" in the other.
 */
export function readFacts(text: string, tokens: Token[]): Fact[] {
  const facts: Fact[] = [];
  let i = 0;
  while (i < tokens.length) {
    const next = readFactAt(text, tokens, i, facts);
    i = next > i ? next : i + 1;
  }
  return facts;
}

/** Reads the fact starting at token i into `facts`; returns the index after it (i when none). */
export function readFactAt(text: string, tokens: Token[], i: number, facts: Fact[]): number {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  const after = tokens[i + 2];
  const norm = t.norm;
  // Most words are no number or date: out at once.
  const digit = norm.charCodeAt(0) >= 48 && norm.charCodeAt(0) <= 57;
  if (!digit && !FACT_WORDS.has(norm) && !/^(?:q[1-4]|h[12]|fy\d)/.test(norm) && !(norm === 'a' && next && FRACTIONS.has(next.norm)))
    return i;
  const add = (key: string, kind: string, to: number, also: string[] = [], weak = false) =>
    facts.push({ key, also, kind, from: i, to, ...(weak ? { weak } : {}) });

  // ISO dates: 2026-11-20.
  if (isYear(t) && next?.hyphen && after?.hyphen && /^\d{2}$/.test(next.norm) && /^\d{2}$/.test(after.norm)) {
    const [month, day] = [Number(next.norm), Number(after.norm)];
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) {
      add(`d:${month}-${day}`, 'date', i + 2, [`m:${month}`]);
      add(`y:${month}-${norm}`, 'date', i + 2, [`n:${norm}`]);
      return i + 3;
    }
  }

  // Months, with a day and a year: "February 9", "Feb. 9, 2016", "August 2017"; "9 February".
  const month = monthOf(t, next);
  if (month) {
    let j = i;
    const day = next && /^\s*\.?\s*$/.test(text.slice(t.end, next.start)) ? dayOf(next) : null;
    if (day && !(after && SCALES.has(after.norm))) {
      add(`d:${month}-${day}`, 'date', i + 1, [`m:${month}`]);
      j = i + 1;
    }
    const year = tokens[j + 1];
    if (isYear(year) && /^\s*[.,]?\s*$/.test(text.slice(tokens[j]!.end, year!.start))) {
      add(`y:${month}-${year!.norm}`, 'date', j + 1, [`m:${month}`, `n:${year!.norm}`]);
      return j + 2;
    }
    if (j === i) add(`m:${month}`, 'date', i);
    return j + 1;
  }
  const dayFirst = dayOf(t);
  if (dayFirst && next && !next.hyphen) {
    const of = next.norm === 'of';
    const m = of ? monthOf(after, tokens[i + 3]) : monthOf(next, after);
    if (m) {
      const j = of ? i + 2 : i + 1;
      add(`d:${m}-${dayFirst}`, 'date', j, [`m:${m}`]);
      const year = tokens[j + 1];
      if (isYear(year) && /^\s*,?\s*$/.test(text.slice(tokens[j]!.end, year!.start))) {
        add(`y:${m}-${year!.norm}`, 'date', j + 1, [`n:${year!.norm}`]);
        return j + 2;
      }
      return j + 1;
    }
  }

  // Weekdays.
  const weekday = t.cap ? WEEKDAYS.get(norm) : undefined;
  if (weekday !== undefined) {
    add(`w:${weekday}`, 'date', i);
    return i + 1;
  }

  // Quarters and halves: Q3, 3Q, 3Q26, Q3 2026, "third quarter", "third-quarter"; H1, 1H, "first half".
  let match = norm.match(/^q([1-4])(\d{2}|\d{4})?$/) ?? norm.match(/^([1-4])q(\d{2}|\d{4})?$/);
  if (match) {
    add(`q:${match[1]}`, 'date', i);
    if (match[2]) add(`n:${match[2].length === 2 ? fullYear(match[2]) : Number(match[2])}`, 'plain', i);
    return i + 1;
  }
  match = norm.match(/^h([12])$/) ?? norm.match(/^([12])h$/);
  if (match) {
    add(`h:${match[1]}`, 'date', i);
    return i + 1;
  }
  const ordinal = ORDINALS.get(norm);
  if (ordinal && ordinal <= 4 && next?.adjacent && (next.norm === 'quarter' || next.norm === 'quarters')) {
    add(`q:${ordinal}`, 'date', i + 1);
    return i + 2;
  }
  if (ordinal && ordinal <= 2 && next?.adjacent && next.norm === 'half') {
    add(`h:${ordinal}`, 'date', i + 1);
    return i + 2;
  }
  // Fiscal years: FY2026, FY26.
  match = norm.match(/^fy(\d{2}|\d{4})$/);
  if (match) {
    add(`n:${match[1]!.length === 2 ? fullYear(match[1]!) : Number(match[1])}`, 'plain', i);
    return i + 1;
  }
  // Decades: 1970s, mid-2000s.
  match = norm.match(/^(\d{3}0)s$/);
  if (match) {
    add(`c:${match[1]}`, 'date', i);
    return i + 1;
  }

  // Fractions: half, "a third", "two-thirds", "three quarters" (a quarter of a year is a date above).
  if (norm === 'half' || norm === 'halves') {
    add('n:0.5', 'fraction', i);
    return i + 1;
  }
  const cardinal = CARDINALS.get(norm);
  const denominator = next ? FRACTIONS.get(next.norm) : undefined;
  if (denominator && next?.adjacent && (norm === 'a' || (cardinal && cardinal < denominator))) {
    // "two-thirds", "two thirds", "a third of": a fraction; "a third option", "a quarter" (of a year): not.
    if (next.hyphen || next.norm.endsWith('s') || after?.norm === 'of') {
      add(`n:${canonical((cardinal ?? 1) / denominator)}`, 'fraction', i + 1);
      return i + 2;
    }
  }

  // Ordinals: "second", "21st". "first" proves nothing ("First, …", "the first to …").
  if (ordinal) {
    add(`n:${ordinal}`, 'ordinal', i, [], ordinal === 1);
    return i + 1;
  }
  match = norm.match(/^(\d+)(?:st|nd|rd|th)$/);
  if (match) {
    add(`n:${Number(match[1])}`, 'ordinal', i);
    return i + 1;
  }

  // Amounts: digits or number words, a scale, a currency, a percent.
  let value: number | null = null;
  let j = i;
  match = norm.match(/^(\d[\d,]*(?:\.\d+)?)([a-z]+)?$/);
  if (match) {
    value = numericValue(match[1]!);
    if (value === null) return i;
    if (match[2]) {
      const attached = ATTACHED_SCALES.get(match[2]);
      if (!attached) return i; // "1010data" is a name
      value *= attached;
    }
  } else if (cardinal !== undefined) {
    value = cardinal;
    // "twenty-five", "twenty five".
    const unit = next ? CARDINALS.get(next.norm) : undefined;
    if (cardinal >= 20 && cardinal % 10 === 0 && unit !== undefined && unit < 10 && next?.adjacent) {
      value += unit;
      j = i + 1;
    }
  } else {
    return i;
  }
  // Scales: "two hundred", "4.8 billion", "18 million".
  while (tokens[j + 1]?.adjacent && !tokens[j + 1]!.hyphen && SCALES.has(tokens[j + 1]!.norm)) {
    value *= SCALES.get(tokens[j + 1]!.norm)!;
    j += 1;
  }
  let kind = currencyBefore(text, t, tokens[i - 1]) ?? 'plain';
  const following = tokens[j + 1];
  if (/^\s?%/.test(text.slice(tokens[j]!.end, tokens[j]!.end + 2))) kind = 'pct';
  else if (following && (following.norm === 'percent' || following.norm === 'pct')) {
    kind = 'pct';
    j += 1;
  } else if (following?.norm === 'per' && tokens[j + 2]?.norm === 'cent') {
    kind = 'pct';
    j += 2;
  } else if (following?.norm === 'percentage' && /^points?$/.test(tokens[j + 2]?.norm ?? '')) {
    kind = 'pp';
    j += 2;
  } else if (following && kind === 'plain' && CURRENCY_WORDS.has(following.norm) && following.raw !== following.raw.toUpperCase()) {
    kind = CURRENCY_WORDS.get(following.norm)!;
    j += 1;
  }
  add(`n:${canonical(value)}`, kind, j, [], norm === 'one' && j === i);
  return j + 1;
}

/** Words that may begin a number or a date. */
export const FACT_WORDS = new Set([...MONTHS.keys(), ...WEEKDAYS.keys(), ...CARDINALS.keys(), ...ORDINALS.keys(), 'half', 'halves']);

/** A bare number in a sentence matches any kind in the document; "$5" needs dollars, "5%" a percent. */
export const compatible = (sentenceKind: string, documentKind: string) =>
  sentenceKind === documentKind ||
  sentenceKind === 'plain' ||
  sentenceKind === 'date' ||
  (sentenceKind === 'ordinal' && documentKind === 'plain');

/**
 * Whether a fact is an amount said of something ("$144 million", "40 percent", "20 Christians"):
 * not a date, a year, an ordinal or a word too common to prove anything.
 */
export function isFigure(fact: Fact, tokens: Token[]): boolean {
  if (fact.weak || fact.kind === 'date' || fact.kind === 'ordinal') return false;
  return !(fact.kind === 'plain' && fact.from === fact.to && isYear(tokens[fact.from]));
}

/** A fact as the text writes it, with its currency sign and percent sign: "US$4.8bn", "12%". */
export function factLabel(text: string, tokens: Token[], fact: Fact): string {
  const from = tokens[fact.from]!;
  const to = tokens[fact.to]!;
  const currency = text.slice(Math.max(0, from.start - 3), from.start).match(/(?:[A-Z]{1,2})?[$€£¥]\s?$/)?.[0] ?? '';
  const percent = text[to.end] === '%' ? '%' : '';
  return `${currency}${text.slice(from.start, to.end)}${percent}`;
}
