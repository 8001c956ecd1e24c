import { describe, expect, it } from 'vitest';
import type { AirReport } from '../../../shared/air.ts';
import { documentSources } from '../../library/keep.ts';
import { airReportEntry } from './library-entry.ts';

const SITE = 'https://www.acme.example/';
const LEADERSHIP = 'https://www.acme.example/leadership';
const SEC_PROFILE = 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=1990001';
const TEN_K = 'https://www.sec.gov/Archives/edgar/data/1990001/000199000126000001-index.htm';
const PLANT_NEWS = 'https://news.example.com/acme-ohio?a=1&b=2';
const HN = 'https://news.ycombinator.com/item?id=4242';

const report = (overrides: Partial<AirReport> = {}): AirReport => ({
  company: {
    name: 'Acme',
    website: SITE,
    legalName: 'Acme Corporation',
    ticker: 'ACME',
    cik: '1990001',
    industry: null,
    headquarters: null,
    description: 'Acme builds warehouse robots.',
  },
  facts: [{ label: 'Legal name', value: 'Acme Corporation', sourceUrl: SEC_PROFILE }],
  financials: [{ label: 'Revenue (fiscal year 2025)', value: '$1.23B', sourceUrl: TEN_K }],
  filings: [{ form: '10-K', filedOn: '2026-02-20', title: '10-K', highlight: 'Annual report', url: TEN_K }],
  events: [
    { type: 'expansion', date: '2026-11-19', headline: 'Acme opens an Ohio plant', summary: 'Capacity doubles.', sourceUrl: PLANT_NEWS },
  ],
  social: {
    searched: ['Hacker News'],
    posts: [
      {
        platform: 'Hacker News',
        title: 'Acme robots in production',
        url: HN,
        linkUrl: null,
        postedAt: '2026-10-01T12:00:00Z',
        points: 120,
        comments: null,
      },
    ],
    note: null,
  },
  buyingCenters: [
    { name: 'Supply Chain Operations', roles: ['COO'], priorities: [{ text: 'Run Ohio at capacity.', sourceUrl: PLANT_NEWS }] },
  ],
  prospects: [
    {
      name: 'Jane Roe',
      title: 'COO',
      buyingCenter: 'Supply Chain Operations',
      why: 'Runs the plants.',
      score: 0.9,
      sourceUrl: LEADERSHIP,
      sourceKind: 'Company website',
    },
  ],
  prospectNote: '1 prospect with a quality score of 0.80 or more.',
  outreach: [
    {
      prospectName: 'Jane Roe',
      buyingCenter: 'Supply Chain Operations',
      angle: 'Ramp Ohio.',
      trigger: { text: 'Acme opened a plant in Ohio.', sourceUrl: PLANT_NEWS },
      message: 'Hi Jane.',
    },
  ],
  sources: [
    { url: LEADERSHIP, title: 'Leadership', publisher: 'acme.example', publishedAt: null },
    { url: PLANT_NEWS, title: 'Acme opens a plant in Ohio', publisher: 'Reuters', publishedAt: '2026-11-19T15:00:00Z' },
    { url: HN, title: 'Acme robots in production', publisher: 'Hacker News', publishedAt: '2026-10-01T12:00:00Z' },
  ],
  ...overrides,
});

describe('airReportEntry', () => {
  it("has the e-mail's subject as its title, the company, and the e-mail's sections in its order", () => {
    const entry = airReportEntry(report());
    expect(entry).toMatchObject({ kind: 'air_report', title: 'Account Intelligence Report: Acme', companies: ['Acme'] });
    expect(entry.blocks.filter((b) => b.type === 'heading').map((b) => b.text)).toEqual([
      'Company',
      'News intelligence',
      'Social listening',
      'Buying centers',
      'Prospects (1)',
      'Outreach strategy',
    ]);
    expect(entry.blocks[0]).toEqual({ type: 'paragraph', text: 'Acme builds warehouse robots.' });
    expect(entry.blocks).toContainEqual({
      type: 'facts',
      rows: [
        { label: 'Legal name', value: 'Acme Corporation', sourceUrl: SEC_PROFILE },
        { label: 'Revenue (fiscal year 2025)', value: '$1.23B', sourceUrl: TEN_K },
      ],
    });
    expect(entry.blocks).toContainEqual({
      type: 'articles',
      items: [
        {
          url: PLANT_NEWS,
          title: 'Acme opens an Ohio plant',
          publisher: 'Reuters',
          publishedAt: '2026-11-19',
          summary: 'Expansion: Capacity doubles.',
        },
      ],
    });
    expect(entry.blocks).toContainEqual({
      type: 'list',
      items: [{ text: 'Jane Roe — COO (Supply Chain Operations · score 0.90 · Company website): Runs the plants.', sourceUrl: LEADERSHIP }],
    });
    expect(entry.blocks.at(-1)).toEqual({
      type: 'note',
      text: expect.stringMatching(/^Built from 3 public sources read for this report\./),
    });
  });

  it('links each fact, priority, prospect and trigger to its source as the e-mail\'s "(source)" does', () => {
    const entry = airReportEntry(report());
    expect(entry.blocks).toContainEqual({ type: 'list', items: [{ text: 'Run Ohio at capacity.', sourceUrl: PLANT_NEWS }] });
    expect(entry.blocks).toContainEqual({
      type: 'list',
      items: ['Angle: Ramp Ohio.', { text: 'Trigger: Acme opened a plant in Ohio.', sourceUrl: PLANT_NEWS }],
    });
  });

  it('keeps a line whose address is not http(s) as plain text, as the e-mail links none', () => {
    const entry = airReportEntry(
      report({
        facts: [{ label: 'About', value: 'Robots', sourceUrl: 'javascript:alert(1)' }],
        buyingCenters: [{ name: 'Finance', roles: [], priorities: [{ text: 'Cut costs.', sourceUrl: 'data:text/html,<b>x</b>' }] }],
      }),
    );
    expect(entry.blocks).toContainEqual({
      type: 'facts',
      rows: [
        { label: 'About', value: 'Robots' },
        { label: 'Revenue (fiscal year 2025)', value: '$1.23B', sourceUrl: TEN_K },
      ],
    });
    expect(entry.blocks).toContainEqual({ type: 'list', items: ['Cut costs.'] });
    expect(JSON.stringify(entry.blocks)).not.toMatch(/javascript:|data:/);
  });

  it('lists every page the report was built from and every address its e-mail links, once each, and no other', () => {
    const entry = airReportEntry(report());
    const urls = documentSources(entry).map((s) => s.url);
    expect(new Set(urls)).toEqual(new Set([TEN_K, PLANT_NEWS, HN, LEADERSHIP, SEC_PROFILE]));
    expect(urls).toHaveLength(5);
  });

  it('never lists an address that is not http(s) as a source (the e-mail links none)', () => {
    const entry = airReportEntry(report({ facts: [{ label: 'About', value: 'Robots', sourceUrl: 'javascript:alert(1)' }] }));
    expect(JSON.stringify(entry.sources)).not.toContain('javascript:');
  });

  it('says so where a section found nothing, as the e-mail does', () => {
    const entry = airReportEntry(
      report({ events: [], social: { searched: ['Hacker News'], posts: [], note: null }, buyingCenters: [], prospects: [], outreach: [] }),
    );
    const notes = entry.blocks.filter((b) => b.type === 'note').map((b) => b.text);
    expect(notes).toEqual([
      'No events a seller can act on in the last 90 days.',
      'Nothing found.',
      'No buying center could be grounded in what was found.',
      '1 prospect with a quality score of 0.80 or more.',
      'No opening could be hung on a sourced event.',
      expect.stringMatching(/^Built from 3 public sources/),
    ]);
  });
});
