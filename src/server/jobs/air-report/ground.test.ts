import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AirBuyingCenter, AirProspect } from '../../../shared/air.ts';
import type { Retrieved } from '../../ai/grounding.ts';
import { ReportGrounding } from './ground.ts';
import type { Candidate, eventsOutput, outreachOutput, personasOutput, prospectsOutput } from './prompts.ts';

type EventPick = z.infer<typeof eventsOutput>['events'][number];
type CenterPick = z.infer<typeof personasOutput>['buyingCenters'][number];
type ProspectPick = z.infer<typeof prospectsOutput>['prospects'][number];
type OutreachPick = z.infer<typeof outreachOutput>['outreach'][number];

// What a report retrieved: the company's leadership page, an 8-K, two news articles.
const LEADERSHIP = 'https://www.acme.example/leadership';
const FILING = 'https://www.sec.gov/Archives/edgar/data/1990001/000199000126000007/ex99.htm';
const PLANT_NEWS = 'https://news.example.com/acme-opens-ohio-plant?id=7';
const HIRE_NEWS = 'https://news.example.com/acme-hires';
const INVENTED = 'https://invented.example.net/acme-story';

const doc = (overrides: Partial<Retrieved> & Pick<Retrieved, 'url'>): Retrieved => ({
  title: null,
  publisher: null,
  publishedAt: null,
  text: '',
  evidence: 'article',
  ...overrides,
});

const documents: Retrieved[] = [
  doc({
    url: LEADERSHIP,
    title: 'Our leadership',
    publisher: 'acme.example',
    text: 'Jane Roe, Chief Executive Officer. John Smith, Chief Financial Officer. Priya Patel, VP Supply Chain Operations.',
  }),
  doc({
    url: FILING,
    title: 'Form 8-K, Item 5.02',
    publisher: 'SEC EDGAR',
    publishedAt: '2026-10-02',
    text: 'On October 1, 2026 the Board appointed Maria Garcia as Chief Operating Officer.',
  }),
  doc({
    url: PLANT_NEWS,
    title: 'Acme opens an Ohio plant',
    publisher: 'Reuters',
    publishedAt: '2026-11-20T15:00:00Z',
    text: '“The plant doubles our capacity,” said Tom Lee, head of logistics at Acme. Bob Stone attended the opening.',
  }),
  doc({ url: HIRE_NEWS, title: 'Acme hires', publisher: 'Business Wire', publishedAt: null, text: 'Acme is hiring 300 people in Ohio.' }),
];

const candidates: Candidate[] = [
  { name: 'Jane Roe', title: 'Chief Executive Officer', sourceUrl: LEADERSHIP, sourceKind: 'Company website' },
  { name: 'John Smith', title: 'Chief Financial Officer', sourceUrl: LEADERSHIP, sourceKind: 'Company website' },
  { name: 'Priya Patel', title: 'VP Supply Chain Operations', sourceUrl: LEADERSHIP, sourceKind: 'Company website' },
  { name: 'Maria Garcia', title: 'Chief Operating Officer', sourceUrl: FILING, sourceKind: 'SEC filing' },
];

const centers: AirBuyingCenter[] = [
  { name: 'Supply Chain Operations', roles: ['COO', 'VP Supply Chain'], priorities: [] },
  { name: 'Finance', roles: ['CFO'], priorities: [] },
];

const event = (overrides: Partial<EventPick> = {}): EventPick => ({
  type: 'expansion',
  date: '2026-11-19',
  headline: 'Acme opens an Ohio plant',
  summary: 'Capacity doubles; logistics will need new tooling.',
  sourceUrl: PLANT_NEWS,
  ...overrides,
});

const center = (overrides: Partial<CenterPick> = {}): CenterPick => ({
  name: 'Supply Chain Operations',
  roles: ['COO'],
  priorities: [{ text: 'Run the new Ohio plant at full capacity.', sourceUrl: PLANT_NEWS }],
  ...overrides,
});

const pick = (overrides: Partial<ProspectPick> = {}): ProspectPick => ({
  name: 'Jane Roe',
  title: 'Chief Executive Officer',
  buyingCenter: 'Supply Chain Operations',
  why: 'Owns the plant expansion.',
  score: 0.9,
  sourceUrl: LEADERSHIP,
  ...overrides,
});

const message = (overrides: Partial<OutreachPick> = {}): OutreachPick => ({
  prospectName: 'Jane Roe',
  buyingCenter: 'Supply Chain Operations',
  angle: 'Ramping up the Ohio plant.',
  trigger: { text: 'Acme opened an Ohio plant.', sourceUrl: PLANT_NEWS },
  message: 'Hi Jane, congratulations on Ohio.',
  ...overrides,
});

// The documents' "now": event dates are judged against it.
const NOW = new Date('2026-11-26T17:00:00Z');
const grounding = (options: ConstructorParameters<typeof ReportGrounding>[1] = {}) =>
  new ReportGrounding(documents, { now: NOW, ...options });
const prospects = (picks: ProspectPick[], people = candidates) => grounding().prospects({ prospects: picks }, people, centers);

describe('ReportGrounding.url and names', () => {
  it('gives a cited URL as it was retrieved, and null for one that was not', () => {
    expect(grounding().url('http://acme.example/leadership/')).toBe(LEADERSHIP);
    expect(grounding().url(INVENTED)).toBeNull();
    expect(grounding().url('javascript:alert(1)')).toBeNull();
  });

  it('finds a name as whole words, in the text or the title', () => {
    const g = grounding();
    expect(g.names(LEADERSHIP, 'jane   ROE')).toBe(true);
    expect(g.names(LEADERSHIP, 'our leadership')).toBe(true);
    expect(g.names(LEADERSHIP, 'Jan Roe')).toBe(false);
    expect(g.names(LEADERSHIP, 'Jane Roe Smith')).toBe(false);
    expect(g.names(LEADERSHIP, '—')).toBe(false);
    expect(g.names(INVENTED, 'Jane Roe')).toBe(false);
  });
});

describe('ReportGrounding.events', () => {
  it('keeps an event whose article was retrieved, with the URL as retrieved', () => {
    expect(grounding().events({ events: [event({ sourceUrl: 'http://news.example.com/acme-opens-ohio-plant/?id=7#top' })] })).toEqual([
      {
        type: 'expansion',
        date: '2026-11-19',
        headline: 'Acme opens an Ohio plant',
        summary: 'Capacity doubles; logistics will need new tooling.',
        sourceUrl: PLANT_NEWS,
      },
    ]);
  });

  it('drops an event whose URL was invented', () => {
    const events = grounding().events({
      events: [event({ headline: 'Invented merger', sourceUrl: INVENTED }), event({ headline: 'Not a URL', sourceUrl: 'see above' })],
    });
    expect(events).toEqual([]);
  });

  it('drops a headline already given, whatever its case and spacing', () => {
    const events = grounding().events({
      events: [
        event(),
        event({ headline: 'ACME opens an  Ohio plant', sourceUrl: HIRE_NEWS }),
        event({ headline: 'Acme hires 300 people', sourceUrl: HIRE_NEWS }),
      ],
    });
    expect(events.map((e) => [e.headline, e.sourceUrl])).toEqual([
      ['Acme opens an Ohio plant', PLANT_NEWS],
      ['Acme hires 300 people', HIRE_NEWS],
    ]);
  });

  it('takes a missing or malformed date from the document, else leaves it empty', () => {
    const events = grounding().events({
      events: [
        event({ headline: 'No date', date: null }),
        event({ headline: 'Words for a date', date: 'Nov 20, 2026' }),
        event({ headline: 'A time, not a date', date: '2026-11-20T10:00:00Z' }),
        event({ headline: 'Undated article', date: null, sourceUrl: HIRE_NEWS }),
      ],
    });
    expect(events.map((e) => e.date)).toEqual(['2026-11-20', '2026-11-20', '2026-11-20', null]);
  });

  it('cleans markup and web addresses out of the model text, and drops a headline left empty', () => {
    const events = grounding().events({
      events: [
        event({
          headline: '<b>Acme</b> opens a plant — verify at https://evil.example/login',
          summary: 'Read more at www.evil.example/x <script>alert(1)</script>\nnow.',
        }),
        event({ headline: '<img src=x onerror=alert(1)>', sourceUrl: HIRE_NEWS }),
      ],
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.headline).toBe('Acme opens a plant — verify at');
    expect(events[0]!.summary).toBe('Read more at alert(1) now.');
  });
});

describe('ReportGrounding.buyingCenters', () => {
  it('keeps priorities whose source was retrieved, with the URL as retrieved', () => {
    const [kept] = grounding().buyingCenters({
      buyingCenters: [
        center({
          priorities: [
            { text: 'Run the new Ohio plant at full capacity.', sourceUrl: 'https://news.example.com/acme-opens-ohio-plant/?id=7' },
            { text: 'Cut freight costs by 20%.', sourceUrl: INVENTED },
            { text: 'Hire 300 people.', sourceUrl: HIRE_NEWS },
          ],
        }),
      ],
    });
    expect(kept!.priorities).toEqual([
      { text: 'Run the new Ohio plant at full capacity.', sourceUrl: PLANT_NEWS },
      { text: 'Hire 300 people.', sourceUrl: HIRE_NEWS },
    ]);
  });

  it('cleans names, roles and priorities, and drops what is left empty', () => {
    const kept = grounding().buyingCenters({
      buyingCenters: [
        center({
          name: ' <i>Finance</i> ',
          roles: ['CFO', '<br>', 'Controller https://evil.example/x'],
          priorities: [
            { text: '<p></p>', sourceUrl: PLANT_NEWS },
            { text: 'Fund the plant; see http://evil.example', sourceUrl: PLANT_NEWS },
          ],
        }),
        center({ name: '<b></b>' }),
      ],
    });
    expect(kept).toEqual([
      { name: 'Finance', roles: ['CFO', 'Controller'], priorities: [{ text: 'Fund the plant; see', sourceUrl: PLANT_NEWS }] },
    ]);
  });

  it('keeps a center with no grounded priority (its roles are the persona)', () => {
    const kept = grounding().buyingCenters({ buyingCenters: [center({ priorities: [{ text: 'Invented', sourceUrl: INVENTED }] })] });
    expect(kept).toEqual([{ name: 'Supply Chain Operations', roles: ['COO'], priorities: [] }]);
  });
});

describe('ReportGrounding.prospects', () => {
  it("keeps a candidate with its source's title, URL and kind, whatever the model says", () => {
    expect(prospects([pick({ title: 'Chief Technology Officer', sourceUrl: INVENTED })])).toEqual([
      {
        name: 'Jane Roe',
        title: 'Chief Executive Officer',
        buyingCenter: 'Supply Chain Operations',
        why: 'Owns the plant expansion.',
        score: 0.9,
        sourceUrl: LEADERSHIP,
        sourceKind: 'Company website',
      },
    ]);
  });

  it("writes a candidate's name as the source does", () => {
    const [kept] = prospects([pick({ name: 'JANE ROE' })]);
    expect(kept!.name).toBe('Jane Roe');
    const [filed] = prospects([pick({ name: 'maria garcia', sourceUrl: LEADERSHIP })]);
    expect(filed).toMatchObject({ name: 'Maria Garcia', title: 'Chief Operating Officer', sourceUrl: FILING, sourceKind: 'SEC filing' });
  });

  it('drops a person the cited document does not name', () => {
    expect(prospects([pick({ name: 'Ghost Person', title: 'Chief Executive Officer', sourceUrl: LEADERSHIP })])).toEqual([]);
    expect(prospects([pick({ name: 'Ghost Person', sourceUrl: INVENTED })])).toEqual([]);
    // Named, but in another document than the one cited.
    expect(prospects([pick({ name: 'Tom Lee', title: 'head of logistics', sourceUrl: HIRE_NEWS })])).toEqual([]);
  });

  it('drops a candidate whose own source does not name them (or was not retrieved)', () => {
    const people: Candidate[] = [
      { name: 'Zed Zee', title: 'Chief Revenue Officer', sourceUrl: LEADERSHIP, sourceKind: 'Company website' },
      { name: 'Tom Lee', title: 'VP Logistics', sourceUrl: INVENTED, sourceKind: 'Company website' },
    ];
    expect(prospects([pick({ name: 'Zed Zee' }), pick({ name: 'Tom Lee', sourceUrl: PLANT_NEWS })], people)).toEqual([]);
  });

  it('keeps a person named only in a news article when the article also states the title', () => {
    expect(
      prospects([pick({ name: 'Tom Lee', title: 'Head of Logistics', sourceUrl: 'http://news.example.com/acme-opens-ohio-plant?id=7' })]),
    ).toEqual([
      {
        name: 'Tom Lee',
        title: 'Head of Logistics',
        buyingCenter: 'Supply Chain Operations',
        why: 'Owns the plant expansion.',
        score: 0.9,
        sourceUrl: PLANT_NEWS,
        sourceKind: 'News',
      },
    ]);
    expect(prospects([pick({ name: 'Bob Stone', title: 'VP Operations', sourceUrl: PLANT_NEWS })])).toEqual([]);
  });

  it('labels a person found only in a filing as from an SEC filing', () => {
    const [kept] = prospects([pick({ name: 'Maria Garcia', title: 'Chief Operating Officer', sourceUrl: FILING })], []);
    expect(kept).toMatchObject({ sourceUrl: FILING, sourceKind: 'SEC filing', title: 'Chief Operating Officer' });
  });

  it('drops duplicates: the first pick of a person wins', () => {
    const kept = prospects([
      pick({ why: 'First.' }),
      pick({ name: 'jane  roe', why: 'Second.', score: 0.95 }),
      pick({ name: 'John Smith', buyingCenter: 'Finance' }),
    ]);
    expect(kept.map((p) => [p.name, p.why])).toEqual([
      ['Jane Roe', 'First.'],
      ['John Smith', 'Owns the plant expansion.'],
    ]);
  });

  it('keeps only scores at or above 0.80, best first, rounded to two decimals', () => {
    const kept = prospects([
      pick({ name: 'Jane Roe', score: 0.8 }),
      pick({ name: 'John Smith', score: 0.7999 }),
      pick({ name: 'Priya Patel', score: 0.9666 }),
      pick({ name: 'Maria Garcia', score: Number.NaN }),
    ]);
    expect(kept.map((p) => [p.name, p.score])).toEqual([
      ['Priya Patel', 0.97],
      ['Jane Roe', 0.8],
    ]);
  });

  it('keeps at most 20 people, counting only those it keeps', () => {
    const names = Array.from({ length: 22 }, (_, i) => `Person ${String.fromCharCode(65 + i)}lpha`);
    const roster = new ReportGrounding([doc({ url: LEADERSHIP, text: names.map((name) => `${name}, Vice President.`).join(' ') })]);
    const picks = [
      ...['Ghost One', 'Ghost Two', 'Ghost Three'].map((name) => pick({ name, title: 'Vice President' })),
      ...names.map((name, i) => pick({ name, title: 'Vice President', score: i % 2 ? 0.85 : 0.95 })),
    ];
    const kept = roster.prospects({ prospects: picks }, [], centers);
    expect(kept).toHaveLength(20);
    expect(kept.map((p) => p.name).sort()).toEqual(names.slice(0, 20));
    expect(kept.map((p) => p.score)).toEqual([...Array(10).fill(0.95), ...Array(10).fill(0.85)]);
  });

  it('matches the buying center whatever its case', () => {
    const kept = prospects([pick({ buyingCenter: 'supply chain OPERATIONS' }), pick({ name: 'John Smith', buyingCenter: 'FINANCE' })]);
    expect(kept.map((p) => p.buyingCenter)).toEqual(['Supply Chain Operations', 'Finance']);
  });

  it('cleans the model text it keeps', () => {
    const [kept] = prospects([pick({ why: 'Owns <b>the plant</b>; book at https://evil.example/cal', buyingCenter: '<i>Logistics</i>' })]);
    expect(kept).toMatchObject({ why: 'Owns the plant ; book at', buyingCenter: 'Logistics' });
  });
});

describe('ReportGrounding.outreach', () => {
  const kept: AirProspect[] = prospects([pick(), pick({ name: 'John Smith', buyingCenter: 'Finance' })]);

  it('keeps a message for a kept prospect or a whole buying center, with the trigger URL as retrieved', () => {
    const items = grounding().outreach(
      {
        outreach: [
          message({
            prospectName: 'jane roe',
            trigger: { text: 'The Ohio plant.', sourceUrl: 'https://news.example.com/acme-opens-ohio-plant/?id=7' },
          }),
          message({ prospectName: null, buyingCenter: 'Finance' }),
        ],
      },
      kept,
    );
    expect(items).toEqual([
      {
        prospectName: 'Jane Roe',
        buyingCenter: 'Supply Chain Operations',
        angle: 'Ramping up the Ohio plant.',
        trigger: { text: 'The Ohio plant.', sourceUrl: PLANT_NEWS },
        message: 'Hi Jane, congratulations on Ohio.',
      },
      {
        prospectName: null,
        buyingCenter: 'Finance',
        angle: 'Ramping up the Ohio plant.',
        trigger: { text: 'Acme opened an Ohio plant.', sourceUrl: PLANT_NEWS },
        message: 'Hi Jane, congratulations on Ohio.',
      },
    ]);
  });

  it('drops a message for someone who is not a kept prospect', () => {
    const items = grounding().outreach(
      {
        outreach: [
          message({ prospectName: 'Ghost Person' }),
          // Named in the documents, but not among the prospects kept.
          message({ prospectName: 'Priya Patel' }),
        ],
      },
      kept,
    );
    expect(items).toEqual([]);
  });

  it('drops a message whose trigger URL was not retrieved', () => {
    expect(grounding().outreach({ outreach: [message({ trigger: { text: 'A merger.', sourceUrl: INVENTED } })] }, kept)).toEqual([]);
    expect(grounding().outreach({ outreach: [message({ prospectName: null, trigger: { text: 'x', sourceUrl: '' } })] }, kept)).toEqual([]);
  });

  it('cleans markup and web addresses out of every text', () => {
    const [item] = grounding().outreach(
      {
        outreach: [
          message({
            buyingCenter: '<b>Finance</b>',
            angle: 'Save <i>money</i>',
            trigger: { text: 'Ohio <img src=x onerror=alert(1)> plant', sourceUrl: PLANT_NEWS },
            message: 'Hi Jane,\n\nBook a slot at https://evil.example/cal or www.evil.example now.',
          }),
        ],
      },
      kept,
    );
    expect(item).toMatchObject({
      buyingCenter: 'Finance',
      angle: 'Save money',
      trigger: { text: 'Ohio plant', sourceUrl: PLANT_NEWS },
      // Paragraphs stay; addresses go.
      message: 'Hi Jane,\n\nBook a slot at or now.',
    });
  });
});

describe('ReportGrounding, what a review found', () => {
  it('never keeps an officer a filing says is leaving, even cited to the page that still lists them', () => {
    const leaving = grounding({ excludedPeople: ['John Smith'] }).prospects(
      { prospects: [pick({ name: 'John Smith', title: 'Chief Financial Officer' }), pick()] },
      [],
      centers,
    );
    expect(leaving.map((p) => p.name)).toEqual(['Jane Roe']);
  });

  it("labels a person found on the company's own pages as the company website's, not the news'", () => {
    const [kept] = grounding({ siteHost: 'acme.example' }).prospects({ prospects: [pick()] }, [], centers);
    expect(kept?.sourceKind).toBe('Company website');
    const [news] = grounding({ siteHost: 'acme.example' }).prospects(
      { prospects: [pick({ name: 'Tom Lee', title: 'head of logistics', sourceUrl: PLANT_NEWS })] },
      [],
      centers,
    );
    expect(news?.sourceKind).toBe('News');
  });

  it('keeps a title only when it stands near the name, and a name only with two words or more', () => {
    const far = new ReportGrounding(
      [doc({ url: PLANT_NEWS, text: `Bob Stone attended. ${'Unrelated words here. '.repeat(20)} Tom Lee, head of logistics, spoke.` })],
      { now: NOW },
    );
    expect(
      far.prospects({ prospects: [pick({ name: 'Bob Stone', title: 'head of logistics', sourceUrl: PLANT_NEWS })] }, [], centers),
    ).toEqual([]);
    expect(
      far.prospects({ prospects: [pick({ name: 'Tom Lee', title: 'head of logistics', sourceUrl: PLANT_NEWS })] }, [], centers),
    ).toHaveLength(1);
    expect(grounding().prospects({ prospects: [pick({ name: 'Acme', title: 'Acme', sourceUrl: PLANT_NEWS })] }, [], centers)).toEqual([]);
  });

  it("replaces an event date that is no real day, or not of the news searched, with the article's own New York day", () => {
    const [impossible] = grounding().events({ events: [event({ date: '2026-13-45' })] });
    expect(impossible?.date).toBe('2026-11-20');
    const [ancient] = grounding().events({ events: [event({ date: '1999-01-01' })] });
    expect(ancient?.date).toBe('2026-11-20');
    const [future] = grounding().events({ events: [event({ date: '2027-06-01' })] });
    expect(future?.date).toBe('2026-11-20');
    const [fine] = grounding().events({ events: [event({ date: '2026-11-19' })] });
    expect(fine?.date).toBe('2026-11-19');
  });
});
