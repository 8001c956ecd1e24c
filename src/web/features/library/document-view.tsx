// A library item's document (issue 27 §1) as it was sent: its blocks, then every source it was sent
// with. All of it is plain text from e-mails, AI and publishers: rendered as text, never as HTML; only
// http(s) addresses become links, opened in a new tab without access to this page.
import { Info } from 'lucide-react';
import type { LibraryBlock, LibrarySource, SourcedLine } from '../../../shared/library.ts';
import { notesFor } from '../../../shared/research.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { formatPublished, siteOf } from './format.ts';

/** The words of a source's link: its title, else its site. */
export const sourceTitle = (source: LibrarySource) => source.title?.trim() || siteOf(source.url);

/** Publisher, date and what could not be read of it ('headline only', 'link via Google News'). */
export const sourceDetails = (source: LibrarySource, locale?: string) =>
  [source.publisher?.trim(), source.publishedAt ? formatPublished(source.publishedAt, locale) : null, ...notesFor(source)]
    .filter(Boolean)
    .join(' · ');

function SourceLine({ source }: { source: LibrarySource }) {
  const details = sourceDetails(source);
  return (
    <>
      <ExternalLink url={source.url}>{sourceTitle(source)}</ExternalLink>
      {details && <span className="text-slate-600"> — {details}</span>}
    </>
  );
}

/** " (source)" after a line, linked as the e-mail linked it (ExternalLink opens only http(s)). */
function SourceLink({ url }: { url: string }) {
  return (
    <>
      {' ('}
      <ExternalLink url={url}>source</ExternalLink>)
    </>
  );
}

function ListItem({ item }: { item: string | SourcedLine }) {
  if (typeof item === 'string') return <li>{item}</li>;
  return (
    <li>
      {item.text}
      <SourceLink url={item.sourceUrl} />
    </li>
  );
}

function Block({ block }: { block: LibraryBlock }) {
  switch (block.type) {
    case 'heading':
      return <h2 className="pt-2 text-lg font-semibold text-slate-900">{block.text}</h2>;
    case 'paragraph':
      return <p className="whitespace-pre-line text-slate-800">{block.text}</p>;
    case 'note':
      return (
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{block.text}</span>
        </p>
      );
    case 'list':
      return (
        <ul className="list-disc space-y-1 pl-5 text-slate-800">
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent document never reorders
            <ListItem key={index} item={item} />
          ))}
        </ul>
      );
    case 'quote':
      return (
        <figure className="border-l-4 border-brand-100 pl-4">
          <blockquote className="text-slate-800">“{block.text}”</blockquote>
          {block.speaker && <figcaption className="mt-1 text-sm text-slate-600">— {block.speaker}</figcaption>}
        </figure>
      );
    case 'facts':
      return (
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {block.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent document never reorders
            <div key={index} className="contents">
              <dt className="font-medium text-slate-600">{row.label}</dt>
              <dd className="break-words text-slate-900">
                {row.value}
                {row.sourceUrl && <SourceLink url={row.sourceUrl} />}
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'articles':
      return (
        <ul className="space-y-4">
          {block.items.map((article, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent document never reorders
            <li key={index} className="break-words">
              <SourceLine source={article} />
              {article.summary && <p className="mt-1 text-sm text-slate-800">{article.summary}</p>}
            </li>
          ))}
        </ul>
      );
    case 'link':
      return (
        <p>
          <ExternalLink url={block.url}>{block.label}</ExternalLink>
        </p>
      );
    default:
      // A block of a kind this version of the app does not know yet (a newer server): left out.
      return null;
  }
}

export function DocumentBlocks({ blocks }: { blocks: LibraryBlock[] }) {
  return (
    <div className="space-y-4">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent document never reorders
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

export function SourceList({ sources }: { sources: LibrarySource[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {sources.map((source, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent document never reorders
        <li key={index} className="break-words">
          <SourceLine source={source} />
        </li>
      ))}
    </ul>
  );
}
