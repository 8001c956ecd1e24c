// Stand-ins for Google News RSS search (/rss/search) and GDELT DOC 2.0 (/api/v2/doc/doc) on one
// local port. Every search gets the stories of fixtures/news-stories.json about the company it
// asked for, dated relative to now. `mode` makes either provider fail in the ways real ones do.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Story = { headline: string; publisher: string; site: string; slug: string; hoursAgo: number; snippet: string };
const { stories } = JSON.parse(readFileSync(new URL('./fixtures/news-stories.json', import.meta.url), 'utf8')) as { stories: Story[] };

export type FakeNewsMode = {
  google: 'ok' | 'fail' | 'malformed' | 'empty' | 'huge' | 'html-titles';
  gdelt: 'ok' | 'fail' | 'malformed' | 'empty';
};
export type FakeRequest = { path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; at: number };

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const publisherSlug = (story: Story) => new URL(story.site).hostname.replace(/^www\./, '').split('.')[0];
const storyUrl = (story: Story, company: string) => `https://news.example.com/${publisherSlug(story)}/${slugify(company)}-${story.slug}`;
const headline = (story: Story, company: string) => story.headline.replaceAll('{company}', company);

/** "Apple Inc. when:7d" → "Apple Inc." (quotes dropped). */
const companyOf = (q: string) =>
  q
    .replace(/\bwhen:\d+[dhm]\b/g, '')
    .replace(/\bsourcecountry:\w+/g, '')
    .replace(/"/g, '')
    .trim() || 'Acme';

function rssItem(story: Story, company: string, now: number, titleOverride?: string) {
  const url = storyUrl(story, company);
  const title = titleOverride ?? `${headline(story, company)} - ${story.publisher}`;
  // Google's description is HTML (escaped in the XML): a link to the story and the publisher in grey.
  const description = `<a href="${url}" target="_blank">${headline(story, company)}</a>&nbsp;&nbsp;<font color="#6f6f6f">${story.publisher}</font>`;
  return `<item><title>${xmlEscape(title)}</title><link>${url}</link><guid isPermaLink="false">${slugify(url)}</guid><pubDate>${new Date(now - story.hoursAgo * 3_600_000).toUTCString()}</pubDate><description>${xmlEscape(description)}</description><source url="${story.site}">${xmlEscape(story.publisher)}</source></item>`;
}

function rss(company: string, mode: FakeNewsMode['google']) {
  const now = Date.now();
  let items = '';
  if (mode === 'ok') items = stories.map((story) => rssItem(story, company, now)).join('\n');
  if (mode === 'html-titles')
    items = stories
      .map((story) =>
        rssItem(
          story,
          company,
          now,
          `<script>alert("pwned")</script><b>${headline(story, company)}</b> <img src=x onerror=alert(1)> - ${story.publisher}`,
        ),
      )
      .join('\n');
  if (mode === 'huge') {
    // About 4 MB: far beyond any sensible cap.
    const padding = 'x'.repeat(4000);
    items = Array.from({ length: 1000 }, (_, i) => rssItem({ ...stories[0]!, slug: `copy-${i}-${padding}` }, company, now)).join('\n');
  }
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><generator>NFE/5.0</generator><title>"${xmlEscape(company)}" - Google News</title><link>https://news.google.com/search</link><language>en-US</language><webMaster>news-webmaster@google.com</webMaster><copyright>2025 Google Inc.</copyright><lastBuildDate>${new Date().toUTCString()}</lastBuildDate><description>Google News</description>${items}</channel></rss>`;
}

const gdeltDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function gdelt(company: string, mode: FakeNewsMode['gdelt']) {
  if (mode === 'empty') return {};
  const now = Date.now();
  return {
    articles: stories.map((story) => ({
      url: storyUrl(story, company),
      url_mobile: '',
      title: headline(story, company),
      seendate: gdeltDate(now - story.hoursAgo * 3_600_000),
      socialimage: '',
      domain: new URL(story.site).hostname,
      language: 'English',
      sourcecountry: 'United States',
    })),
  };
}

export async function startFakeNews(port = 0) {
  const requests: FakeRequest[] = [];
  const mode: FakeNewsMode = { google: 'ok', gdelt: 'ok' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers, at: Date.now() });
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
      res.end(rss(companyOf(url.searchParams.get('q') ?? ''), mode.google));
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
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(gdelt(companyOf(url.searchParams.get('query') ?? ''), mode.gdelt)));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    requests,
    mode,
    /** Back to both providers answering normally, with no requests recorded. */
    reset() {
      requests.length = 0;
      Object.assign(mode, { google: 'ok', gdelt: 'ok' } satisfies FakeNewsMode);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeNews = Awaited<ReturnType<typeof startFakeNews>>;
