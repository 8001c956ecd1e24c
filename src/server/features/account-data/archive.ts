// The export archive (issue 30 §6), from rows already read: data.json with every row of the user's,
// the library as Markdown (one file per item, from its document) and the AIR reports as HTML. Pure:
// the reading is export-data.ts, so what the archive holds is tested without a database.
import { strToU8, zipSync } from 'fflate';
import type { AirReport } from '../../../shared/air.ts';
import { BRAND } from '../../../shared/constants.ts';
import type { LibraryBlock, LibraryDocument } from '../../../shared/library.ts';
import { renderAirReportEmail } from '../../mail/alert-emails/index.ts';

export type ExportLibraryItem = { title: string; kind: string; companies: string[]; createdAt: Date; document: LibraryDocument };
export type ExportReport = { id: string; website: string; companyName: string | null; createdAt: Date; report: AirReport };

export type ExportContent = {
  exportedAt: Date;
  /** Table name → its rows of the user's, secrets left out. */
  tables: Record<string, unknown[]>;
  library: ExportLibraryItem[];
  reports: ExportReport[];
  appUrl: string;
};

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A file-name part: lower-case letters, digits and dashes, never empty. */
export function slugify(text: string) {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'untitled';
}

/** Markdown's own characters in a text made literal, so a title or an AI sentence reads as it was written. */
export function markdownText(text: string) {
  return text.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

/** A link only for an http(s) address (and no parenthesis to end it early); the text alone otherwise. */
function markdownLink(label: string, url: string) {
  return /^https?:\/\/[^\s()<>]+$/i.test(url) ? `[${markdownText(label)}](${url})` : markdownText(label);
}

function blockMarkdown(block: LibraryBlock): string {
  switch (block.type) {
    case 'heading':
      return `## ${markdownText(block.text)}`;
    case 'paragraph':
      return markdownText(block.text);
    case 'note':
      return `_${markdownText(block.text)}_`;
    case 'quote':
      return `> ${markdownText(block.text)}${block.speaker ? `\n>\n> — ${markdownText(block.speaker)}` : ''}`;
    case 'list':
      return block.items
        .map((line) =>
          typeof line === 'string' ? `- ${markdownText(line)}` : `- ${markdownText(line.text)} (${markdownLink('source', line.sourceUrl)})`,
        )
        .join('\n');
    case 'facts':
      return block.rows
        .map(
          (row) =>
            `- **${markdownText(row.label)}:** ${markdownText(row.value)}${row.sourceUrl ? ` (${markdownLink('source', row.sourceUrl)})` : ''}`,
        )
        .join('\n');
    case 'articles':
      return block.items
        .map((a) => {
          const meta = [a.publisher, a.publishedAt?.slice(0, 10)].filter(Boolean).map((m) => markdownText(m!));
          const summary = a.summary ? `\n  ${markdownText(a.summary)}` : '';
          return `- ${markdownLink(a.title ?? a.url, a.url)}${meta.length ? ` — ${meta.join(', ')}` : ''}${summary}`;
        })
        .join('\n');
    case 'link':
      return markdownLink(block.label, block.url);
  }
}

/** One library item as a Markdown file: its title, what it is, its document and its sources. */
export function libraryMarkdown(item: ExportLibraryItem) {
  const lines = [`# ${markdownText(item.title)}`, '', `_${markdownText(item.kind)}, ${day(item.createdAt)}_`];
  if (item.companies.length) lines.push('', `Companies: ${item.companies.map(markdownText).join(', ')}`);
  // Items kept before a field existed may lack it: an absent list is an empty one.
  for (const block of item.document.blocks ?? []) lines.push('', blockMarkdown(block));
  const sources = item.document.sources ?? [];
  if (sources.length) {
    lines.push('', '## Sources', '');
    for (const s of sources)
      lines.push(`- ${markdownLink(s.title ?? s.url, s.url)}${s.publisher ? ` — ${markdownText(s.publisher)}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** An AIR report as a page: the report's e-mail, whose template escapes every value (React). */
export async function reportHtml(report: ExportReport, appUrl: string) {
  const { html } = await renderAirReportEmail({
    report: report.report,
    reportUrl: `${appUrl}/air/${report.id}`,
    manageUrl: `${appUrl}/air`,
  });
  return html;
}

/** `name` made unique among `taken` by a -2, -3… before its extension. */
function uniqueName(taken: Set<string>, stem: string, ext: string) {
  let name = `${stem}${ext}`;
  for (let n = 2; taken.has(name); n += 1) name = `${stem}-${n}${ext}`;
  taken.add(name);
  return name;
}

/** The zip: data.json, library/<date>-<slug>.md and reports/<slug>.html, and a README saying what is where. */
export async function buildArchive(content: ExportContent): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  files['README.txt'] = strToU8(
    [
      `Your ${BRAND} data, exported on ${content.exportedAt.toUTCString()}.`,
      '',
      'data.json     every record of your account, by table (passwords, keys and tokens left out)',
      'library/      your library, one Markdown file per item',
      'reports/      your Account Intelligence Reports, one HTML page each',
      '',
    ].join('\n'),
  );
  files['data.json'] = strToU8(JSON.stringify({ exportedAt: content.exportedAt.toISOString(), tables: content.tables }, null, 2));
  const taken = new Set<string>();
  for (const item of content.library) {
    files[uniqueName(taken, `library/${day(item.createdAt)}-${slugify(item.title)}`, '.md')] = strToU8(libraryMarkdown(item));
  }
  for (const report of content.reports) {
    const name = slugify(report.companyName ?? report.report.company.name ?? report.website);
    files[uniqueName(taken, `reports/${name}-${day(report.createdAt)}`, '.html')] = strToU8(await reportHtml(report, content.appUrl));
  }
  return zipSync(files, { level: 6 });
}
