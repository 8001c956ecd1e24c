// Plain-text helpers for showing and copying a result: which links are safe, how the run is
// described, and the Markdown a user copies. AI and source text is data, never markup.
import { statementCountLabel } from '../../../shared/library.ts';
import { citationsDroppedLabel, type MarketData, notesFor, type Quote, type ResearchMeta, type Source } from '../../../shared/research.ts';
import { safeHttpUrl } from '../../components/external-link.tsx';

/** Any of the three results; each screen has the common parts and some of the others. */
export type ResearchResult = {
  keySummary: string;
  keyFindings: string[];
  sources: Source[];
  quotes?: Quote[];
  trendAnalysis?: { trend: string; analysis: string }[];
  marketData?: MarketData[];
};

const dateFormat = (locale?: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A source's or the run's time in the reader's locale, or the text as sent when it is not a date.
 * A date without a time (a filing date) is that calendar day, not midnight UTC in the reader's zone.
 */
export function formatTime(iso: string, locale?: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(locale).format(date);
}

/** How a market figure names its source: the publisher (or title) of that source when listed, else the site. */
export function marketSourceLabel(url: string, sources: Source[]): string {
  const listed = sources.find((source) => source.url === url);
  const named = listed?.publisher?.trim() || listed?.title?.trim();
  if (named) return named;
  const href = safeHttpUrl(url);
  return href ? new URL(href).hostname.replace(/^www\./, '') : url;
}

/** 'Based on 12 documents · <model> · <time>'. */
export function metaLine(meta: ResearchMeta, locale?: string): string {
  const documents = `Based on ${meta.documents} ${meta.documents === 1 ? 'document' : 'documents'}`;
  return [documents, meta.model, formatTime(meta.generatedAt, locale)].join(' · ');
}

/** Said when some sources reached the analysis as headlines only because their pages were still being read. */
export function stillReadingLine(meta: ResearchMeta): string | null {
  const n = meta.stillReading ?? 0;
  if (n === 0) return null;
  return `${n} ${n === 1 ? 'source was' : 'sources were'} still being read and ${n === 1 ? 'is' : 'are'} shown as ${n === 1 ? 'a headline' : 'headlines'}.`;
}

/**
 * How its statements were checked (issue 27 §4): "10 of 12 statements sourced · 2 dropped: not
 * supported by its source", then the citations of sources that were not retrieved, when any were dropped.
 */
export function checkedLines(meta: ResearchMeta): string[] {
  return [
    ...(meta.statements ? [statementCountLabel(meta.statements)] : []),
    ...(meta.citationsDropped ? [`${citationsDroppedLabel(meta.citationsDropped)}.`] : []),
  ];
}

/** A piece of a result text: words, or a citation marker's numbers with the sources they name. */
export type CitedPart = { text: string } | { cites: { n: number; source: Source }[] };

const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/**
 * A text split at its citation markers ("… rose 12% [1, 3]."), each number resolved to the sources
 * list (the server numbers markers by it). A marker naming a number the list lacks stays text.
 */
export function citedParts(text: string, sources: Source[]): CitedPart[] {
  const parts: CitedPart[] = [];
  let from = 0;
  const words = (to: number) => {
    if (to > from) parts.push({ text: text.slice(from, to) });
  };
  for (const m of text.matchAll(MARKER)) {
    const numbers = m[1]!.split(',').map((n) => Number(n.trim()));
    if (!numbers.every((n) => n >= 1 && n <= sources.length)) continue;
    words(m.index);
    parts.push({ cites: numbers.map((n) => ({ n, source: sources[n - 1]! })) });
    from = m.index + m[0].length;
  }
  words(text.length);
  return parts;
}

/** The words of a source link: its title, or its address when it has none. */
export const sourceLabel = (source: Source) => source.title?.trim() || source.url;

/** Publisher and date of a source, when known. */
export const sourceDetails = (source: Source, locale?: string) =>
  [source.publisher?.trim(), source.publishedAt ? formatTime(source.publishedAt, locale) : null, ...notesFor(source)]
    .filter(Boolean)
    .join(', ');

/**
 * Text made literal in Markdown: characters with a meaning are backslash-escaped, line breaks become
 * spaces (so a value cannot start a new block), a leading list or heading marker is escaped, and
 * bare addresses cannot become links.
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[\\`*_[\]<>#|~!]/g, '\\$&')
      .replace(/^([-+=])/, '\\$1')
      .replace(/^(\d+)([.)])/, '$1\\$2')
      // An address in AI text stays text: GitHub-style Markdown would turn it into a link.
      .replace(/:\/\//g, ':\\/\\/')
      .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}\\.`)
  );
}

/** [label](url) for an http(s) address; the escaped label alone otherwise. */
function markdownLink(label: string, url: string): string {
  const href = safeHttpUrl(url);
  if (!href) return escapeMarkdown(label);
  return `[${escapeMarkdown(label)}](${href.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;
}

/** The whole result as Markdown, headed by `title`, for pasting into notes, e-mails or documents. */
export function resultMarkdown(title: string, result: ResearchResult, meta: ResearchMeta, locale?: string): string {
  const blocks: string[] = [`# ${escapeMarkdown(title)}`, `_${escapeMarkdown(metaLine(meta, locale))}_`];
  if (meta.period) blocks.push(`Period: ${escapeMarkdown(meta.period)}`);
  for (const line of checkedLines(meta)) blocks.push(escapeMarkdown(line));
  blocks.push('## Key summary', escapeMarkdown(result.keySummary));
  if (result.keyFindings.length) blocks.push('## Key findings', result.keyFindings.map((f) => `- ${escapeMarkdown(f)}`).join('\n'));
  if (result.trendAnalysis?.length) {
    blocks.push('## Trend analysis', ...result.trendAnalysis.map((t) => `### ${escapeMarkdown(t.trend)}\n\n${escapeMarkdown(t.analysis)}`));
  }
  if (result.marketData?.length) {
    blocks.push(
      '## Market data',
      result.marketData
        .map((m) => `- ${escapeMarkdown(m.statistic)} (${markdownLink(marketSourceLabel(m.source, result.sources), m.source)})`)
        .join('\n'),
    );
  }
  if (result.quotes?.length) {
    const quote = (q: Quote) => [`> ${escapeMarkdown(q.text)}`, `> — ${escapeMarkdown([q.speaker, q.context].filter(Boolean).join(', '))}`];
    blocks.push('## Quotes', result.quotes.map((q) => quote(q).join('\n>\n')).join('\n\n'));
  }
  if (result.sources.length) {
    const line = (source: Source) => {
      const details = sourceDetails(source, locale);
      return `${markdownLink(sourceLabel(source), source.url)}${details ? ` — ${escapeMarkdown(details)}` : ''}`;
    };
    // Numbered: the [n] markers of the text are these numbers.
    blocks.push('## Sources', result.sources.map((source, i) => `${i + 1}. ${line(source)}`).join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}
