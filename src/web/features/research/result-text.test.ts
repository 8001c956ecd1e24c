import { describe, expect, it } from 'vitest';
import type { ResearchMeta } from '../../../shared/research.ts';
import {
  checkedLines,
  citedParts,
  escapeMarkdown,
  formatTime,
  marketSourceLabel,
  metaLine,
  type ResearchResult,
  resultMarkdown,
  sourceDetails,
  stillReadingLine,
} from './result-text.ts';

const meta: ResearchMeta = { documents: 2, model: 'test-model', generatedAt: '2026-01-03T10:00:00Z', period: null };
const locale = 'en-US';

describe('formatTime', () => {
  it('shows a date without a time as that calendar day, whatever the time zone', () => {
    expect(formatTime('2024-10-31', locale)).toBe('Oct 31, 2024');
  });
  it('keeps text that is not a date as it is', () => {
    expect(formatTime('soon', locale)).toBe('soon');
  });
});

describe('marketSourceLabel', () => {
  const sources = [{ url: 'https://news.example.com/a', title: 'Acme grows', publisher: 'Reuters', publishedAt: null }];
  it('names a listed source by its publisher, else the site', () => {
    expect(marketSourceLabel('https://news.example.com/a', sources)).toBe('Reuters');
    expect(marketSourceLabel('https://www.stats.example.com/report', sources)).toBe('stats.example.com');
    expect(marketSourceLabel('Gartner', sources)).toBe('Gartner');
  });
});

describe('stillReadingLine', () => {
  it('says how many sources reached the analysis as headlines because they were still being read', () => {
    expect(stillReadingLine(meta)).toBeNull();
    expect(stillReadingLine({ ...meta, stillReading: 1 })).toBe('1 source was still being read and is shown as a headline.');
    expect(stillReadingLine({ ...meta, stillReading: 9 })).toBe('9 sources were still being read and are shown as headlines.');
  });
});

describe('checkedLines', () => {
  it('says how many statements were sourced and what was dropped, only when checked', () => {
    expect(checkedLines(meta)).toEqual([]);
    expect(checkedLines({ ...meta, statements: { sourced: 12, total: 12, dropped: 0 } })).toEqual(['12 of 12 statements sourced']);
    expect(checkedLines({ ...meta, statements: { sourced: 1, total: 3, dropped: 2 }, citationsDropped: 2 })).toEqual([
      '1 of 3 statements sourced · 2 dropped: not supported by its source',
      '2 citations of sources that were not retrieved dropped.',
    ]);
  });
});

describe('citedParts', () => {
  const sources = [
    { url: 'https://a.example.com/', title: 'A', publisher: null, publishedAt: null },
    { url: 'https://b.example.com/', title: 'B', publisher: null, publishedAt: null },
  ];
  it('splits a text at its markers, each number resolved to the sources list', () => {
    expect(citedParts('Acme grew 12% [1]. Costs fell [1, 2].', sources)).toEqual([
      { text: 'Acme grew 12% ' },
      { cites: [{ n: 1, source: sources[0] }] },
      { text: '. Costs fell ' },
      {
        cites: [
          { n: 1, source: sources[0] },
          { n: 2, source: sources[1] },
        ],
      },
      { text: '.' },
    ]);
  });
  it('leaves as text a marker with a number the list lacks, and brackets that are no marker', () => {
    expect(citedParts('Acme [3] grew [0], [a] [2, 5].', sources)).toEqual([{ text: 'Acme [3] grew [0], [a] [2, 5].' }]);
    expect(citedParts('No markers.', [])).toEqual([{ text: 'No markers.' }]);
  });
});

describe('resultMarkdown with checked statements', () => {
  it('says how many statements were sourced under the run facts, and keeps the markers as text', () => {
    const markdown = resultMarkdown(
      'R',
      {
        keySummary: 'Acme grew 12% [1].',
        keyFindings: [],
        sources: [{ url: 'https://a.example.com/', title: 'A', publisher: null, publishedAt: null }],
      },
      { ...meta, statements: { sourced: 1, total: 2, dropped: 1 } },
      locale,
    );
    expect(markdown).toContain(
      '\n\n1 of 2 statements sourced · 1 dropped: not supported by its source\n\n## Key summary\n\nAcme grew 12% \\[1\\].',
    );
    expect(markdown).toContain('## Sources\n\n1. [A](https://a.example.com/)');
  });
});

describe('metaLine', () => {
  it('names the documents, the model and the time', () => {
    expect(metaLine({ ...meta, documents: 1 }, locale)).toMatch(/^Based on 1 document · test-model · Jan 3, 2026/);
    expect(metaLine(meta, locale)).toMatch(/^Based on 2 documents · test-model · /);
  });
});

describe('escapeMarkdown', () => {
  it('makes Markdown characters literal and keeps a value on one line', () => {
    expect(escapeMarkdown('*bold* _em_ [x](y) `code` <b> # | ~ !')).toBe(
      '\\*bold\\* \\_em\\_ \\[x\\](y) \\`code\\` \\<b\\> \\# \\| \\~ \\!',
    );
    expect(escapeMarkdown('a\n\n# heading\\')).toBe('a \\# heading\\\\');
    expect(escapeMarkdown('- not a list')).toBe('\\- not a list');
    expect(escapeMarkdown('1. not a list')).toBe('1\\. not a list');
    expect(escapeMarkdown('Revenue rose 12.5% to $3-4m')).toBe('Revenue rose 12.5% to $3-4m');
    expect(escapeMarkdown('See https://evil.example/x or www.evil.example')).toBe('See https:\\/\\/evil.example/x or www\\.evil.example');
  });
});

describe('sourceDetails', () => {
  it('says when a source is only a headline, or its link is Google News rather than the publisher', () => {
    const source = { url: 'https://news.google.com/rss/articles/CBMi', title: 'Acme wins', publisher: 'Reuters', publishedAt: null };
    expect(sourceDetails(source)).toBe('Reuters');
    expect(sourceDetails({ ...source, headlineOnly: true })).toBe('Reuters, headline only');
    expect(sourceDetails({ ...source, headlineOnly: true, googleLink: true })).toBe('Reuters, headline only, link via Google News');
    expect(sourceDetails({ ...source, providers: ['google-news', 'gdelt'] })).toBe('Reuters, via Google News and GDELT');
  });
});

describe('resultMarkdown', () => {
  const result: ResearchResult = {
    keySummary: 'Acme *grew* fast.',
    keyFindings: ['Revenue up 12%', 'New CEO'],
    trendAnalysis: [{ trend: 'AI adoption', analysis: 'Spreading.' }],
    marketData: [
      { statistic: '40% of firms', source: 'https://stats.example.com/report' },
      { statistic: '3 deals', source: 'Gartner' },
    ],
    quotes: [{ text: 'We beat [expectations].', speaker: 'Jane Doe', context: 'CEO, earnings call' }],
    sources: [
      { url: 'https://news.example.com/a_(1)', title: 'Acme [beats] estimates', publisher: 'Example News', publishedAt: null },
      { url: 'javascript:alert(1)', title: null, publisher: null, publishedAt: null },
    ],
  };

  it('writes every section with escaped text and http(s) links only', () => {
    expect(resultMarkdown('Company Research: Acme #1', result, { ...meta, period: 'Q3 2025' }, locale)).toBe(
      [
        '# Company Research: Acme \\#1',
        '',
        `_${metaLine(meta, locale)}_`,
        '',
        'Period: Q3 2025',
        '',
        '## Key summary',
        '',
        'Acme \\*grew\\* fast.',
        '',
        '## Key findings',
        '',
        '- Revenue up 12%',
        '- New CEO',
        '',
        '## Trend analysis',
        '',
        '### AI adoption',
        '',
        'Spreading.',
        '',
        '## Market data',
        '',
        '- 40% of firms ([stats.example.com](https://stats.example.com/report))',
        '- 3 deals (Gartner)',
        '',
        '## Quotes',
        '',
        '> We beat \\[expectations\\].',
        '>',
        '> — Jane Doe, CEO, earnings call',
        '',
        '## Sources',
        '',
        '1. [Acme \\[beats\\] estimates](https://news.example.com/a_%281%29) — Example News',
        '2. javascript:alert(1)',
        '',
      ].join('\n'),
    );
  });

  it('leaves out sections the result does not have', () => {
    const markdown = resultMarkdown('X', { keySummary: 'S', keyFindings: [], sources: [] }, meta, locale);
    expect(markdown).toContain('## Key summary');
    expect(markdown).not.toContain('## Key findings');
    expect(markdown).not.toContain('## Quotes');
    expect(markdown).not.toContain('## Sources');
    expect(markdown).not.toContain('Period:');
  });
});
