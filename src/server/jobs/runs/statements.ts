// Every statement of a sent e-mail checked (issue 27 §4), the part every kind that mails shares
// (beside the engine, the one room every kind may import): the model's marked-up text ("… rose 12%
// [2].") is checked sentence by sentence against the documents it cites (ai/statements.ts),
// failing sentences are dropped, and the [n] markers are stripped: the e-mails list their sources
// by link, not by number, so a bare "[2]" would point nowhere. What was checked is counted ("12 of
// 12 statements sourced"), and the counts of an e-mail's parts add up.
import type { StatementCount } from '../../../shared/library.ts';
import { checkStatements, keptText, parseStatements, type StatementDocument } from '../../ai/statements.ts';

export const NO_STATEMENTS: StatementCount = { sourced: 0, total: 0, dropped: 0 };

/** The counts of an e-mail's parts, added up. */
export function addCounts(...counts: (StatementCount | null | undefined)[]): StatementCount {
  return counts.reduce<StatementCount>(
    (sum, c) => (c ? { sourced: sum.sourced + c.sourced, total: sum.total + c.total, dropped: sum.dropped + c.dropped } : sum),
    NO_STATEMENTS,
  );
}

/** [n] markers, for the fields that are not checked (titles, advice; a message keeps its paragraphs). */
const MARKERS = /[ \t]*\[\s*\d{1,5}(?:\s*[,;–-]\s*\d{1,5})*\s*\]/g;
export const withoutMarkers = (text: string) => text.replace(MARKERS, '').trim();

/** What was said of a part that is left out whole: each of its statements dropped, none shown as sourced. */
export const droppedOnly = (count: StatementCount): StatementCount => ({ sourced: 0, total: count.dropped, dropped: count.dropped });

export type CheckedText = {
  /** The supported and non-factual sentences, without markers; '' when every factual one failed. */
  text: string;
  count: StatementCount;
  /** It stated facts and none is supported: the part it belongs to goes. */
  unsupported: boolean;
};

/**
 * Checks one text field. `cites` are added to each sentence's own markers: the document the field
 * is about (an article's "why", a finding's source), which the sentence may leave unmarked.
 */
export function checkText(documents: StatementDocument[], marked: string, cites: number[] = []): CheckedText {
  const parsed = parseStatements(marked).map((s) => ({ ...s, cites: [...new Set([...s.cites, ...cites])] }));
  const check = checkStatements(documents, parsed, { failing: 'drop' });
  const unsupported = check.count.total > 0 && check.count.sourced === 0;
  if (unsupported) return { text: '', count: check.count, unsupported };
  // keptText answers NO_SUPPORTING_EVIDENCE whenever nothing is sourced, also for a text that states
  // no fact at all (count.total 0); such a text is kept as written.
  return { text: keptText({ ...check, noEvidence: false }, { markers: false }), count: check.count, unsupported };
}
