// A stand-in for a public company's own website: Initech Systems, Inc. (brand "Initech", logistics
// automation software, Austin, Texas; Nasdaq: INTK), as a WordPress-style CMS serves it: a header
// mega-menu, a footer, a cookie banner, scripts and styles, schema.org JSON-LD on the home page, a
// leadership page of person cards, and a robots.txt that keeps crawlers out of /private/. Pages come
// from the templates in fixtures/company-site (each page's <main> inside one layout; .tmpl, so the
// linter leaves their real-world markup as a CMS writes it).
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import { hostilePath, hostileRobotsTxt } from './hostile-robots.ts';
import { startFakeHttp } from './http.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/company-site/${name}.tmpl`, import.meta.url), 'utf8');
const layout = fixture('layout.html');

type SitePage = { file: string; title: string; description: string; head?: string; bodyClass: string };

const PAGES: Record<string, SitePage> = {
  '/': {
    file: 'home.html',
    title: 'Initech | Logistics Automation Software for Modern Supply Chains',
    description:
      'Initech builds logistics automation software that orchestrates warehouses, yards and transportation for more than 600 shippers worldwide.',
    head: 'home-head.html',
    bodyClass: 'home',
  },
  '/about-us': {
    file: 'about-us.html',
    title: 'About Us | Initech',
    description: 'Founded in Austin in 2009, Initech builds the software that keeps goods moving.',
    bodyClass: 'page-about-us',
  },
  '/company/leadership': {
    file: 'leadership.html',
    title: 'Leadership | Initech',
    description: 'Meet the executive team leading Initech.',
    bodyClass: 'page-leadership',
  },
  '/newsroom': {
    file: 'newsroom.html',
    title: 'Newsroom | Initech',
    description: 'News and press releases from Initech.',
    bodyClass: 'page-newsroom',
  },
  '/contact': { file: 'contact.html', title: 'Contact Us | Initech', description: 'Get in touch with Initech.', bodyClass: 'page-contact' },
  '/careers': { file: 'careers.html', title: 'Careers | Initech', description: 'Join Initech.', bodyClass: 'page-careers' },
  '/private/board-minutes': {
    file: 'board-minutes.html',
    title: 'Board Portal | Initech',
    description: 'Members only.',
    bodyClass: 'page-board-portal',
  },
};
/**
 * Another company's site from the same pages, on a loopback address of its own (SECOND_COMPANY_HOST),
 * so that journeys running side by side can each have a company of their own: Hacker News search
 * answers 503 for Vandelay and its host (tests/fakes/hacker-news.ts), a source down for one report only.
 */
export const SECOND_COMPANY = 'Vandelay';
export const SECOND_COMPANY_HOST = '127.0.0.2';

/** Where the redirecting home page (mode.redirectHome) sends visitors, as sites with a language prefix do. */
export const LOCALISED_HOME = '/en/';

export type FakeCompanySiteMode = {
  /** Every request, robots.txt included, answers 503. */
  down: boolean;
  /** robots.txt disallows everything to every agent. */
  robotsDisallowAll: boolean;
  /** robots.txt has a group for EnterpriseOS with this Crawl-delay (seconds); null: only other agents have one. */
  crawlDelaySeconds: number | null;
  /** `/` answers 301 to /en/, which serves the home page. */
  redirectHome: boolean;
  /** These paths answer 500. */
  failingPaths: string[];
  /**
   * An attack on the crawler: robots.txt is megabytes of wildcard rules and the home page links
   * HOSTILE_LINKS, three leadership and about pages with 800-character addresses.
   */
  hostile: boolean;
};
export type FakeSiteRequest = { path: string; userAgent: string; at: number };

const DEFAULT_MODE: FakeCompanySiteMode = {
  down: false,
  robotsDisallowAll: false,
  crawlDelaySeconds: null,
  redirectHome: false,
  failingPaths: [],
  hostile: false,
};

/** The hostile home page's extra links (mode.hostile). */
export const HOSTILE_LINKS = [hostilePath('/leadership-'), hostilePath('/about-'), hostilePath('/executives-')];
const hostileAnchors = () => HOSTILE_LINKS.map((path) => `<a href="${path}">${path.slice(1, path.indexOf('-'))}</a>`).join('\n');

function robotsTxt(mode: FakeCompanySiteMode, origin: string): string {
  if (mode.robotsDisallowAll) return 'User-agent: *\nDisallow: /\n';
  // A group naming us replaces the * group for us (RFC 9309 §2.2.1), so it repeats its rules.
  const ours =
    mode.crawlDelaySeconds === null
      ? ''
      : `User-agent: EnterpriseOS\nCrawl-delay: ${mode.crawlDelaySeconds}\nDisallow: /private/\nDisallow: /search\n\n`;
  return `# robots.txt for www.initech.example
${ours}User-agent: *
Disallow: /private/
Disallow: /search
Disallow: /wp-admin/
Allow: /wp-admin/admin-ajax.php

User-agent: AhrefsBot
Crawl-delay: 10

User-agent: GPTBot
Disallow: /

Sitemap: ${origin}/sitemap.xml
`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

function render(page: SitePage, path: string, origin: string): string {
  const values = { origin, path, title: page.title, description: page.description, bodyClass: page.bodyClass };
  return fill(layout, { ...values, head: page.head ? fill(fixture(page.head), values) : '', main: fill(fixture(page.file), values) });
}

export async function startFakeCompanySite(port = 0, company = 'Initech', host = '127.0.0.1') {
  const requests: FakeSiteRequest[] = [];
  const mode: FakeCompanySiteMode = structuredClone(DEFAULT_MODE);
  let origin = '';
  const handler: http.RequestListener = (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    requests.push({ path, userAgent: req.headers['user-agent'] ?? '', at: Date.now() });
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': type, ...headers }).end(body);
    if (mode.down) return send(503, 'text/html', '<h1>503 Service Temporarily Unavailable</h1>');
    if (mode.failingPaths.includes(path)) return send(500, 'text/html', '<h1>Internal Server Error</h1>');
    if (path === '/robots.txt') return send(200, 'text/plain; charset=utf-8', mode.hostile ? hostileRobotsTxt() : robotsTxt(mode, origin));
    if (path.endsWith('.pdf'))
      return send(200, 'application/pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'));
    if (path === '/' && mode.redirectHome) return send(301, 'text/html', '', { location: LOCALISED_HOME });
    const page = PAGES[path === LOCALISED_HOME && mode.redirectHome ? '/' : path];
    if (page) {
      const html = render(page, path, origin).replaceAll('Initech', company);
      return send(
        200,
        'text/html; charset=UTF-8',
        mode.hostile && page === PAGES['/'] ? html.replace('</body>', `${hostileAnchors()}</body>`) : html,
      );
    }
    send(404, 'text/html; charset=UTF-8', '<!DOCTYPE html><title>Page not found | Initech</title><h1>Page not found</h1>');
  };
  const fake = await startFakeHttp(handler, port, host);
  origin = fake.url;
  return {
    /** http://127.0.0.1:<port>, no trailing slash (the reader is given it as `${url}/`). */
    url: fake.url,
    port: fake.port,
    requests,
    mode,
    reset() {
      requests.length = 0;
      Object.assign(mode, structuredClone(DEFAULT_MODE));
    },
    stop: fake.stop,
  };
}
export type FakeCompanySite = Awaited<ReturnType<typeof startFakeCompanySite>>;
