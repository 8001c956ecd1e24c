// The check: each sentence against the documents it cites, its items found in one passage of them.

import type { Retrieved } from '../grounding.ts';
import {
  MAX_CITES,
  MAX_COVER_STEPS,
  MAX_DOCUMENT_ID,
  MAX_ITEMS,
  MAX_OCCURRENCES,
  MAX_PASSAGES,
  MAX_STATEMENT_CHARS,
  MAX_STATEMENTS,
  PASSAGE_WORDS,
} from './bounds.ts';
import { contradictions } from './contradictions.ts';
import { type DocumentIndex, indexDocuments } from './document-index.ts';
import { misattributed } from './figures.ts';
import type { CheckedStatement, CheckOptions, ParsedStatement, Statement, StatementCheck, StatementDocument } from './shapes.ts';
import { type Stated, statedIn } from './stated.ts';

/** The documents as the model saw them: numbered from `firstNumber` in order, as documentsBlock numbers them. */
export function numberedDocuments(documents: Retrieved[], firstNumber = 1): StatementDocument[] {
  return documents.map((doc, i) => ({
    id: i + firstNumber,
    text: doc.text,
    title: doc.title,
    publisher: doc.publisher,
    publishedAt: doc.publishedAt,
  }));
}

/**
 * Checks each sentence against the documents it cites. Sentences past MAX_STATEMENTS, or longer than
 * MAX_STATEMENT_CHARS, are not read and count as unsupported: nothing unchecked is shown as sourced.
 */
export function checkStatements(
  documents: StatementDocument[],
  statements: (Statement | ParsedStatement)[],
  options: CheckOptions = {},
): StatementCheck {
  const citesOf = (statement: Statement) => [
    ...new Set(statement.cites.filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_DOCUMENT_ID)),
  ];
  const cited = new Set(statements.slice(0, MAX_STATEMENTS).flatMap((statement) => citesOf(statement).slice(0, MAX_CITES)));
  const { byId, vocabulary } = indexDocuments(documents, cited);
  const checked = statements.map((statement, n): CheckedStatement => {
    const cites = citesOf(statement);
    const known = cites.filter((id) => byId.has(id)).slice(0, MAX_CITES);
    const base = { ...statement, stated: [], missing: [], apart: [], contradicted: [], unknownCites: cites.filter((id) => !byId.has(id)) };
    if (n >= MAX_STATEMENTS) return { ...base, verdict: 'unsupported', note: `not checked: more than ${MAX_STATEMENTS} statements` };
    if (statement.text.length > MAX_STATEMENT_CHARS) {
      return { ...base, verdict: 'unsupported', note: `not checked: longer than ${MAX_STATEMENT_CHARS} characters` };
    }
    // A question states nothing ("Want talking points for Acme?"): nothing to source.
    if (/\?["'”’)\]]*\s*$/.test(statement.text)) return { ...base, verdict: 'not_factual' };
    const sentence = statedIn(statement.text, vocabulary);
    const stated = sentence.items.map((item) => item.label);
    if (!stated.length) return { ...base, verdict: 'not_factual' };
    if (!known.length) return { ...base, stated, verdict: 'uncited' };
    if (stated.length > MAX_ITEMS) return { ...base, stated, verdict: 'unsupported', note: `not checked: more than ${MAX_ITEMS} facts` };
    const found = locate(
      sentence,
      known.map((id) => byId.get(id)!),
    );
    const fails = found.missing.length + found.apart.length + found.contradicted.length;
    return { ...base, stated, ...found, verdict: fails ? 'unsupported' : 'supported' };
  });
  const total = checked.filter((s) => s.verdict !== 'not_factual').length;
  const sourced = checked.filter((s) => s.verdict === 'supported').length;
  const dropped = options.failing === 'show' ? 0 : total - sourced;
  return { statements: checked, count: { sourced, total, dropped }, noEvidence: sourced === 0 && total > 0 };
}

/**
 * Where a sentence's items are in its cited documents. Each item must be in one of them, in its text
 * or else its title, publisher or date (else missing); those in a text must fall in one passage of
 * PASSAGE_WORDS words, one passage per cited document (else apart). Then negation and direction are
 * compared, and which figure the source gives the words each figure is said with.
 */
export function locate(sentence: Stated, docs: DocumentIndex[]): { missing: string[]; apart: string[]; contradicted: string[] } {
  const { items } = sentence;
  const missing: string[] = [];
  const placed: { item: number; positions: number[][] }[] = [];
  const everywhere: [number, number][][] = docs.map(() => []);
  items.forEach((item, k) => {
    const positions = docs.map((doc) => {
      const full = item.find(doc.body);
      return item.shortForms && (full.length || item.find(doc.meta).length) ? item.shortForms(doc.body) : full;
    });
    positions.forEach((list, d) => {
      for (const p of list) everywhere[d]!.push([p, p]);
    });
    // The title, publisher and date count only for what the text does not have (the date, mostly):
    // what the text has must be found with the rest of the sentence.
    if (positions.some((p) => p.length > 0)) placed.push({ item: k, positions });
    else if (!docs.some((doc) => item.find(doc.meta).length > 0)) missing.push(item.label);
  });
  if (missing.length) return { missing, apart: [], contradicted: [] };
  const { uncovered, passages } = cover(placed, docs.length);
  const apart = uncovered.map((k) => items[placed[k]!.item]!.label);
  if (apart.length) return { missing, apart, contradicted: [] };
  // Compared where the sentence was found; when all of it is in the titles, wherever it is in the text.
  const where = placed.length ? passages : everywhere;
  return { missing, apart, contradicted: [...contradictions(sentence, docs, where), ...misattributed(sentence, docs)] };
}

/**
 * Which items (indexes into `placed`) cannot be held by one passage of PASSAGE_WORDS words per
 * cited document, and the passages that hold the others. The passages of each document (two
 * pointers over the items' positions; those another passage contains are dropped) are combined, one
 * or none per document, to hold them all, or as many as can be. Bitmasks: a sentence states at most
 * MAX_ITEMS (30), and a bit per item fits.
 */
export function cover(placed: { positions: number[][] }[], docs: number): { uncovered: number[]; passages: [number, number][][] } {
  const all = placed.length;
  const full = (1 << all) - 1;
  /** Per document: each passage's items (mask) and where it stands (first and last position). */
  const options: Map<number, [number, number][]>[] = [];
  for (let d = 0; d < docs; d++) {
    const events = placed.flatMap((p, k) => p.positions[d]!.map((position) => ({ k, position }))).sort((a, b) => a.position - b.position);
    const counts = new Array<number>(all).fill(0);
    const masks = new Map<number, [number, number][]>();
    let mask = 0;
    let lo = 0;
    for (const e of events) {
      if (counts[e.k]!++ === 0) mask |= 1 << e.k;
      while (e.position - events[lo]!.position > PASSAGE_WORDS) {
        const gone = events[lo++]!.k;
        if (--counts[gone]! === 0) mask &= ~(1 << gone);
      }
      const spans = masks.get(mask) ?? [];
      if (spans.length < MAX_OCCURRENCES) spans.push([events[lo]!.position, e.position]);
      masks.set(mask, spans);
    }
    const list = [...masks.keys()].sort((a, b) => popcount(b) - popcount(a)).slice(0, MAX_PASSAGES);
    const kept = list.filter((m) => !list.some((other) => other !== m && (other & m) === m));
    options.push(new Map(kept.map((m) => [m, masks.get(m)!])));
  }
  let best: number[] = [];
  let bestHeld = 0;
  let steps = 0;
  const chosen: number[] = [];
  const search = (d: number, held: number): boolean => {
    if (popcount(held) > popcount(bestHeld)) {
      bestHeld = held;
      best = [...chosen];
    }
    if (held === full) return true;
    if (d === docs || ++steps > MAX_COVER_STEPS) return false;
    for (const m of options[d]!.keys()) {
      if ((m | held) === held) continue;
      chosen[d] = m;
      if (search(d + 1, m | held)) return true;
    }
    chosen[d] = 0;
    return search(d + 1, held);
  };
  search(0, 0);
  return {
    uncovered: placed.map((_, k) => k).filter((k) => !(bestHeld & (1 << k))),
    passages: options.map((masks, d) => (best[d] ? masks.get(best[d]!)! : [])),
  };
}

export function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n += 1;
  return n;
}
