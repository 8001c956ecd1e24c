// Sample library data for the library's tests, as the API sends it.
import { HIGHLIGHT, type LibraryItem, type LibraryItemSummary, type LibrarySearchHit } from '../../../shared/library.ts';

export const summary = (overrides: Partial<LibraryItemSummary> = {}): LibraryItemSummary => ({
  id: 'item-1',
  kind: 'news_alert',
  title: 'Acme Robotics posts record quarterly revenue',
  companies: ['Acme Robotics'],
  createdAt: '2026-03-02T14:00:00.000Z',
  sourceCount: 3,
  ...overrides,
});

export const hit = (overrides: Partial<LibrarySearchHit> = {}): LibrarySearchHit => ({
  ...summary(),
  snippet: `Acme ${HIGHLIGHT.start}robots${HIGHLIGHT.stop} ship <b>early</b>`,
  snippetSource: null,
  ...overrides,
});

export const item = (overrides: Partial<LibraryItem> = {}): LibraryItem => ({
  ...summary(),
  document: {
    blocks: [
      { type: 'heading', text: 'What happened' },
      { type: 'paragraph', text: 'Revenue rose <script>alert(1)</script> 40%.' },
      { type: 'note', text: 'Not analysed: no AI provider is configured' },
      { type: 'list', items: ['Orders up', 'Margins flat'] },
      { type: 'quote', text: 'We beat our plan.', speaker: 'Jane Doe' },
      { type: 'facts', rows: [{ label: 'Ticker', value: 'ACME' }] },
      {
        type: 'articles',
        items: [
          {
            url: 'https://reuters.example.com/acme',
            title: 'Acme beats estimates',
            publisher: 'Reuters',
            publishedAt: '2026-03-01',
            summary: 'Quarterly revenue hit a record.',
          },
        ],
      },
      { type: 'link', label: 'Open the filing', url: 'javascript:alert(1)' },
    ],
    sources: [
      { url: 'https://reuters.example.com/acme', title: 'Acme beats estimates', publisher: 'Reuters', publishedAt: '2026-03-01' },
      { url: 'https://paywalled.example.com/acme', title: 'Acme, in depth', publisher: 'The Paper', publishedAt: null, headlineOnly: true },
      { url: 'https://news.google.com/rss/articles/abc', title: null, publisher: null, publishedAt: null, googleLink: true },
    ],
    statements: { sourced: 11, total: 12, dropped: 1 },
  },
  ...overrides,
});
