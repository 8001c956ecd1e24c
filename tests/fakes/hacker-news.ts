// A stand-in for Hacker News search by Algolia (hn.algolia.com/api/v1/search and /search_by_date),
// serving the stories of fixtures/hacker-news/initech-stories.json dated relative to now, and an
// empty answer for anything else.
//
// Provenance of the answer's shape (no recording of our own: the service is only reachable live):
// - fixtures/hacker-news/recorded-search-ask-hn.json: a real `search?query=theoretical biologist
//   &tags=story&hitsPerPage=2` answer (an Ask HN hit, updated_at 2024-09-20), copied as a sample
//   from a public GitHub test file (a Python test that imports `app.models.HNSearchResult`), found
//   through the code search index, which did not name its repository. Content verbatim, only
//   reformatted by biome.
// - fixtures/hacker-news/recorded-search-phrase-link.json: a real `search?query="hello"
//   &hitsPerPage=1` answer (a link story, updated_at 2024-11-21) from a public GitHub Rails
//   controller that pasted it to compare the HN and Algolia shapes (repository likewise not named
//   by the index); its `children` list is cut to three ids.
// - Cross-checked against rgonzaleso/demo-rest-client (src/test/java/com/rgonzaleso/
//   demoalgoliaclient/service/HitsServiceImplTest.java, a 2025 comment hit: same sorted keys,
//   `processingTimingsMS`, `<em>` escaped as \u003C in the JSON) and the 2014 recordings in
//   fraction/node-hacker-news-api test/fixtures/fixtures.json (the older shape: `url`/`story_text`
//   present as null, `created_at` with milliseconds).
//
// What the real answers show and this fake reproduces: keys in alphabetical order; a text post
// (Ask HN) has no `url` key at all and a link story no `story_text` key; `story_text` is HTML with
// entities (&#x27; &#x2F; &quot;), <p> and <a>; `_highlightResult` wraps matches in <em>;
// `created_at` has no milliseconds; `objectID` is a string. Algolia-side matching is approximated:
// a quoted phrase matches the same words in a row in one searchable attribute (title, story_text,
// url, author, or those named by restrictSearchableAttributes), other words match as prefixes.
// Like the real index it searches the author too, so the user "initech"'s unrelated story about an
// "initiative" comes back for "Initech" (the client must filter it out).
//
// Errors: Algolia's error envelope is `{"message":…,"status":…}` (documented as e.g.
// {"message":"Invalid Application-ID or API key","status":403}); no recorded 429 of HN Search was
// found, so the message text of ours is an assumption. `down` answers 503 as the Google Frontend
// in front of the service does, with an HTML body.
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import { startFakeHttp } from './http.ts';

type StoryHit = {
  _tags: string[];
  author: string;
  children: number[];
  num_comments: number;
  objectID: string;
  points: number;
  story_id: number;
  story_text?: string;
  title: string;
  url?: string;
};
type Story = { hoursAgo: number; hit: StoryHit };
const { stories } = JSON.parse(readFileSync(new URL('./fixtures/hacker-news/initech-stories.json', import.meta.url), 'utf8')) as {
  stories: Story[];
};

export type FakeHackerNewsMode = {
  /** Every search answers 503 (the service is down). */
  down: boolean;
  /** Every search answers 429 with Algolia's JSON error body. */
  rateLimited: boolean;
  /** Every search answers 200 with an HTML page instead of JSON. */
  malformed: boolean;
};
export type FakeRequest = { path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; at: number };

const SEARCHABLE = ['title', 'story_text', 'url', 'author'] as const;
type Attribute = (typeof SEARCHABLE)[number];

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const stripTags = (html: string) => html.replace(/<[^>]*>/g, ' ');

/** `"initech.example" fleet` → phrases [['initech','example']] and loose words ['fleet']. */
function parseQuery(query: string) {
  const phrases = [...query.matchAll(/"([^"]*)"/g)].map((m) => words(m[1]!)).filter((p) => p.length);
  const loose = words(query.replace(/"[^"]*"/g, ' '));
  return { phrases, loose };
}

function attributeText(hit: StoryHit, attribute: Attribute): string {
  const value = hit[attribute];
  return typeof value === 'string' ? (attribute === 'story_text' ? stripTags(value) : value) : '';
}

const containsRun = (tokens: string[], phrase: string[]) => tokens.some((_, i) => phrase.every((word, j) => tokens[i + j] === word));

/** The query words this attribute matches: whole phrases in a row, loose words as prefixes. */
function matchedWords(text: string, query: ReturnType<typeof parseQuery>): string[] {
  const tokens = words(text);
  const matched = query.phrases.filter((phrase) => containsRun(tokens, phrase)).flat();
  return [...matched, ...query.loose.filter((word) => tokens.some((token) => token.startsWith(word)))];
}

function matches(hit: StoryHit, query: ReturnType<typeof parseQuery>, attributes: readonly Attribute[]): boolean {
  const texts = attributes.map((attribute) => words(attributeText(hit, attribute)));
  const phrasesOk = query.phrases.every((phrase) => texts.some((tokens) => containsRun(tokens, phrase)));
  const looseOk = query.loose.every((word) => texts.some((tokens) => tokens.some((token) => token.startsWith(word))));
  return (query.phrases.length > 0 || query.loose.length > 0) && phrasesOk && looseOk;
}

/** Algolia's `_highlightResult` for the attributes the hit has: matched words wrapped in <em>. */
function highlight(hit: StoryHit, query: ReturnType<typeof parseQuery>) {
  const all = [...query.phrases.flat(), ...query.loose];
  const result: Record<string, unknown> = {};
  for (const attribute of SEARCHABLE) {
    const value = hit[attribute];
    if (typeof value !== 'string') continue;
    const found = [...new Set(matchedWords(attributeText(hit, attribute), query))];
    // As recorded: highlight values carry ' and / where the field itself has &#x27; and &#x2F;.
    const plain = value.replace(/&#x27;/g, "'").replace(/&#x2F;/g, '/');
    const marked = found.length ? plain.replace(new RegExp(`\\b(${found.join('|')})`, 'gi'), (word) => `<em>${word}</em>`) : plain;
    result[attribute] = found.length
      ? { fullyHighlighted: false, matchLevel: found.length >= all.length ? 'full' : 'partial', matchedWords: found, value: marked }
      : { matchLevel: 'none', matchedWords: [], value: marked };
  }
  return result;
}

/** The hit as the API sends it: dates from `hoursAgo`, keys in alphabetical order. */
function dated(story: Story, query: ReturnType<typeof parseQuery>, now: number) {
  const createdAt = Math.floor((now - story.hoursAgo * 3_600_000) / 1000);
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
  const hit: Record<string, unknown> = {
    ...story.hit,
    _highlightResult: highlight(story.hit, query),
    created_at: iso(createdAt),
    created_at_i: createdAt,
    updated_at: iso(createdAt + 3600),
  };
  return Object.fromEntries(Object.entries(hit).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** `created_at_i>1700000000,points>=10` → predicate over a hit. */
function numericFilter(spec: string | null): (hit: Record<string, unknown>) => boolean {
  const conditions = (spec ?? '')
    .split(',')
    .map((part) => part.trim().match(/^(\w+)\s*(>=|<=|>|<|=)\s*(-?\d+)$/))
    .filter((m): m is RegExpMatchArray => m !== null);
  return (hit) =>
    conditions.every(([, field, op, raw]) => {
      const value = hit[field!];
      const limit = Number(raw);
      if (typeof value !== 'number') return false;
      return op === '>'
        ? value > limit
        : op === '>='
          ? value >= limit
          : op === '<'
            ? value < limit
            : op === '<='
              ? value <= limit
              : value === limit;
    });
}

function searchAnswer(endpoint: 'search' | 'search_by_date', params: URLSearchParams, now: number) {
  const queryText = params.get('query') ?? '';
  const query = parseQuery(queryText);
  const restricted = params.get('restrictSearchableAttributes');
  const attributes = restricted ? SEARCHABLE.filter((a) => restricted.split(',').includes(a)) : SEARCHABLE;
  const tags = (params.get('tags') ?? '').split(',').filter(Boolean);
  const inWindow = numericFilter(params.get('numericFilters'));
  const found = stories
    .filter((story) => matches(story.hit, query, attributes) && tags.every((tag) => story.hit._tags.includes(tag)))
    .map((story) => dated(story, query, now))
    .filter(inWindow)
    // `search` ranks by textual relevance then points (all our matches are equally relevant); `search_by_date` newest first.
    .sort((a, b) =>
      endpoint === 'search' ? (b.points as number) - (a.points as number) : (b.created_at_i as number) - (a.created_at_i as number),
    );
  const hitsPerPage = Math.min(1000, Math.max(1, Number(params.get('hitsPerPage') ?? 20) || 20));
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  return {
    exhaustive: { nbHits: true, typo: true },
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    hits: found.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
    hitsPerPage,
    nbHits: found.length,
    nbPages: Math.ceil(found.length / hitsPerPage),
    page,
    params: `${params.toString()}&advancedSyntax=true&analyticsTags=backend`,
    processingTimeMS: 2,
    processingTimingsMS: { _request: { roundTrip: 13 }, fetch: { query: 1, total: 1 }, total: 2 },
    query: queryText,
    serverTimeMS: 3,
  };
}

const initialMode = (): FakeHackerNewsMode => ({ down: false, rateLimited: false, malformed: false });

export async function startFakeHackerNews(port = 0) {
  const requests: FakeRequest[] = [];
  const mode = initialMode();
  const fake = await startFakeHttp((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers, at: Date.now() });
    const send = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body);
    const endpoint = url.pathname.match(/^\/api\/v1\/(search|search_by_date)$/)?.[1] as 'search' | 'search_by_date' | undefined;
    if (!endpoint) return send(404, 'application/json; charset=utf-8', '{"message":"Not Found","status":404}');
    // The fake company site's second company (SECOND_COMPANY, on SECOND_COMPANY_HOST): its searches find the service down.
    if (mode.down || /vandelay|127\.0\.0\.2/i.test(url.searchParams.get('query') ?? ''))
      return send(
        503,
        'text/html; charset=UTF-8',
        '<html><head><title>503 Service Unavailable</title></head><body>Service Unavailable</body></html>',
      );
    if (mode.rateLimited) return send(429, 'application/json; charset=utf-8', '{"message":"Too many requests","status":429}');
    if (mode.malformed)
      return send(200, 'text/html; charset=UTF-8', '<!DOCTYPE html><html><body><h1>Search is temporarily unavailable</h1></body></html>');
    send(200, 'application/json; charset=utf-8', JSON.stringify(searchAnswer(endpoint, url.searchParams, Date.now())));
  }, port);
  return {
    url: fake.url,
    port: fake.port,
    requests,
    mode,
    reset() {
      requests.length = 0;
      Object.assign(mode, initialMode());
    },
    stop: fake.stop,
  };
}
export type FakeHackerNews = Awaited<ReturnType<typeof startFakeHackerNews>>;
