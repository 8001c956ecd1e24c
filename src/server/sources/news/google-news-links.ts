// Google News RSS links every item to news.google.com/rss/articles/<id>, not to the publisher. Since
// 2024 most ids are opaque (`AU_yqL…` inside) and only Google can turn them into the publisher URL:
// the article page carries a signature and timestamp, and the `Fbv4je` batchexecute call answers
// with the URL when given the id, the timestamp and the signature. This module builds those
// requests and reads their answers; the caller does the HTTP (and its pacing, limits and timeouts).
// The protocol is the one open-source decoders implement (googlenewsdecoder by SSujitX and its
// ports): undocumented by Google, so every reader here returns null rather than guess at a new shape.
import { decodeEntities, httpUrl, walkHtml } from '../web/text.ts';

type DecodeParams = { signature: string; timestamp: string };
type DecodeAnswer = { url: string } | { refused: true };

const GOOGLE_NEWS_HOST = 'news.google.com';
// Ids are base64url. The cap keeps a hostile link from making us build (and send) a huge request.
const ARTICLE_ID = /^[A-Za-z0-9_-]{1,4096}$/;
// `/__i/rss/rd/articles/` is how older feeds linked the same redirect.
const ARTICLE_PATH = /^\/(?:rss\/articles|articles|read|__i\/rss\/rd\/articles)\/([^/]+)\/?$/;

/** The article id of a Google News redirect link; null for any other URL, lookalike hosts included. */
export function googleNewsArticleId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  // An exact host match: news.google.com.evil.org and evil.org/news.google.com are not Google.
  if (parsed.hostname !== GOOGLE_NEWS_HOST || parsed.port !== '') return null;
  const id = ARTICLE_PATH.exec(parsed.pathname)?.[1];
  return id && ARTICLE_ID.test(id) ? id : null;
}

const trimBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** The page whose markup carries the id's decode signature and timestamp. */
export function articlePageUrl(baseUrl: string, id: string): string {
  return `${trimBase(baseUrl)}/rss/articles/${encodeURIComponent(id)}`;
}

export function decodeEndpointUrl(baseUrl: string): string {
  return `${trimBase(baseUrl)}/_/DotsSplashUi/data/batchexecute`;
}

// The timestamp goes into the request as a JSON number; the signature is opaque printable text.
const TIMESTAMP = /^\d{1,15}$/;
const SIGNATURE = /^[\x21-\x7e]{1,2000}$/;

/**
 * The decode signature (`data-n-a-sg`) and timestamp (`data-n-a-ts`) from an article page: the
 * attributes of the `div[jscontroller]` inside the page's `<c-wiz>` (decoders select
 * `c-wiz > div[jscontroller]`). Null when the page has none, e.g. a consent or "sorry" page.
 */
export function parseDecodeParams(html: string): DecodeParams | null {
  // One linear pass with text.ts's tokenizer walk (scripts skipped): the page comes from the network.
  let found: DecodeParams | null = null;
  let cwizDepth = 0;
  walkHtml(html, {
    open(tag, attrs) {
      if (found) return;
      if (tag === 'c-wiz') cwizDepth += 1;
      if (tag !== 'div' || cwizDepth === 0 || !('jscontroller' in attrs)) return;
      const signature = decodeEntities(attrs['data-n-a-sg'] ?? '').trim();
      const timestamp = decodeEntities(attrs['data-n-a-ts'] ?? '').trim();
      if (SIGNATURE.test(signature) && TIMESTAMP.test(timestamp)) found = { signature, timestamp };
    },
    close(tag) {
      if (tag === 'c-wiz') cwizDepth = Math.max(0, cwizDepth - 1);
    },
  });
  return found;
}

// The client context the decoders send with every `garturlreq` (what Google's own web client sent
// when the protocol was first read); Google checks the id, timestamp and signature, not these.
const GARTURLREQ_CONTEXT = [
  ['X', 'X', ['X', 'X'], null, null, 1, 1, 'US:en', null, 1, null, null, null, null, null, 0, 1],
  'X',
  'X',
  1,
  [1, 1, 1],
  1,
  1,
  null,
  0,
  0,
  null,
  0,
];

/** The `f.req` form of the decode call for one id. */
export function decodeRequestForm(id: string, params: DecodeParams): URLSearchParams {
  // Built with JSON.stringify, not by pasting strings into a template, so no value from the page
  // can break out of its string.
  const timestamp = TIMESTAMP.test(params.timestamp) ? Number(params.timestamp) : params.timestamp;
  const request = JSON.stringify(['garturlreq', GARTURLREQ_CONTEXT, id, timestamp, params.signature]);
  return new URLSearchParams({ 'f.req': JSON.stringify([[['Fbv4je', request, null, 'generic']]]) });
}

/** The JSON envelopes of a batchexecute body: `)]}'`, then one JSON array (or length-prefixed chunks). */
function batchEnvelopes(body: string): unknown[] {
  const text = body.replace(/^\uFEFF?\s*\)\]\}'[^\n]*\n/, '');
  try {
    return [JSON.parse(text)];
  } catch {
    // The chunked form (`rt=c`) puts each envelope on its own line after a length line.
    const envelopes: unknown[] = [];
    for (const line of text.split('\n')) {
      if (!line.trimStart().startsWith('[')) continue;
      try {
        envelopes.push(JSON.parse(line));
      } catch {}
    }
    return envelopes;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The publisher URL from the decode call's answer, `{ refused: true }` when Google answered but
 * declined (an unknown id, a stale signature), null when the body is not a decode answer at all
 * (an HTML error page, a rate-limit page, a changed protocol). Only http(s) URLs are returned.
 */
export function parseDecodeAnswer(body: string): DecodeAnswer | null {
  for (const envelope of batchEnvelopes(body)) {
    if (!Array.isArray(envelope)) continue;
    for (const row of envelope) {
      if (!Array.isArray(row) || row[0] !== 'wrb.fr' || row[1] !== 'Fbv4je') continue;
      // A request Google rejects comes back as this row with no payload (an error code follows).
      if (row[2] === null) return { refused: true };
      const payload = typeof row[2] === 'string' ? parseJson(row[2]) : undefined;
      if (!Array.isArray(payload) || payload[0] !== 'garturlres') return null;
      if (payload[1] === null || payload[1] === undefined) return { refused: true };
      const url = typeof payload[1] === 'string' ? httpUrl(payload[1]) : null;
      return url ? { url } : null;
    }
  }
  return null;
}

/** Reads one protobuf varint at `at`; null when truncated or longer than a safe integer. */
function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } | null {
  let value = 0;
  for (let i = 0; i < 7 && at + i < bytes.length; i++) {
    const byte = bytes[at + i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) return { value, next: at + i + 1 };
  }
  return null;
}

const ARTICLE_URL_FIELD = 4;
// What a 2024+ id carries in place of the URL: a token only Google can resolve.
const OPAQUE_MARKER = 'AU_yqL';

/**
 * The publisher URL of an old-format id, read offline. Those ids are base64url protobuf whose field 4
 * is the URL itself (`CBMi` = bytes 08 13 22). Null for the 2024+ ids, whose field 4 is an
 * `AU_yqL…` token that needs the online decode, and for anything malformed.
 */
export function decodeOfflineId(id: string): string | null {
  if (!ARTICLE_ID.test(id)) return null;
  const bytes = Buffer.from(id, 'base64url');
  let at = 0;
  while (at < bytes.length) {
    const key = readVarint(bytes, at);
    if (!key) return null;
    const field = Math.floor(key.value / 8);
    const wireType = key.value % 8;
    at = key.next;
    if (wireType === 0) {
      const skipped = readVarint(bytes, at);
      if (!skipped) return null;
      at = skipped.next;
    } else if (wireType === 2) {
      const length = readVarint(bytes, at);
      if (!length || length.next + length.value > bytes.length) return null;
      const value = bytes.subarray(length.next, length.next + length.value);
      at = length.next + length.value;
      if (field !== ARTICLE_URL_FIELD) continue;
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(value);
      } catch {
        return null;
      }
      if (text.startsWith(OPAQUE_MARKER) || !/^https?:\/\//i.test(text)) return null;
      return httpUrl(text);
    } else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else return null;
  }
  return null;
}
