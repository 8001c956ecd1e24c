// Stand-ins for Google News RSS search (/rss/search), its article pages and link decoding
// (/rss/articles/<id>, /_/DotsSplashUi/data/batchexecute), GDELT DOC 2.0 (/api/v2/doc/doc) and the
// publishers' article pages (/<publisher>/<company>-<slug>, /robots.txt), all on one local port.
// Every search gets the stories of fixtures/news-stories.json about the company it asked for (each
// company of a batched `("A" OR "B") (…)` search), dated relative to now, and the stories a test
// published (`publishStory`) about a company its quoted phrases name, within its window; mode.stories
// 'published' serves only those. The shapes are the real services' (tests/fakes/fixtures/real-formats): Google's
// links are news.google.com redirects that only the two-step decode turns into the publisher's,
// its description repeats the headline, GDELT carries publisher links and no text, and the
// article pages are whole pages (navigation, scripts, JSON-LD) around the text. `mode` makes each
// part fail in the ways real ones do.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import { hostilePath, hostileRobotsTxt } from './hostile-robots.ts';
import { startFakeHttp } from './http.ts';

type Story = {
  headline: string;
  publisher: string;
  site: string;
  slug: string;
  hoursAgo: number;
  snippet: string;
  body: string[];
  access?: 'paywalled' | 'robots';
  /** A story a test published (`publishStory`): about this company only, at this time (ms). */
  company?: string;
  at?: number;
};
const { stories } = JSON.parse(readFileSync(new URL('./fixtures/news-stories.json', import.meta.url), 'utf8')) as { stories: Story[] };

/**
 * A busier company's week (mode.stories 'twenty'): twenty distinct stories from the last day, built
 * from the fixture's Reuters, Bloomberg (paywalled), Gartner, FT and WSJ (robots.txt) stories with a
 * subject each, so no two merge: sixteen readable, two paywalled, two disallowed. GDELT knows four.
 */
const TWENTY_SUBJECTS = [
  'in Europe',
  'in Asia',
  'in Canada',
  'in Brazil',
  'in India',
  'in Japan',
  'in Mexico',
  'in Germany',
  'in France',
  'in Spain',
  'in Italy',
  'in Korea',
  'in Chile',
  'in Norway',
  'in Poland',
  'in Kenya',
  'in Egypt',
  'in Peru',
  'in Ireland',
  'in Vietnam',
];
const [reuters, bloomberg, , , gartner, ft, wsj] = stories as [Story, Story, Story, Story, Story, Story, Story];
/** Which fixture story each of the twenty is: every fifth from the fourth on is not readable. */
const TWENTY_BASES = [
  reuters,
  gartner,
  ft,
  bloomberg,
  reuters,
  gartner,
  ft,
  reuters,
  wsj,
  gartner,
  ft,
  reuters,
  gartner,
  bloomberg,
  ft,
  reuters,
  gartner,
  ft,
  wsj,
  reuters,
];
const twentyStories: Story[] = TWENTY_BASES.map((base, i) => ({
  ...base,
  headline: `${base.headline} ${TWENTY_SUBJECTS[i]}`,
  slug: `${base.slug}-${i + 1}`,
  hoursAgo: 1 + i,
}));
/** The stories GDELT also finds in that mode: readable ones, with their publisher links. */
const TWENTY_IN_GDELT = new Set([0, 5, 10, 15].map((i) => twentyStories[i]!));

export type FakeNewsMode = {
  google: 'ok' | 'fail' | 'malformed' | 'empty' | 'huge' | 'html-titles';
  gdelt: 'ok' | 'fail' | 'malformed' | 'empty';
  /** Google's decode: answers, refuses (`["garturlres",null,0]`), or fails (429 as when asked too fast). */
  decode: 'ok' | 'refuse' | 'fail';
  /**
   * Publisher pages: served, or every one answering 503, or served by hostile publishers: robots.txt
   * is megabytes of wildcard rules and every link to an article carries an 800-character query.
   */
  publishers: 'ok' | 'fail' | 'hostile';
  /**
   * The fixture's stories, or twenty distinct ones of which GDELT finds four (`twentyStories`), or
   * only the stories a test published (`publishStory`; they are served in the other modes too).
   */
  stories: 'fixture' | 'twenty' | 'published';
};
export type FakeRequest = { path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; at: number };

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const publisherSlug = (story: Story) => new URL(story.site).hostname.replace(/^www\./, '').split('.')[0];
const storyPath = (story: Story, company: string) => `/${publisherSlug(story)}/${slugify(company)}-${story.slug}`;
/** The address a feed or a decode gives for a story: its path, with a hostile publisher's long query. */
const storyLink = (story: Story, company: string, publishers: FakeNewsMode['publishers']) =>
  storyPath(story, company) + (publishers === 'hostile' ? hostilePath('?ref=') : '');
/** When a story came out: a published story's own time, a fixture story's hours before `now`. */
const storyTime = (story: Story, now: number) => story.at ?? now - story.hoursAgo * 3_600_000;
const headline = (story: Story, company: string) => story.headline.replaceAll('{company}', company);
const fill = (text: string, company: string) => text.replaceAll('{company}', company);
const htmlEscape = xmlEscape;

/**
 * A 2024+ Google News article id: base64url of a small protobuf around an opaque 'AU_yqL…' token,
 * which (unlike older ids) does not contain the publisher URL, so only Google's decode can tell it.
 */
function googleArticleId(story: Story, company: string, origin: string) {
  // The fake's own address is part of it: ids decoded by one fake (and stored) never send another to a dead port.
  const token = `AU_yqL${createHash('sha256').update(`${origin}|${company}|${story.slug}|${story.publisher}`).digest('base64url').slice(0, 40)}`;
  const bytes = Buffer.concat([Buffer.from([0x08, 0x13, 0x22, token.length]), Buffer.from(token)]);
  return bytes.toString('base64url');
}

/** "Apple Inc. when:7d" → "Apple Inc." (quotes dropped). */
const companyOf = (q: string) =>
  q
    .replace(/\bwhen:\d+[dhm]\b/g, '')
    .replace(/\bsourcecountry:\w+/g, '')
    .replace(/"/g, '')
    .trim() || 'Acme';

/** The quoted phrases of a query, as both providers write them: `"Acme" …`, `("A" OR "B") (…)`. */
const quotedPhrases = (q: string) => [...q.matchAll(/"([^"]*)"/g)].map((m) => m[1]!.trim()).filter(Boolean);

/**
 * The companies a search is about: a batch's names (`("A" OR "B" OR "C") (appoints OR acquires)`),
 * or the whole query as one company, as the fake always took it.
 */
function companiesOf(q: string): string[] {
  const batch = q.match(/\(\s*("[^"]*"(?:\s+OR\s+"[^"]*")+)\s*\)/);
  return batch ? quotedPhrases(batch[1]!) : [companyOf(q)];
}

const UNIT_MS: Record<string, number> = { min: 60_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
/** Google's window: `when:7d` (also h, m for minutes); none is any time. */
function googleWindowMs(q: string): number {
  const when = q.match(/\bwhen:(\d+)([dhm])\b/);
  return when ? Number(when[1]) * UNIT_MS[when[2]!]! : Number.POSITIVE_INFINITY;
}
/** GDELT's window: `timespan=7d` (also min, h, w); none is its default three months. */
function gdeltWindowMs(timespan: string | null): number {
  const span = timespan?.match(/^(\d+)(min|h|d|w)$/);
  return span ? Number(span[1]) * UNIT_MS[span[2]!]! : 90 * UNIT_MS.d!;
}

function rssItem(story: Story, company: string, now: number, origin: string, remember: (id: string) => void, titleOverride?: string) {
  company = story.company ?? company;
  const id = googleArticleId(story, company, origin);
  remember(id);
  const url = `https://news.google.com/rss/articles/${id}?oc=5`;
  const title = titleOverride ?? `${headline(story, company)} - ${story.publisher}`;
  // Google's description is HTML (escaped in the XML): the same redirect link around the headline, and the publisher in grey.
  const description = `<a href="${url}" target="_blank">${headline(story, company)}</a>&nbsp;&nbsp;<font color="#6f6f6f">${story.publisher}</font>`;
  return `<item><title>${xmlEscape(title)}</title><link>${url}</link><guid isPermaLink="false">${id}</guid><pubDate>${new Date(storyTime(story, now)).toUTCString()}</pubDate><description>${xmlEscape(description)}</description><source url="${story.site}">${xmlEscape(story.publisher)}</source></item>`;
}

function rss(
  company: string,
  mode: FakeNewsMode['google'],
  origin: string,
  remember: (id: string, story: Story, company: string) => void,
  told: Story[] = stories,
) {
  const now = Date.now();
  let items = '';
  const item = (story: Story, titleOverride?: string) =>
    rssItem(story, company, now, origin, (id) => remember(id, story, story.company ?? company), titleOverride);
  if (mode === 'ok') items = told.map((story) => item(story)).join('\n');
  if (mode === 'html-titles')
    items = stories
      .map((story) =>
        item(story, `<script>alert("pwned")</script><b>${headline(story, company)}</b> <img src=x onerror=alert(1)> - ${story.publisher}`),
      )
      .join('\n');
  if (mode === 'huge') {
    // About 4 MB: far beyond any sensible cap.
    const padding = 'x'.repeat(4000);
    items = Array.from({ length: 1000 }, (_, i) => item({ ...stories[0]!, slug: `copy-${i}-${padding}` })).join('\n');
  }
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><generator>NFE/5.0</generator><title>"${xmlEscape(company)}" - Google News</title><link>https://news.google.com/search</link><language>en-US</language><webMaster>news-webmaster@google.com</webMaster><copyright>2025 Google Inc.</copyright><lastBuildDate>${new Date().toUTCString()}</lastBuildDate><description>Google News</description>${items}</channel></rss>`;
}

const gdeltDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function gdelt(origin: string, company: string, mode: FakeNewsMode['gdelt'], publishers: FakeNewsMode['publishers'], told = stories) {
  if (mode === 'empty') return {};
  const now = Date.now();
  return {
    articles: told.map((story) => ({
      url: `${origin}${storyLink(story, story.company ?? company, publishers)}`,
      url_mobile: '',
      title: headline(story, story.company ?? company),
      seendate: gdeltDate(storyTime(story, now)),
      socialimage: '',
      domain: new URL(story.site).hostname,
      language: 'English',
      sourcecountry: 'United States',
    })),
  };
}

/** Google's article page as the decoders read it: the signature and timestamp on the c-wiz's first div. */
function googleArticlePage(id: string, signature: string, timestamp: number) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Google News</title><script nonce="x">window.WIZ_global_data={"cfb2h":"boq_dotssplashserver_20260922.05_p0"};</script></head><body><c-wiz jsrenderer="hkS5xc" class="zQTmif SSPGKf" jsdata="deferred-i1" data-p="%.@.]"><div jscontroller="aLI87" jsaction="rcuQ6b:npT2md" data-n-a-sg="${signature}" data-n-a-ts="${timestamp}" data-n-a-id="${id}" data-n-a-p="${id}"></div></c-wiz><noscript>Opening the article…</noscript></body></html>`;
}

const signatureOf = (id: string) => `AZ5r3e${createHash('sha256').update(id).digest('base64url').slice(0, 30)}`;

/** The article as its publisher serves it: a whole page in which the text is one part. */
function articlePage(story: Story, company: string, now: number) {
  const title = headline(story, company);
  const published = new Date(storyTime(story, now)).toISOString();
  const paywalled = story.access === 'paywalled';
  const closing = `${story.publisher} will update this story about ${company} as more information becomes available; the company's investor relations office did not respond to a request for further comment.`;
  const paragraphs = paywalled
    ? [fill(story.snippet, company)]
    : [fill(story.snippet, company), ...story.body.map((p) => fill(p, company)), closing];
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title,
    datePublished: published,
    publisher: { '@type': 'Organization', name: story.publisher },
    isAccessibleForFree: !paywalled,
    ...(paywalled ? { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywall' } } : {}),
  };
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${htmlEscape(title)} | ${htmlEscape(story.publisher)}</title>
<meta property="og:site_name" content="${htmlEscape(story.publisher)}"><meta property="og:title" content="${htmlEscape(title)}">
<meta property="article:published_time" content="${published}"><script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());</script></head>
<body><div id="cookie-banner">We use cookies to improve your experience. <button>Accept all</button></div>
<header><nav><a href="/">Home</a> <a href="/markets">Markets</a> <a href="/tech">Technology</a> <a href="/subscribe">Subscribe</a></nav></header>
<main><article><h1>${htmlEscape(title)}</h1><p class="byline">By Staff Reporter · <time datetime="${published}">${published.slice(0, 10)}</time></p>
<div class="article-body">${paragraphs.map((p) => `<p>${htmlEscape(p)}</p>`).join('\n')}</div>
${paywalled ? '<div class="paywall"><p>Subscribe to continue reading. Already a subscriber? Sign in.</p></div>' : ''}</article>
<aside><h2>Most read</h2><ul><li><a href="/a">Markets wrap: stocks end the week higher</a></li><li><a href="/b">Five things to know before the open</a></li></ul></aside></main>
<footer><p>© 2026 ${htmlEscape(story.publisher)}. All rights reserved.</p><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>`;
}

/**
 * `publisherHost`: serve the publishers' pages (and give out their links: GDELT's, the decode's
 * answers) on a second port, so a client's per-host pacing and the recorded `headers.host` tell
 * Google's host from the publishers'. Without it, everything is on the one port as before.
 */
export async function startFakeNews(port = 0, opts: { publisherHost?: boolean } = {}) {
  const requests: FakeRequest[] = [];
  const mode: FakeNewsMode = { google: 'ok', gdelt: 'ok', decode: 'ok', publishers: 'ok', stories: 'fixture' };
  // Google article ids handed out, and the story and company each stands for.
  const articleIds = new Map<string, { story: Story; company: string }>();
  let origin = '';
  // Where publisher pages live: this origin, or the second listener's.
  let publisherOrigin = '';
  // Stories tests published (`publishStory`), each about one company at one time.
  const published: Story[] = [];
  // Never reused, so no address of a cleared story leads to a later one.
  let publishedCount = 0;
  /**
   * The stories a search is told: the mode's fixture stories for each company it asks about (none
   * in 'published'), then the published stories about a company among its quoted phrases and within
   * its window (`windowMs` back from now; a story dated in the future has not come out yet).
   */
  function storiesFor(q: string, windowMs: number, fixture: Story[]): Story[] {
    const now = Date.now();
    const told = mode.stories === 'published' ? [] : companiesOf(q).flatMap((company) => fixture.map((story) => ({ ...story, company })));
    const asked = new Set(quotedPhrases(q).map((p) => p.toLowerCase()));
    const found = published.filter((story) => asked.has(story.company!.toLowerCase()) && story.at! <= now && story.at! >= now - windowMs);
    return [...told, ...found];
  }
  const handler: http.RequestListener = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : null;
    requests.push({ path: url.pathname, query: form ?? url.searchParams, headers: req.headers, at: Date.now() });
    const article = url.pathname.match(/^\/(?:rss\/)?articles\/([\w-]+)$/);
    if (article) {
      const known = articleIds.get(article[1]!);
      if (!known) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(googleArticlePage(article[1]!, signatureOf(article[1]!), 1727351222));
      return;
    }
    if (url.pathname === '/_/DotsSplashUi/data/batchexecute' && form) {
      if (mode.decode === 'fail')
        return void res.writeHead(429, { 'content-type': 'text/html' }).end('<html><body>Too Many Requests</body></html>');
      const request = decodeRequest(form.get('f.req'));
      const known = request && request.signature === signatureOf(request.id) ? articleIds.get(request.id) : undefined;
      const answer =
        known && mode.decode === 'ok'
          ? ['garturlres', `${publisherOrigin}${storyLink(known.story, known.company, mode.publishers)}`, 1]
          : ['garturlres', null, 0];
      const rows = [
        ['wrb.fr', 'Fbv4je', JSON.stringify(answer), null, null, null, 'generic'],
        ['di', 42],
        ['af.httprm', 41, '-6208327744337468306', 3],
      ];
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(`)]}'\n\n${JSON.stringify(rows)}`);
      return;
    }
    if (url.pathname === '/robots.txt') {
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(
          mode.publishers === 'hostile'
            ? hostileRobotsTxt()
            : 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /search\nDisallow: /wsj/\nAllow: /\n',
        );
      return;
    }
    const page = [...published, ...stories, ...twentyStories].find(
      (story) => url.pathname.startsWith(`/${publisherSlug(story)}/`) && url.pathname.endsWith(`-${story.slug}`),
    );
    if (page) {
      if (mode.publishers === 'fail')
        return void res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
      const companySlug = url.pathname.slice(`/${publisherSlug(page)}/`.length, -`-${page.slug}`.length);
      const company =
        page.company ?? [...articleIds.values()].find((a) => slugify(a.company) === companySlug)?.company ?? companySlug.replace(/-/g, ' ');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage(page, company, Date.now()));
      return;
    }
    if (url.pathname === '/rss/search') {
      if (mode.google === 'fail') {
        res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Server Error</body></html>');
        return;
      }
      res.setHeader('content-type', 'application/xml; charset=utf-8');
      if (mode.google === 'malformed') {
        res.end('<?xml version="1.0"?><rss version="2.0"><channel><title>broken</title><item><title>Unclosed');
        return;
      }
      const q = url.searchParams.get('q') ?? '';
      const told = storiesFor(q, googleWindowMs(q), mode.stories === 'twenty' ? twentyStories : stories);
      res.end(rss(companiesOf(q)[0]!, mode.google, origin, (id, story, company) => articleIds.set(id, { story, company }), told));
      return;
    }
    if (url.pathname === '/api/v2/doc/doc') {
      if (mode.gdelt === 'fail') {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Service unavailable');
        return;
      }
      if (mode.gdelt === 'malformed') {
        // What GDELT really sends for a query it dislikes: text, with a JSON content type.
        res.writeHead(200, { 'content-type': 'application/json' }).end('Your search contained a phrase that is too short.');
        return;
      }
      const query = url.searchParams.get('query') ?? '';
      const told = storiesFor(
        query,
        gdeltWindowMs(url.searchParams.get('timespan')),
        mode.stories === 'twenty' ? twentyStories.filter((story) => TWENTY_IN_GDELT.has(story)) : stories,
      );
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(gdelt(publisherOrigin, companiesOf(query)[0]!, mode.gdelt, mode.publishers, told)));
      return;
    }
    res.writeHead(404).end();
  };
  const server = await startFakeHttp(handler, port);
  origin = server.url;
  const publisherServer = opts.publisherHost ? await startFakeHttp(handler) : null;
  publisherOrigin = publisherServer?.url ?? origin;
  return {
    url: server.url,
    port: server.port,
    /** The origin of the publishers' pages: `url` unless started with `publisherHost`. */
    publisherUrl: publisherOrigin,
    requests,
    mode,
    /**
     * A story about `company`, told (Google News item with its redirect link, GDELT entry, the
     * publisher's page with `body`) by every search whose quoted phrases name the company (any case,
     * a batch's `("A" OR "B")` too) and whose window includes `publishedAt` (default now). Answers
     * the publisher page's address, which Google's link decodes to.
     */
    publishStory(story: { company: string; headline: string; publisher?: string; site?: string; publishedAt?: Date; body?: string[] }) {
      const at = (story.publishedAt ?? new Date()).getTime();
      const body = story.body?.length
        ? story.body
        : [
            `${story.company} confirmed the news in a statement: ${story.headline}.`,
            `The announcement was made on ${new Date(at).toUTCString()}, and ${story.company} said further details would follow in the coming weeks.`,
          ];
      const told: Story = {
        company: story.company,
        headline: story.headline,
        publisher: story.publisher ?? 'Reuters',
        site: story.site ?? 'https://www.reuters.com',
        slug: `${slugify(story.headline).slice(0, 60)}-p${++publishedCount}`,
        hoursAgo: 0,
        at,
        snippet: body[0]!,
        body: body.slice(1),
      };
      published.push(told);
      return `${publisherOrigin}${storyPath(told, story.company)}`;
    },
    /** No published stories any more. */
    clearStories() {
      published.length = 0;
    },
    /** Back to both providers answering normally, with no requests recorded and no published stories. */
    reset() {
      requests.length = 0;
      published.length = 0;
      Object.assign(mode, { google: 'ok', gdelt: 'ok', decode: 'ok', publishers: 'ok', stories: 'fixture' } satisfies FakeNewsMode);
    },
    stop: async () => {
      await Promise.all([server.stop(), publisherServer?.stop()]);
    },
  };
}
/** The article id, signature and timestamp a decode request carries, as decoders send them. */
function decodeRequest(freq: string | null): { id: string; signature: string } | null {
  try {
    const inner = JSON.parse(JSON.parse(freq ?? '')[0][0][1]) as unknown[];
    return typeof inner[2] === 'string' && typeof inner[4] === 'string' ? { id: inner[2], signature: inner[4] } : null;
  } catch {
    return null;
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export type FakeNews = Awaited<ReturnType<typeof startFakeNews>>;
