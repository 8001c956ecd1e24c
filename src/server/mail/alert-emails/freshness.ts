// The freshness receipt of a scheduled alert (issue 31 §3), as the triggers carry theirs: the
// newest mailed article's own time → when we searched the news → when the mail was committed.
// The line itself is shared/triggers.ts' freshnessLine, so every message reads it the same way.
import type { LibraryBlock } from '../../../shared/library.ts';
import { type FreshnessReceipt, freshnessLine } from '../../../shared/triggers.ts';
import type { EmailArticle } from './types.ts';

/** The library's facts row and the e-mail's line are labelled alike. */
export const FRESHNESS_LABEL = 'Freshness';

/** The latest `publishedAt` of the articles (ISO), or null when none carries a date. */
export function newestPublished(articles: readonly Pick<EmailArticle, 'publishedAt'>[]): string | null {
  let newest = Number.NEGATIVE_INFINITY;
  for (const article of articles) {
    const at = article.publishedAt ? Date.parse(article.publishedAt) : Number.NaN;
    if (at > newest) newest = at;
  }
  return Number.isFinite(newest) ? new Date(newest).toISOString() : null;
}

/** A digest's receipt: published = its newest article, found = the search, sent = the mail's commit (ISO each). */
export const articlesReceipt = (
  articles: readonly Pick<EmailArticle, 'publishedAt'>[],
  foundAt: string,
  sentAt: string,
): FreshnessReceipt => ({
  publishedAt: newestPublished(articles),
  foundAt,
  sentAt,
});

/** The receipt as the library item's facts block, the row the triggers' items show. */
export const freshnessFacts = (receipt: FreshnessReceipt): LibraryBlock => ({
  type: 'facts',
  rows: [{ label: FRESHNESS_LABEL, value: freshnessLine(receipt) }],
});
