// Test data for "Your data" (issue 30 §5, §6): a small AIR report and library document whose text
// holds markup that must reach the archive as text.
import type { AirReport } from '../../src/shared/air.ts';
import type { LibraryDocument } from '../../src/shared/library.ts';

export const HOSTILE = `<script>alert(1)</script> <img src=x onerror="alert(2)"> AT&T`;

export function airReportFixture(name: string, overrides: Partial<AirReport> = {}): AirReport {
  return {
    company: {
      name,
      website: 'https://www.acme.example/',
      legalName: null,
      ticker: null,
      cik: null,
      industry: 'Manufacturing',
      headquarters: null,
      description: `${name} makes anvils.`,
    },
    facts: [{ label: 'Industry', value: 'Manufacturing', sourceUrl: 'https://www.acme.example/' }],
    financials: [],
    filings: [],
    events: [],
    social: { searched: ['Hacker News'], posts: [], note: null },
    buyingCenters: [],
    prospects: [],
    prospectNote: 'No prospect could be named from public sources.',
    outreach: [],
    sources: [{ url: 'https://www.acme.example/', title: 'Acme', publisher: 'acme.example', publishedAt: null }],
    ...overrides,
  };
}

export function libraryDocumentFixture(text: string): LibraryDocument {
  const source = {
    url: 'https://news.example.com/a?b=1&c=2',
    title: 'Acme opens a plant',
    publisher: 'News',
    publishedAt: '2026-11-01T00:00:00Z',
  };
  return {
    blocks: [
      { type: 'heading', text: 'What happened' },
      { type: 'paragraph', text },
      { type: 'list', items: ['Plain line', { text: 'Sourced line', sourceUrl: source.url }] },
      { type: 'articles', items: [{ ...source, summary: 'It reports a plant.' }] },
    ],
    sources: [source],
  };
}
