// The earnings e-mails as their library items (issue 27 §1): the reminder's date, confidence and
// source, and the summary's findings, quotes and the documents it rests on, as the e-mails show them.
import type { LibraryBlock, LibrarySource } from '../../../shared/library.ts';
import { articlesBlock } from '../../library/articles-block.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import { DATES_CAN_MOVE } from '../../mail/alert-emails/index.ts';
import type { EarningsDateMovedEmailProps, EarningsReminderEmailProps, EarningsSummaryEmailProps } from '../../mail/alert-emails/types.ts';
import { httpUrl } from '../../sources/web/text.ts';

/**
 * `mailed` is what the reminder was rendered from; `sourced` says its source link is the date's
 * source (else it is the app's earnings screen, which the item does not list as a source).
 */
export function earningsReminderEntry(mailed: Omit<EarningsReminderEmailProps, 'links'>, sourced: boolean): LibraryEntry {
  const href = httpUrl(mailed.sourceUrl);
  const host = href ? new URL(href).host : null;
  const blocks: LibraryBlock[] = [
    {
      type: 'facts',
      rows: [
        { label: 'Company', value: `${mailed.companyName} (${mailed.ticker})` },
        { label: 'Earnings date', value: mailed.dateLabel },
        { label: 'Confidence', value: mailed.confidenceLabel },
        ...(mailed.statusLabel ? [{ label: 'Status', value: mailed.statusLabel }] : []),
        ...(mailed.sourceName ? [{ label: 'Source', value: mailed.sourceName, ...(href && sourced ? { sourceUrl: href } : {}) }] : []),
        { label: 'Reminder', value: `${mailed.timingLabel} the call` },
      ],
    },
    ...(href && host ? [{ type: 'link' as const, label: `Source: ${host}`, url: href }] : []),
    { type: 'note', text: DATES_CAN_MOVE },
  ];
  const sources: LibrarySource[] = href && sourced ? [{ url: href, title: null, publisher: host, publishedAt: null }] : [];
  return {
    kind: 'earnings_reminder',
    title: `${mailed.companyName} earnings on ${mailed.dateLabel}`,
    companies: [mailed.companyName],
    blocks,
    sources,
  };
}

/** `mailed` is what the summary was rendered from. */
export function earningsSummaryEntry(mailed: Omit<EarningsSummaryEmailProps, 'links'>): LibraryEntry {
  const blocks: LibraryBlock[] = [];
  if (mailed.keySummary.trim()) blocks.push({ type: 'paragraph', text: mailed.keySummary });
  if (mailed.keyFindings.length > 0) blocks.push({ type: 'heading', text: 'Key findings' }, { type: 'list', items: mailed.keyFindings });
  if (mailed.quotes.length > 0) {
    blocks.push(
      { type: 'heading', text: 'Quotes' },
      ...mailed.quotes.map((q) => ({ type: 'quote' as const, text: q.text, speaker: q.speaker })),
    );
  }
  if (mailed.sources.length > 0) {
    blocks.push({ type: 'heading', text: mailed.sources.length === 1 ? 'Source' : 'Sources' }, articlesBlock(mailed.sources));
  }
  return {
    kind: 'earnings_summary',
    title: `${mailed.companyName} ${mailed.periodLabel}`,
    companies: [mailed.companyName],
    blocks,
    // "N of M statements sourced", as the e-mail says it (issue 27 §4).
    ...(mailed.statements ? { statements: mailed.statements } : {}),
  };
}

/**
 * `mailed` is what the "date moved" alert was rendered from: each date row links the source that
 * gave it; the shift and the seller's line follow from those two dates alone.
 */
export function earningsDateMovedEntry(mailed: Omit<EarningsDateMovedEmailProps, 'links'>): LibraryEntry {
  const href = httpUrl(mailed.sourceUrl);
  const previousHref = httpUrl(mailed.previousSourceUrl);
  const sourced = (url: string | null) => (url ? { sourceUrl: url } : {});
  const blocks: LibraryBlock[] = [
    {
      type: 'facts',
      rows: [
        { label: 'Company', value: `${mailed.companyName} (${mailed.ticker})` },
        { label: 'Previous date', value: `${mailed.previousDateLabel} (${mailed.previousStatusLabel})`, ...sourced(previousHref) },
        { label: 'New date', value: `${mailed.dateLabel} (${mailed.statusLabel})`, ...sourced(href) },
        { label: 'Change', value: mailed.change, ...sourced(href) },
        { label: 'Source', value: mailed.sourceName, ...sourced(href) },
      ],
    },
    { type: 'paragraph', text: mailed.why },
    ...(href ? [{ type: 'link' as const, label: `Source: ${new URL(href).host}`, url: href }] : []),
  ];
  return {
    kind: 'earnings_date_moved',
    title: `${mailed.companyName} earnings moved to ${mailed.dateLabel}`,
    companies: [mailed.companyName],
    blocks,
    sources: href ? [{ url: href, title: null, publisher: new URL(href).host, publishedAt: null }] : [],
  };
}
