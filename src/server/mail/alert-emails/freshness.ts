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

/** html-to-text's default line width (renderEmail's text part): a longer line would be wrapped. */
const TEXT_WIDTH = 80;
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/**
 * A rendered e-mail with its freshness line `from` changed to `to`, without rendering it again (a
 * burst's mail committed a minute after the slot it was rendered for: ADR 033). Null when the line
 * is not there exactly once in both parts as rendered, or the new one would be wrapped in the text:
 * the caller renders the mail again then.
 */
export function withFreshnessLine<T extends { html: string; text: string }>(email: T, from: string, to: string): T | null {
  if (from === to) return email;
  const [htmlFrom, htmlTo] = [escapeHtml(from), escapeHtml(to)];
  if (to.length > TEXT_WIDTH || from.length > TEXT_WIDTH) return null;
  if (occurrences(email.html, htmlFrom) !== 1 || occurrences(email.text, from) !== 1) return null;
  return { ...email, html: email.html.replace(htmlFrom, () => htmlTo), text: email.text.replace(from, () => to) };
}
