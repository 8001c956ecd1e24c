// The company's own website, for the Account Intelligence Report (issue 17): Company enrichment reads
// what the company says about itself (its name, description and schema.org Organization data), and
// Prospect discovery the people its leadership pages name, with their titles. The site is read like
// a polite crawler: robots.txt first (its rules and its Crawl-delay), the home page, then a handful of
// the site's own pages most likely to describe the company and its people, one after another.
// Everything here is what a page says; a person is only ever a name and a title written on a page.
import type { SourceHttp } from '../web/http.ts';
import { createPageReader, type PageRead, type PageReader } from '../web/page-reader.ts';
import { firstPerPerson } from '../web/person-name.ts';
import { pageKey, serverOf } from '../web/site.ts';
import { asArray, isJsonObject, type JsonObject, metaTags, schemaItems, schemaText, schemaTypes } from '../web/structured-data.ts';
import { capText, decodeEntities, htmlTitle, htmlToLine, httpUrl, walkHtml } from '../web/text.ts';
import { SourceError } from '../web/types.ts';
import { isPageChrome, pageLines, peopleOnPage, type SitePerson, schemaPerson } from './team-page.ts';

export type CompanySitePage = { url: string; title: string | null; text: string; kind: 'home' | 'about' | 'leadership' | 'other' };
/** A person the site's schema.org Organization names as a founder or an employee. */
export type OrganizationPerson = { name: string; title: string | null };
/** The home page's JSON-LD Organization (or Corporation, LocalBusiness…): what the company states about itself. */
export type SiteOrganization = {
  name: string | null;
  legalName: string | null;
  description: string | null;
  /** One line: street, city, region and postal code, country. */
  address: string | null;
  /** As written, e.g. 'NASDAQ: INTK'. */
  tickerSymbol: string | null;
  foundingDate: string | null;
  /** The company's profiles elsewhere (LinkedIn, X, Wikipedia…): http(s) only. */
  sameAs: string[];
  founders: OrganizationPerson[];
  employees: OrganizationPerson[];
};
export type CompanySite = {
  /** The URL actually read (after redirects). */
  homeUrl: string;
  name: string | null;
  description: string | null;
  /** Null when the home page carries no JSON-LD Organization. */
  organization: SiteOrganization | null;
  /** Home first, then the others in the order they were read. */
  pages: CompanySitePage[];
  /** From leadership and about pages, then the Organization's founders and employees; one per name. */
  people: SitePerson[];
  /** URLs robots.txt did not let us read. */
  blocked: string[];
  failed: { url: string; reason: string }[];
};
export type CompanySiteReader = { read(homeUrl: string, signal?: AbortSignal): Promise<CompanySite> };

/** Pages read besides the home page, unless the caller asks for another number. */
const DEFAULT_MAX_PAGES = 6;
/** A page's text beyond this is not what the model needs to know a company (leadership pages are a few thousand). */
export const PAGE_MAX_CHARS = 20_000;
const PAGE_TITLE_MAX_CHARS = 300;
const NAME_MAX_CHARS = 120;
const DESCRIPTION_MAX_CHARS = 1_000;

export function createCompanySiteReader(opts: { http: SourceHttp; userAgent: string; maxPages?: number }): CompanySiteReader {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  return {
    async read(homeUrl, signal) {
      const start = websiteUrl(homeUrl);
      // A reader of its own for each run: robots.txt is read as the site says it today (web/page-reader).
      const reader = createPageReader({ http: opts.http, userAgent: opts.userAgent, signal, service: 'company-site' });
      const home = homePage(await reader.read(start.href), serverOf(start));
      const facts = homeFacts(home.html, new URL(home.url));
      const others = await readCompanyPages(reader, home, maxPages);
      return {
        homeUrl: home.url,
        name: facts.name,
        description: facts.description,
        organization: facts.organization,
        pages: [sitePage(home.url, home.html, 'home'), ...others.pages],
        people: firstPerPerson([...others.people, ...organizationPeople(facts.organization, home.url)]),
        blocked: others.blocked,
        failed: others.failed,
      };
    },
  };
}

/**
 * The site could not be read at all. The message keeps the detail for the log (the host, the socket
 * error); `plain` says why in the words a user reads, without addresses, ports or socket errors.
 */
export class SiteUnreadableError extends SourceError {
  readonly plain: string;
  constructor(label: string, detail: string, plain: string) {
    super(label, detail);
    this.name = 'SiteUnreadableError';
    this.plain = plain;
  }
}

/** The home page as read, or the reason the site cannot be read at all. */
function homePage(page: PageRead, label: string): { url: string; html: string } {
  if (page.outcome === 'read') return page;
  if (page.outcome === 'blocked' && page.byRobots)
    throw new SiteUnreadableError(
      label,
      'robots.txt does not let us read the home page',
      "the company's website does not allow its home page to be read (robots.txt)",
    );
  if (page.outcome === 'failed' && page.siteDown)
    throw new SiteUnreadableError(label, `the site did not answer (${page.reason})`, "the company's website could not be reached");
  throw new SiteUnreadableError(label, `the home page could not be read (${page.reason})`, "the company's home page could not be read");
}

/**
 * The best-ranked pages the home page links to, read one after another until `maxPages` were asked
 * for; the links of the about and leadership pages join the candidates, since many sites link their
 * leadership page only from "About".
 */
async function readCompanyPages(
  reader: PageReader,
  home: { url: string; html: string },
  maxPages: number,
): Promise<Pick<CompanySite, 'pages' | 'people' | 'blocked' | 'failed'>> {
  const read: Pick<CompanySite, 'pages' | 'people' | 'blocked' | 'failed'> = { pages: [], people: [], blocked: [], failed: [] };
  const candidates = new CandidatePool(new URL(home.url));
  candidates.add(companyPageLinks(home.html, home.url), 0);
  // Links refused (robots.txt, too long) count too: a page of thousands of them is not thousands of checks.
  for (let asked = 0; asked < maxPages; asked++) {
    const next = candidates.next();
    if (!next) break;
    const fetched = await reader.read(next.url);
    if (fetched.outcome !== 'read') {
      // `blocked` is what robots.txt keeps us from; a site's refusal (403) or a page too long to check failed.
      if (fetched.outcome === 'blocked' && fetched.byRobots) read.blocked.push(fetched.url);
      else read.failed.push({ url: fetched.url, reason: fetched.reason });
      continue;
    }
    // A redirect to a page already read (/about to /about-us) adds nothing.
    if (!candidates.markRead(next.topic, fetched.url)) continue;
    const kind = KIND_OF_TOPIC[next.topic];
    read.pages.push(sitePage(fetched.url, fetched.html, kind));
    if (kind === 'leadership' || kind === 'about') {
      read.people.push(...peopleOnPage(fetched.html, fetched.url));
      candidates.add(companyPageLinks(fetched.html, fetched.url), SECOND_HOP_PENALTY);
    }
  }
  return read;
}

function websiteUrl(homeUrl: string): URL {
  const url = httpUrl(homeUrl);
  if (!url) throw new SourceError('website', `${homeUrl.slice(0, 200)} is not a web address`);
  return new URL(url);
}

/** The kit's page key of a page of the site: every URL here is http(s) (httpUrl vetted it), so it has one. */
const pageKeyOf = (url: URL) => pageKey(url)!;

// --- Which pages to read ----------------------------------------------------------------------------

export type PageTopic = 'leadership' | 'about' | 'contact' | 'news';
export type CompanyPageLink = { url: string; text: string; topic: PageTopic; score: number };

const KIND_OF_TOPIC: Record<PageTopic, CompanySitePage['kind']> = {
  leadership: 'leadership',
  about: 'about',
  contact: 'other',
  news: 'other',
};
/**
 * Words in a link's path or text, by what the page is likely to be about, best first. A site's
 * "Company" menu item is usually its about page. `alone` words say so only in a segment (or link
 * text) of nothing but such words: "/management-team" and "Our People" are the leadership, while
 * "/solutions/yard-management" is a product and "People Analytics" a feature.
 */
const TOPICS: Array<{ topic: PageTopic; score: number; words: Set<string>; alone?: Set<string> }> = [
  {
    topic: 'leadership',
    score: 10,
    words: new Set(['leadership', 'leaders', 'executives', 'board', 'directors', 'officers', 'founders']),
    alone: new Set(['management', 'team', 'people', 'executive']),
  },
  {
    topic: 'about',
    score: 8,
    words: new Set(['about', 'company', 'who', 'story', 'overview', 'history', 'mission', 'profile', 'corporate']),
  },
  { topic: 'contact', score: 4, words: new Set(['contact', 'locations', 'location', 'offices', 'office', 'headquarters']) },
  { topic: 'news', score: 3, words: new Set(['newsroom', 'news', 'press', 'media']) },
];
/** Words that go with `alone` words without changing what the page is: "meet-the-team", "our-people". */
const FILLER_WORDS = new Set(['our', 'the', 'meet', 'us', 'of', 'and', 'senior', 'global', 'leadership', 'company', 'board', 'directors']);
/**
 * Pages that never describe the company: accounts, search, legal text, products, marketing content,
 * hiring (its "Join our team" is not the team).
 */
const UNWANTED_PATH_WORDS = new Set(
  `login signin sign register account portal cart checkout search privacy terms legal cookie cookies policy sitemap accessibility subscribe
  unsubscribe careers career jobs job vacancies openings feed rss tag category author wp admin solutions solution products product platform
  industries industry services resources blog webinars events customers features pricing integrations docs support help`.split(/\s+/),
);
/** Addresses of documents, not pages: a path ending in another extension is a file (PDF, image, archive…). */
const PAGE_EXTENSIONS = new Set(['html', 'htm', 'xhtml', 'php', 'asp', 'aspx', 'jsp', 'shtml', 'cfm']);
/** How many pages of each topic are read: a site's news or bios must not crowd out its about page. */
const TOPIC_LIMITS: Record<PageTopic, number> = { leadership: 3, about: 2, contact: 1, news: 1 };
/** Links found on a page other than the home page count for a little less. */
const SECOND_HOP_PENALTY = 1;

/**
 * The links on a page to other pages of the same site (www. or not) that may describe the company
 * or its people, best first: ranked by the words of their path and text, deeper paths (news
 * articles, one person's bio) lower. No fragments, files or repeats.
 */
export function companyPageLinks(html: string, pageUrl: string): CompanyPageLink[] {
  const page = new URL(pageUrl);
  const ranked = new Map<string, CompanyPageLink>();
  for (const link of anchors(html)) {
    const url = sitePageUrl(link.href, page);
    if (!url) continue;
    const scored = scoreLink(url, link.text);
    const key = pageKeyOf(url);
    if (scored && (ranked.get(key)?.score ?? 0) < scored.score) ranked.set(key, scored);
  }
  return [...ranked.values()].sort((a, b) => b.score - a.score);
}

/** The link as a page of this site worth considering, without its fragment; null for anything else. */
function sitePageUrl(href: string, page: URL): URL | null {
  const absolute = httpUrl(href, page.href);
  if (!absolute) return null;
  const url = new URL(absolute);
  url.hash = '';
  if (serverOf(url) !== serverOf(page)) return null;
  const extension = /\.([a-z0-9]{1,5})$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (extension && !PAGE_EXTENSIONS.has(extension)) return null;
  return url;
}

function scoreLink(url: URL, text: string): CompanyPageLink | null {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  // "/our-team.html" says "our team".
  path = path.replace(/\.[a-z]{2,5}$/i, '');
  const pathWords = wordsOf(path);
  if (pathWords.length === 0 || pathWords.some((word) => UNWANTED_PATH_WORDS.has(word))) return null;
  const segments = path
    .split('/')
    .map(wordsOf)
    .filter((words) => words.length);
  const byPath = TOPICS.find((topic) => segments.some((words) => saysTopic(topic, words)));
  const byText = TOPICS.find((topic) => saysTopic(topic, wordsOf(text)));
  const topic = byPath ?? byText;
  if (!topic) return null;
  const agreement = byPath && byText === byPath ? 2 : byPath ? 0 : -2;
  const score = topic.score + agreement - 2 * Math.max(0, segments.length - 2);
  return score > 0 ? { url: url.href, text, topic: topic.topic, score } : null;
}

function saysTopic(topic: (typeof TOPICS)[number], words: string[]): boolean {
  if (words.some((word) => topic.words.has(word))) return true;
  const { alone } = topic;
  return alone !== undefined && words.some((word) => alone.has(word)) && words.every((word) => alone.has(word) || FILLER_WORDS.has(word));
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every <a href> with its text (or, for an icon link, its label or image's alt). */
function anchors(html: string): Array<{ href: string; text: string }> {
  const found: Array<{ href: string; text: string }> = [];
  let current: { href: string; label: string; parts: string[] } | null = null;
  const finish = () => {
    if (current)
      found.push({ href: decodeEntities(current.href).trim(), text: htmlToLine(current.parts.join(' ')) || htmlToLine(current.label) });
    current = null;
  };
  walkHtml(html, {
    open(name, attrs) {
      if (name === 'a') {
        finish();
        if (attrs.href) current = { href: attrs.href, label: attrs['aria-label'] ?? attrs.title ?? '', parts: [] };
      } else if (name === 'img' && current && attrs.alt) current.parts.push(attrs.alt);
    },
    close(name) {
      if (name === 'a') finish();
    },
    text(text) {
      current?.parts.push(text);
    },
  });
  finish();
  return found;
}

/** The links not yet read, best first, within each topic's limit. */
class CandidatePool {
  private readonly waiting = new Map<string, CompanyPageLink>();
  /** Pages read or waiting: a link to one of them is not a new candidate. */
  private readonly known = new Set<string>();
  private readonly readKeys = new Set<string>();
  private readonly readPerTopic: Record<PageTopic, number> = { leadership: 0, about: 0, contact: 0, news: 0 };

  constructor(home: URL) {
    this.known.add(pageKeyOf(home));
  }

  add(links: CompanyPageLink[], penalty: number) {
    for (const link of links) {
      const key = pageKeyOf(new URL(link.url));
      if (this.known.has(key) || link.score - penalty <= 0) continue;
      this.known.add(key);
      this.waiting.set(key, { ...link, score: link.score - penalty });
    }
  }

  next(): CompanyPageLink | null {
    let best: [string, CompanyPageLink] | null = null;
    for (const [key, link] of this.waiting) {
      if (this.readPerTopic[link.topic] >= TOPIC_LIMITS[link.topic]) continue;
      if (!best || link.score > best[1].score) best = [key, link];
    }
    if (!best) return null;
    this.waiting.delete(best[0]);
    return best[1];
  }

  /** Counts a page read for its topic; false when the address it ended at was read already. */
  markRead(topic: PageTopic, finalUrl: string): boolean {
    const key = pageKeyOf(new URL(finalUrl));
    if (this.readKeys.has(key)) return false;
    this.readKeys.add(key);
    this.known.add(key);
    this.readPerTopic[topic] += 1;
    return true;
  }
}

// --- A page's text ----------------------------------------------------------------------------------

function sitePage(url: string, html: string, kind: CompanySitePage['kind']): CompanySitePage {
  const title = documentTitle(html);
  return {
    url,
    title: title ? capText(title, PAGE_TITLE_MAX_CHARS) : null,
    text: capText(pageLines(html, isPageChrome).join('\n'), PAGE_MAX_CHARS),
    kind,
  };
}

/**
 * The document's <title>: read in the <head> only, since htmlTitle also collects the <title>s of
 * inline SVG icons in the body (a logo's "Initech" would be appended to every page's title).
 */
function documentTitle(html: string): string {
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  return htmlTitle(headEnd >= 0 ? html.slice(0, headEnd) : html);
}

// --- The home page's facts ----------------------------------------------------------------------------

const ORGANIZATION_TYPE = /(Organization|Corporation|Business)$/;

function homeFacts(html: string, home: URL): { name: string | null; description: string | null; organization: SiteOrganization | null } {
  const meta = metaTags(html);
  const organization = organizationOf(schemaItems(html), home);
  return {
    name: firstLine(
      NAME_MAX_CHARS,
      meta.get('og:site_name'),
      meta.get('application-name'),
      organization?.name,
      siteNameFromTitle(documentTitle(html)),
    ),
    description: firstLine(
      DESCRIPTION_MAX_CHARS,
      meta.get('description'),
      meta.get('og:description'),
      meta.get('twitter:description'),
      organization?.description,
    ),
    organization,
  };
}

/** Parts of a <title> that name no company: "Initech | Home", "Welcome to Initech". */
const GENERIC_TITLE_PART = /^(home( ?page)?|welcome|official (web)?site|index|start|main)$/i;

/** The company's name from a home page title: of its parts, the shortest that is not "Home". */
function siteNameFromTitle(title: string): string | null {
  const parts = title
    .split(/\s*[|·•»]\s*|\s+[-–—]\s+|:\s+/)
    .map((part) => part.replace(/^welcome to\s+/i, '').trim())
    .filter((part) => part && !GENERIC_TITLE_PART.test(part));
  if (parts.length === 0) return null;
  return parts.reduce((best, part) => (wordsOf(part).length < wordsOf(best).length ? part : best));
}

/** The first value that is text once tags and entities are gone, capped; else null. */
function firstLine(max: number, ...values: Array<string | null | undefined>): string | null {
  for (const value of values) {
    const line = value ? htmlToLine(value) : '';
    if (line) return capText(line, max);
  }
  return null;
}

/** The home site's own Organization: the one whose url is this site, else the first that has a name. */
function organizationOf(items: JsonObject[], home: URL): SiteOrganization | null {
  const organizations = items.filter((item) => schemaTypes(item).some((type) => ORGANIZATION_TYPE.test(type)));
  const ownSite = (item: JsonObject) => {
    const url = httpUrl(schemaText(item.url, 2048), home.href);
    return url !== null && serverOf(new URL(url)) === serverOf(home);
  };
  const own = organizations.find(ownSite) ?? organizations.find((item) => schemaText(item.name, NAME_MAX_CHARS));
  if (!own) return null;
  return {
    name: schemaText(own.name, NAME_MAX_CHARS),
    legalName: schemaText(own.legalName, NAME_MAX_CHARS),
    description: schemaText(own.description, DESCRIPTION_MAX_CHARS),
    address: postalAddress(own.address),
    tickerSymbol: schemaText(own.tickerSymbol, NAME_MAX_CHARS),
    foundingDate: schemaText(own.foundingDate, NAME_MAX_CHARS),
    sameAs: [...new Set(asArray(own.sameAs).map((value) => (typeof value === 'string' ? httpUrl(value) : null)))].filter(
      (url): url is string => url !== null,
    ),
    founders: organizationMembers(own.founder ?? own.founders),
    employees: organizationMembers(own.employee ?? own.employees),
  };
}

function postalAddress(value: unknown): string | null {
  const address = asArray(value)[0];
  if (typeof address === 'string') return schemaText(address, DESCRIPTION_MAX_CHARS);
  if (!isJsonObject(address)) return null;
  const part = (key: string) => schemaText(address[key], NAME_MAX_CHARS) ?? '';
  const regionAndCode = `${part('addressRegion')} ${part('postalCode')}`.trim();
  const line = [part('streetAddress'), part('addressLocality'), regionAndCode, part('addressCountry')].filter(Boolean).join(', ');
  return line || null;
}

/** Founders or employees as given: names (persons only, not organizations) with their job titles. */
function organizationMembers(value: unknown): OrganizationPerson[] {
  const members: OrganizationPerson[] = [];
  for (const member of asArray(value)) {
    const person = typeof member === 'string' ? schemaPerson({ name: member }) : isJsonObject(member) ? schemaPerson(member) : null;
    if (person) members.push(person);
  }
  return members;
}

/** The Organization's founders (as "Founder" when it gives no title) and its employees that have a title. */
function organizationPeople(organization: SiteOrganization | null, pageUrl: string): SitePerson[] {
  if (!organization) return [];
  return [
    ...organization.founders.map((founder) => ({ name: founder.name, title: founder.title ?? 'Founder', pageUrl })),
    ...organization.employees.flatMap((employee) => (employee.title ? [{ name: employee.name, title: employee.title, pageUrl }] : [])),
  ];
}
