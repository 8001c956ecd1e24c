import { describe, expect, it } from 'vitest';
import type { AirOutreach, AirProspect, AirReport } from '../../../shared/air.ts';
import { type AirReportEmailProps, renderAirReportEmail } from './air-report.ts';

const HOSTILE = `<script>alert(1)</script> <img src=x onerror="alert(2)"> AT&T`;

const SITE = 'https://www.acme.example/';
const LEADERSHIP = 'https://www.acme.example/leadership';
const SEC_PROFILE = 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=1990001';
const TEN_K = 'https://www.sec.gov/Archives/edgar/data/1990001/000199000126000001-index.htm';
const PLANT_NEWS = 'https://news.example.com/acme-ohio?a=1&b=2';
const HN = 'https://news.ycombinator.com/item?id=4242';

const prospect = (overrides: Partial<AirProspect> = {}): AirProspect => ({
  name: 'Jane Roe',
  title: 'Chief Operating Officer',
  buyingCenter: 'Supply Chain Operations',
  why: 'Runs the plants the expansion adds.',
  score: 0.9,
  sourceUrl: LEADERSHIP,
  sourceKind: 'Company website',
  ...overrides,
});

const outreach = (overrides: Partial<AirOutreach> = {}): AirOutreach => ({
  prospectName: 'Jane Roe',
  buyingCenter: 'Supply Chain Operations',
  angle: 'Ramping up the Ohio plant without new hires.',
  trigger: { text: 'Acme opened a plant in Ohio.', sourceUrl: PLANT_NEWS },
  message: 'Hi Jane, congratulations on Ohio. We helped Initech ramp a plant in six weeks.',
  ...overrides,
});

/** A whole report, every section filled; overrides replace whole fields. */
const report = (overrides: Partial<AirReport> = {}): AirReport => ({
  company: {
    name: 'Acme',
    website: SITE,
    legalName: 'Acme Corporation',
    ticker: 'ACME',
    cik: '1990001',
    industry: 'Industrial machinery',
    headquarters: 'Columbus, OH',
    description: 'Acme builds warehouse robots.',
  },
  facts: [
    { label: 'Legal name', value: 'Acme Corporation', sourceUrl: SEC_PROFILE },
    { label: 'Headquarters', value: 'Columbus, OH', sourceUrl: SEC_PROFILE },
  ],
  financials: [{ label: 'Revenue (fiscal year 2025)', value: '$1.23B', sourceUrl: TEN_K }],
  filings: [{ form: '10-K', filedOn: '2026-02-20', title: '10-K', highlight: 'Annual report for the year ended 2025-12-31', url: TEN_K }],
  events: [
    {
      type: 'expansion',
      date: '2026-11-19T15:00:00Z',
      headline: 'Acme opens an Ohio plant',
      summary: 'Capacity doubles next year.',
      sourceUrl: PLANT_NEWS,
    },
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
        comments: 45,
      },
    ],
    note: null,
  },
  buyingCenters: [
    {
      name: 'Supply Chain Operations',
      roles: ['COO', 'VP Logistics'],
      priorities: [{ text: 'Run the Ohio plant at full capacity.', sourceUrl: PLANT_NEWS }],
    },
  ],
  prospects: [prospect(), prospect({ name: 'John Smith', title: 'Chief Financial Officer', buyingCenter: 'Finance', score: 0.85 })],
  prospectNote: '2 prospects with a quality score of 0.80 or more.',
  outreach: [outreach(), outreach({ prospectName: null, buyingCenter: 'Finance', message: 'Finance team: a note on Ohio.' })],
  sources: [
    { url: LEADERSHIP, title: 'Leadership', publisher: 'acme.example', publishedAt: null },
    { url: PLANT_NEWS, title: 'Acme opens an Ohio plant', publisher: 'Reuters', publishedAt: '2026-11-19T15:00:00Z' },
    { url: HN, title: 'Acme robots in production', publisher: 'Hacker News', publishedAt: '2026-10-01T12:00:00Z' },
  ],
  ...overrides,
});

const props = (overrides: Partial<AirReport> = {}): AirReportEmailProps => ({
  report: report(overrides),
  reportUrl: 'https://app.example.com/air/reports/5b0c?from=mail&x=1',
  libraryUrl: 'https://app.example.com/library/7d1e2f30-8a4b-4c5d-9e6f-0a1b2c3d4e5f',
  manageUrl: 'https://app.example.com/air',
});

const render = (overrides: Partial<AirReport> = {}) => renderAirReportEmail(props(overrides));

/** No markup made from data: the only <script>/<img> would be ones the data smuggled in. */
function expectEscaped(html: string) {
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<img');
  expect(html).not.toMatch(/<[a-z][^>]*\sonerror=/i);
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  expect(html).toContain('AT&amp;T');
}

/** The text between a section heading and the next one. */
function section(text: string, heading: string, next: string) {
  const start = text.indexOf(`\n${heading}\n`);
  const end = text.indexOf(`\n${next}`, start + 1);
  expect(start, heading).toBeGreaterThan(-1);
  expect(end, next).toBeGreaterThan(start);
  return text.slice(start, end);
}

describe('Account Intelligence Report e-mail', () => {
  it("has the company's name in the subject, on one line", async () => {
    expect((await render()).subject).toBe('Account Intelligence Report: Acme');
    const company = { ...report().company, name: 'Acme\r\nBcc: victim@example.com' };
    expect((await render({ company })).subject).toBe('Account Intelligence Report: Acme Bcc: victim@example.com');
  });

  it('has every section, in the order a seller reads them', async () => {
    const { text } = await render();
    const headings = [
      'Acme · ACME',
      'Company',
      'News intelligence',
      'Social listening',
      'Buying centers',
      'Prospects (2)',
      'Outreach strategy',
    ];
    const at = headings.map((heading) => text.indexOf(`\n${heading}\n`));
    for (const [i, heading] of headings.entries()) expect(at[i], heading).toBeGreaterThan(-1);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain('Acme builds warehouse robots.');
    expect(text).toContain('Built from 3 public sources read for this report.');
  });

  it('shows each fact, figure and filing with its source', async () => {
    const company = section((await render()).text, 'Company', 'News intelligence');
    expect(company).toContain(`Legal name: Acme Corporation (source ${SEC_PROFILE})`);
    expect(company).toContain(`Revenue (fiscal year 2025): $1.23B (source ${TEN_K})`);
    expect(company).toContain(`Form 10-K, filed 2026-02-20: Annual report for the year ended 2025-12-31 (filing ${TEN_K})`);
  });

  it('links events, posts, priorities and prospects to their sources', async () => {
    const { html, text } = await render();
    const escapedNews = PLANT_NEWS.replace(/&/g, '&amp;');
    expect(html).toContain(`href="${escapedNews}"`);
    expect(html).toContain(`href="${HN}"`);
    expect(html).toContain(`href="${LEADERSHIP}"`);

    const news = section(text, 'News intelligence', 'Social listening');
    expect(news).toContain('Expansion · Nov 19, 2026');
    expect(news).toContain(`Acme opens an Ohio plant ${PLANT_NEWS}`);
    expect(news).toContain('Capacity doubles next year.');

    const social = section(text, 'Social listening', 'Buying centers');
    expect(social).toContain(`Acme robots in production ${HN}`);
    expect(social).toContain('Hacker News · Oct 1, 2026 · 120 points · 45 comments');

    const centers = section(text, 'Buying centers', 'Prospects (2)');
    expect(centers).toContain('COO · VP Logistics');
    expect(centers).toContain(`• Run the Ohio plant at full capacity. (source ${PLANT_NEWS})`);
  });

  it('names each prospect with title, score and source in the plain text', async () => {
    const prospects = section((await render()).text, 'Prospects (2)', 'Outreach strategy');
    expect(prospects).toContain('2 prospects with a quality score of 0.80 or more.');
    expect(prospects).toContain('Jane Roe — Chief Operating Officer');
    expect(prospects).toContain(`Supply Chain Operations · score 0.90 · Company website (source ${LEADERSHIP})`);
    expect(prospects).toContain('Runs the plants the expansion adds.');
    expect(prospects).toContain('John Smith — Chief Financial Officer');
    expect(prospects).toContain('Finance · score 0.85');
  });

  it('gives each opening its prospect or buying center, angle, trigger with source, and message', async () => {
    const { text } = await render();
    const openings = text.slice(text.indexOf('\nOutreach strategy\n'));
    expect(openings).toContain('Jane Roe (Supply Chain Operations)');
    expect(openings).toContain('Angle: Ramping up the Ohio plant without new hires.');
    expect(openings).toContain(`Trigger: Acme opened a plant in Ohio. (source ${PLANT_NEWS})`);
    expect(openings).toContain('Hi Jane, congratulations on Ohio. We helped Initech ramp a plant in six weeks.');
    expect(openings).toMatch(/\nFinance\n/);
    expect(openings).toContain('Finance team: a note on Ohio.');
  });

  it('says so when a section found nothing', async () => {
    const { text } = await render({
      events: [],
      social: { searched: ['Hacker News'], posts: [], note: 'Hacker News could not be reached; nothing is said here rather than guessed.' },
      buyingCenters: [],
      prospects: [],
      prospectNote: 'No named person at Acme reached the 0.80 quality score.',
      outreach: [],
    });
    expect(text).toContain('No events a seller can act on in the last 90 days.');
    expect(text).toContain('Hacker News could not be reached; nothing is said here rather than guessed.');
    expect(text).toContain('No buying center could be grounded in what was found.');
    expect(text).toContain('Prospects (0)');
    expect(text).toContain('No named person at Acme reached the 0.80 quality score.');
    expect(text).toContain('No opening could be hung on a sourced event.');
    const silent = await render({ social: { searched: ['Hacker News'], posts: [], note: null } });
    expect(silent.text).toContain('Nothing found.');
  });

  it('escapes scripts and tags in AI and third-party text, and keeps them plain in the text part', async () => {
    const mail = await render({
      company: { ...report().company, name: `Acme ${HOSTILE}`, description: HOSTILE },
      facts: [{ label: HOSTILE, value: HOSTILE, sourceUrl: SEC_PROFILE }],
      events: [{ type: 'funding', date: null, headline: `Headline ${HOSTILE}`, summary: `Summary ${HOSTILE}`, sourceUrl: PLANT_NEWS }],
      social: { searched: ['Hacker News'], posts: [{ ...report().social.posts[0]!, title: `Post ${HOSTILE}` }], note: null },
      buyingCenters: [{ name: HOSTILE, roles: [HOSTILE], priorities: [{ text: HOSTILE, sourceUrl: PLANT_NEWS }] }],
      prospects: [prospect({ name: HOSTILE, title: HOSTILE, why: HOSTILE, buyingCenter: HOSTILE })],
      prospectNote: HOSTILE,
      outreach: [outreach({ prospectName: HOSTILE, angle: HOSTILE, trigger: { text: HOSTILE, sourceUrl: PLANT_NEWS }, message: HOSTILE })],
    });
    expectEscaped(mail.html);
    expect(mail.text).toContain(`Headline ${HOSTILE}`);
    expect(mail.text).toContain(`Summary ${HOSTILE}`);
    expect(mail.text).toContain(`Angle: ${HOSTILE}`);
    expect(mail.text).not.toContain('&amp;');
    expect(mail.subject).toBe(`Account Intelligence Report: Acme ${HOSTILE}`);
  });

  it('never makes a javascript: or data: URL a link', async () => {
    const evil = 'javascript:alert(document.cookie)';
    const mail = await render({
      facts: [{ label: 'About', value: 'Robots', sourceUrl: evil }],
      financials: [{ label: 'Revenue', value: '$1B', sourceUrl: 'data:text/html,<b>x</b>' }],
      filings: [{ form: '8-K', filedOn: '2026-11-02', title: '8-K', highlight: null, url: evil }],
      events: [{ type: 'other', date: null, headline: 'Evil event', summary: 'Something.', sourceUrl: evil }],
      social: { searched: ['Hacker News'], posts: [{ ...report().social.posts[0]!, url: evil }], note: null },
      buyingCenters: [{ name: 'Finance', roles: [], priorities: [{ text: 'Cut costs.', sourceUrl: evil }] }],
      prospects: [prospect({ sourceUrl: evil })],
      outreach: [outreach({ trigger: { text: 'Ohio.', sourceUrl: evil } })],
    });
    expect(mail.html).not.toMatch(/javascript:/i);
    expect(mail.html).not.toContain('data:text');
    expect(mail.text).not.toMatch(/javascript:/i);
    expect(mail.text).not.toContain('data:text');
    // What the link was for is still there.
    expect(mail.text).toContain('About: Robots');
    expect(mail.text).toContain('Jane Roe — Chief Operating Officer');
  });

  it("links to the report as kept in the library, to the report's page and to 'Your reports', with no Unsubscribe link: the user asked for it", async () => {
    const mail = await render();
    expect(mail.html).toContain('href="https://app.example.com/air/reports/5b0c?from=mail&amp;x=1"');
    expect(mail.html).toContain('href="https://app.example.com/air"');
    expect(mail.html).toMatch(/>Your reports</);
    expect(mail.html).toMatch(/>View in Enterprise OS</);
    expect(mail.html).toContain('href="https://app.example.com/library/7d1e2f30-8a4b-4c5d-9e6f-0a1b2c3d4e5f"');
    expect(mail.html).toMatch(/>Read in Enterprise OS</);
    expect(mail.text).toContain('Read in Enterprise OS https://app.example.com/library/7d1e2f30-8a4b-4c5d-9e6f-0a1b2c3d4e5f');
    expect(mail.html).not.toMatch(/unsubscribe/i);
    expect(mail.html).not.toMatch(/Manage this alert/);
    expect(mail.text).toContain('View in Enterprise OS https://app.example.com/air/reports/5b0c?from=mail&x=1');
    expect(mail.text).toContain('Your reports https://app.example.com/air');
    expect(mail.text).not.toMatch(/unsubscribe/i);
    expect(mail.text).toContain(
      'You get this e-mail because you asked Enterprise OS for an Account Intelligence Report on https://www.acme.example/.',
    );
  });

  it('dates an event by its calendar day, not the day before in New York', async () => {
    const mail = await renderAirReportEmail(
      props({
        events: [
          { type: 'expansion', date: '2026-03-02', headline: 'Acme opens Ohio', summary: 'Capacity doubles.', sourceUrl: PLANT_NEWS },
        ],
      }),
    );
    expect(mail.text).toContain('Mar 2, 2026');
    expect(mail.text).not.toContain('Mar 1, 2026');
  });
});

describe('the statements line (issue 27 §4)', () => {
  it('says how many of the narrative statements are sourced and how many were dropped, in both parts', async () => {
    const mail = await renderAirReportEmail({ ...props(), statements: { sourced: 16, total: 17, dropped: 1 } });
    for (const part of [mail.text, mail.html])
      expect(part).toContain('16 of 17 statements sourced · 1 dropped: not supported by its source');
    const none = await renderAirReportEmail(props());
    expect(none.text).not.toContain('statements sourced');
  });
});
