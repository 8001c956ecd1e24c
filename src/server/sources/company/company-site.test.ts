import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCompanySite, LOCALISED_HOME, startFakeCompanySite } from '../../../../tests/fakes/company-site.ts';
import { startFakeHttp } from '../../../../tests/fakes/http.ts';
import { createSourceHttp, type SourceHttp } from '../web/http.ts';
import { SourceError } from '../web/types.ts';
import { companyPageLinks, createCompanySiteReader, PAGE_MAX_CHARS } from './company-site.ts';

const UA = 'EnterpriseOS/1.0 (+http://localhost; test@example.com)';

const LEADERS = [
  { name: 'Priya Raman', title: 'Co-Founder & Chief Executive Officer' },
  { name: 'Marcus Ellery', title: 'Chief Financial Officer' },
  { name: 'Dana Whitfield', title: 'Chief Operating Officer' },
  { name: 'Tomás Ibarra', title: 'Co-Founder & Chief Technology Officer' },
  { name: 'Lena Kowalczyk', title: 'Chief Revenue Officer' },
  { name: 'Grant Osei', title: 'Vice President, Supply Chain Solutions' },
  { name: 'Helen Marsh', title: 'General Counsel & Corporate Secretary' },
  { name: 'Jordan Blake', title: 'VP, People' },
];

describe('createCompanySiteReader on a corporate site', () => {
  let site: FakeCompanySite;
  const reader = (options: { maxPages?: number; http?: SourceHttp } = {}) =>
    createCompanySiteReader({
      http: options.http ?? createSourceHttp({ userAgent: UA, allowPrivateAddresses: true }),
      userAgent: UA,
      maxPages: options.maxPages,
    });
  const home = () => `${site.url}/`;
  const requested = () => site.requests.map((request) => request.path);

  beforeAll(async () => {
    site = await startFakeCompanySite();
  });
  afterAll(() => site.stop());
  beforeEach(() => site.reset());

  it('reads the home page, then the leadership, about, contact and newsroom pages it links to', async () => {
    const read = await reader().read(home());
    expect(read.homeUrl).toBe(home());
    expect(read.pages.map((page) => [page.url.replace(site.url, ''), page.kind])).toEqual([
      ['/', 'home'],
      ['/company/leadership', 'leadership'],
      ['/about-us', 'about'],
      ['/contact', 'other'],
      ['/newsroom', 'other'],
    ]);
    expect(read.pages.map((page) => page.title)).toEqual([
      'Initech | Logistics Automation Software for Modern Supply Chains',
      'Leadership | Initech',
      'About Us | Initech',
      'Contact Us | Initech',
      'Newsroom | Initech',
    ]);
    expect(read.failed).toEqual([]);
  });

  it("names the company from the home page's meta tags and JSON-LD Organization", async () => {
    const read = await reader().read(home());
    expect(read.name).toBe('Initech');
    expect(read.description).toBe(
      'Initech builds logistics automation software that orchestrates warehouses, yards and transportation for more than 600 shippers worldwide.',
    );
    expect(read.organization).toEqual({
      name: 'Initech',
      legalName: 'Initech Systems, Inc.',
      description: 'Initech Systems builds logistics automation software for warehouses, yards and transportation networks.',
      address: '500 W 2nd Street, Suite 1900, Austin, TX 78701, US',
      tickerSymbol: 'NASDAQ: INTK',
      foundingDate: '2009',
      // The javascript: address in sameAs is not one.
      sameAs: [
        'https://www.linkedin.com/company/initech-systems',
        'https://x.com/initech',
        'https://www.youtube.com/@initech',
        'https://en.wikipedia.org/wiki/Initech_Systems',
      ],
      founders: [
        { name: 'Priya Raman', title: 'Chief Executive Officer' },
        { name: 'Tomás Ibarra', title: null },
      ],
      employees: [],
    });
  });

  it('finds exactly the eight leaders with their titles, from the leadership page', async () => {
    const read = await reader().read(home());
    const leadershipUrl = `${site.url}/company/leadership`;
    expect(read.people).toEqual(LEADERS.map((leader) => ({ ...leader, pageUrl: leadershipUrl })));
  });

  it("keeps a page's lines apart and leaves out scripts, menus and the cookie banner", async () => {
    const leadership = (await reader().read(home())).pages[1]!;
    expect(leadership.text).toContain('Priya Raman\nCo-Founder & Chief Executive Officer\nRead bio');
    expect(leadership.text).toContain('Jordan Blake\nVP, People');
    expect(leadership.text).not.toMatch(
      /gtm\.js|initechSettings|--brand|Accept All Cookies|We Value Your Privacy|Warehouse Orchestration\n/,
    );
    expect(leadership.text).not.toMatch(/<[a-z/]/i);
    expect(leadership.text.length).toBeLessThanOrEqual(PAGE_MAX_CHARS);
  });

  it('honours robots.txt: the disallowed page is reported and never requested; no PDF, careers or product page is fetched', async () => {
    const read = await reader().read(home());
    expect(read.blocked).toEqual([`${site.url}/private/board-minutes`]);
    expect(requested()[0]).toBe('/robots.txt');
    expect(requested().filter((path) => path === '/robots.txt')).toHaveLength(1);
    expect(requested().some((path) => path.startsWith('/private/'))).toBe(false);
    expect(requested().some((path) => path.endsWith('.pdf'))).toBe(false);
    expect(requested()).not.toContain('/careers');
    expect(requested().some((path) => path.startsWith('/solutions/'))).toBe(false);
    expect(new Set(site.requests.map((request) => request.userAgent))).toEqual(new Set([UA]));
  });

  it("asks for each page at robots.txt's Crawl-delay", async () => {
    site.mode.crawlDelaySeconds = 0.01;
    const base = createSourceHttp({ userAgent: UA, allowPrivateAddresses: true });
    const intervals: Array<number | undefined> = [];
    const http: SourceHttp = {
      ...base,
      getPage: (url, init) => {
        intervals.push(init?.minIntervalMs);
        return base.getPage(url, init);
      },
    };
    await reader({ http }).read(home());
    expect(intervals.length).toBeGreaterThan(1);
    expect(new Set(intervals)).toEqual(new Set([10]));
  });

  it('reads at most maxPages pages besides the home page, the best first', async () => {
    const read = await reader({ maxPages: 1 }).read(home());
    expect(read.pages.map((page) => page.url)).toEqual([home(), `${site.url}/company/leadership`]);
    expect(requested()).toEqual(['/robots.txt', '/', '/company/leadership']);
  });

  it('reports the address it ended at after a redirect', async () => {
    site.mode.redirectHome = true;
    const read = await reader().read(home());
    expect(read.homeUrl).toBe(`${site.url}${LOCALISED_HOME}`);
    expect(read.pages[0]).toMatchObject({ url: `${site.url}${LOCALISED_HOME}`, kind: 'home' });
    expect(read.name).toBe('Initech');
  });

  it('lists a page that failed and goes on; the founders then come from the JSON-LD', async () => {
    site.mode.failingPaths = ['/company/leadership'];
    const read = await reader().read(home());
    expect(read.failed).toEqual([{ url: `${site.url}/company/leadership`, reason: expect.stringMatching(/answered 500/) }]);
    expect(read.pages.map((page) => page.kind)).toEqual(['home', 'about', 'other', 'other']);
    expect(read.people).toEqual([
      { name: 'Priya Raman', title: 'Chief Executive Officer', pageUrl: home() },
      { name: 'Tomás Ibarra', title: 'Founder', pageUrl: home() },
    ]);
  });

  it('throws a SourceError naming the site when the site answers 503', async () => {
    site.mode.down = true;
    const failure = reader().read(home());
    await expect(failure).rejects.toBeInstanceOf(SourceError);
    await expect(failure).rejects.toThrow(`${site.url.replace('http://', '')}: the site did not answer (robots.txt answered 503)`);
  });

  it('throws a SourceError about robots.txt when it disallows everything, and reads nothing else', async () => {
    site.mode.robotsDisallowAll = true;
    const failure = reader().read(home());
    await expect(failure).rejects.toBeInstanceOf(SourceError);
    await expect(failure).rejects.toThrow(/robots\.txt does not let us read the home page/);
    expect(requested()).toEqual(['/robots.txt']);
  });

  it('throws a SourceError when nothing answers at the address', async () => {
    const gone = await startFakeCompanySite();
    await gone.stop();
    await expect(reader().read(`${gone.url}/`)).rejects.toThrow(/the site did not answer \(request to .*robots\.txt failed/);
  });

  it('throws a SourceError for an address that is not a website', async () => {
    await expect(reader().read('ftp://initech.example/')).rejects.toBeInstanceOf(SourceError);
  });
});

describe('createCompanySiteReader on a site of many bad links', () => {
  // A home page of 500 leadership links robots.txt disallows, and one whose address is 2,100 characters long.
  const longLink = `/leadership/${'a'.repeat(2_100)}`;
  const requests: string[] = [];
  let url = '';
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const server = await startFakeHttp((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/robots.txt')
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /team/\n');
      const links = Array.from({ length: 500 }, (_, i) => `<a href="/team/leadership-${i}">Leadership</a>`).join('');
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><a href="${longLink}">Our leadership</a>${links}</body></html>`);
    });
    url = server.url;
    stop = server.stop;
  });
  afterAll(() => stop());

  it('counts refused links towards its page limit: a page of hundreds of them is not hundreds of checks', async () => {
    const read = await createCompanySiteReader({
      http: createSourceHttp({ userAgent: UA, allowPrivateAddresses: true }),
      userAgent: UA,
      maxPages: 6,
    }).read(`${url}/`);
    expect(read.failed).toEqual([{ url: `${url}${longLink}`, reason: 'an address longer than 2000 characters' }]);
    expect(read.blocked).toHaveLength(5);
    expect(read.pages.map((page) => page.kind)).toEqual(['home']);
    expect(requests).toEqual(['/robots.txt', '/']);
  });
});

describe('companyPageLinks', () => {
  const page = 'https://www.initech.example/';
  const links = (body: string) => companyPageLinks(`<html><body>${body}</body></html>`, page).map((link) => link.url);

  it('ranks leadership over about over contact over news, and skips pages that say nothing of the company', () => {
    expect(
      links(`
        <a href="/newsroom">Newsroom</a><a href="/contact">Contact us</a><a href="/about-us">About us</a>
        <a href="/company/leadership">Leadership</a><a href="/careers">Join our team</a><a href="/solutions/yard-management">Yard Management</a>
        <a href="/legal/privacy-policy">Privacy</a><a href="/blog/our-story">Our story</a><a href="/">Home</a>`),
    ).toEqual([
      'https://www.initech.example/company/leadership',
      'https://www.initech.example/about-us',
      'https://www.initech.example/contact',
      'https://www.initech.example/newsroom',
    ]);
  });

  it('treats www. and the bare host as one site; other hosts, fragments, files and repeats are not followed', () => {
    expect(
      links(`
        <a href="https://initech.example/about">About</a>
        <a href="https://www.initech.example/about#history">Our history</a>
        <a href="https://investors.initech.example/management">Management</a>
        <a href="https://www.globex.example/leadership">Leadership</a>
        <a href="/files/leadership-bios.pdf">Leadership bios (PDF)</a>
        <a href="/img/team.jpg">Team photo</a>
        <a href="mailto:press@initech.example">Press</a>
        <a href="/our-team.html">Our team</a>`),
    ).toEqual(['https://www.initech.example/our-team.html', 'https://initech.example/about']);
  });

  it('reads a menu item by its text when its path says nothing ("/p/123")', () => {
    expect(companyPageLinks('<a href="/p/123">Management Team</a><a href="/p/124">People Analytics</a>', page)).toEqual([
      { url: 'https://www.initech.example/p/123', text: 'Management Team', topic: 'leadership', score: 8 },
    ]);
  });
});
