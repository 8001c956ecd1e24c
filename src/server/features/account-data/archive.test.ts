import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { airReportFixture, HOSTILE, libraryDocumentFixture } from '../../../../tests/support/account-data.ts';
import { buildArchive, type ExportContent, libraryMarkdown, markdownText, slugify } from './archive.ts';

const created = new Date('2026-11-20T10:00:00Z');

const content = (overrides: Partial<ExportContent> = {}): ExportContent => ({
  exportedAt: new Date('2026-11-28T00:00:00Z'),
  tables: { users: [{ id: 'u1', email: 'ada@example.com' }], sonar_alerts: [{ id: 'a1', user_id: 'u1', company_name: HOSTILE }] },
  library: [
    { title: 'Acme: news', kind: 'news', companies: ['Acme'], createdAt: created, document: libraryDocumentFixture(HOSTILE) },
    { title: 'Acme: news', kind: 'news', companies: [], createdAt: created, document: libraryDocumentFixture('Second') },
  ],
  reports: [{ id: 'r1', website: 'https://acme.example', companyName: HOSTILE, createdAt: created, report: airReportFixture(HOSTILE) }],
  appUrl: 'https://app.example',
  ...overrides,
});

const unzip = async (c: ExportContent) => {
  const files = unzipSync(await buildArchive(c));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
};

describe('the export archive', () => {
  it('holds data.json with every table given, one Markdown file per library item and one HTML page per report', async () => {
    const files = await unzip(content());
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'data.json',
      'library/2026-11-20-acme-news-2.md',
      'library/2026-11-20-acme-news.md',
      'reports/script-alert-1-script-img-src-x-onerror-alert-2-at-t-2026-11-20.html',
    ]);
    const data = JSON.parse(files['data.json']!);
    expect(data.exportedAt).toBe('2026-11-28T00:00:00.000Z');
    expect(data.tables.sonar_alerts).toEqual([{ id: 'a1', user_id: 'u1', company_name: HOSTILE }]);
    expect(data.tables.users[0].email).toBe('ada@example.com');
  });

  it('writes every text of a report as text: no markup from the report reaches the page', async () => {
    const files = await unzip(content());
    const html = Object.entries(files).find(([name]) => name.startsWith('reports/'))![1];
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('AT&amp;T');
  });

  it('gives a library item as Markdown: title, kind and date, blocks, sources, with Markdown and HTML made literal', () => {
    const md = libraryMarkdown({
      title: 'Acme *big* [news]',
      kind: 'news',
      companies: ['Acme'],
      createdAt: created,
      document: libraryDocumentFixture(HOSTILE),
    });
    expect(md).toContain('# Acme \\*big\\* \\[news\\]');
    expect(md).toContain('_news, 2026-11-20_');
    expect(md).toContain('Companies: Acme');
    expect(md).toContain('## What happened');
    expect(md).toContain('\\<script\\>alert(1)\\</script\\>');
    expect(md).not.toContain('<script>');
    expect(md).toContain('- Sourced line ([source](https://news.example.com/a?b=1&c=2))');
    expect(md).toContain('## Sources');
    expect(md).toContain('- [Acme opens a plant](https://news.example.com/a?b=1&c=2) — News');
  });

  it('links only http(s) addresses in Markdown', () => {
    const doc = { blocks: [{ type: 'link' as const, label: 'click', url: 'javascript:alert(1)' }], sources: [] };
    const md = libraryMarkdown({ title: 't', kind: 'news', companies: [], createdAt: created, document: doc });
    expect(md).toContain('\nclick\n');
    expect(md).not.toContain('javascript:');
  });

  it('names files with plain slugs', () => {
    expect(slugify('Ünïcode & Co. — Q3 2026!')).toBe('unicode-co-q3-2026');
    expect(slugify('***')).toBe('untitled');
    expect(markdownText('a_b\nc')).toBe('a\\_b c');
  });
});
