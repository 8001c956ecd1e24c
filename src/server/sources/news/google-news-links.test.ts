import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  articlePageUrl,
  decodeEndpointUrl,
  decodeOfflineId,
  decodeRequestForm,
  googleNewsArticleId,
  parseDecodeAnswer,
  parseDecodeParams,
} from './google-news-links.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../../tests/fakes/fixtures/real-formats/${path}`, import.meta.url), 'utf8');

// 70 real Google News links and the publisher URLs they decode to (goleaf/google-news-url-decode).
const decodedLinks = fixture('google-decode/decoded_links_goleaf.csv')
  .replace(/^\uFEFF/, '')
  .split(/\r?\n/)
  .slice(1)
  .filter((line) => line.trim())
  .map((line) => {
    const match = /^"([^"]*)","([^"]*)"$/.exec(line);
    if (!match) throw new Error(`unexpected CSV line: ${line}`);
    return { decoded: match[1]!, coded: match[2]! };
  });

const base64url = (bytes: number[]) => Buffer.from(bytes).toString('base64url');
const oldFormatId = (url: string, lengthBytes?: number[]) => {
  const urlBytes = [...Buffer.from(url)];
  return base64url([0x08, 0x13, 0x22, ...(lengthBytes ?? [urlBytes.length]), ...urlBytes]);
};

describe('googleNewsArticleId', () => {
  it('reads the id of every real link in the decoded-links sample', () => {
    expect(decodedLinks).toHaveLength(70);
    for (const { coded } of decodedLinks) {
      expect(googleNewsArticleId(coded)).toBe(new URL(coded).pathname.split('/').pop());
    }
  });

  it("reads the ids of a real RSS answer's items and nothing from its channel links", () => {
    const xml = fixture('google-news/2026-09-25-breaking.xml');
    const links = [...xml.matchAll(/<link>([^<]*)<\/link>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    const guids = [...xml.matchAll(/<guid[^>]*>([^<]*)<\/guid>/g)].map((m) => m[1]);
    expect(links).toHaveLength(4);
    expect(links.map(googleNewsArticleId)).toEqual([null, null, ...guids]);
  });

  it('accepts the /articles/, /read/ and older /__i/rss/rd/articles/ forms with any query', () => {
    expect(googleNewsArticleId('https://news.google.com/articles/CBMiabc?hl=en-US&gl=US&ceid=US:en')).toBe('CBMiabc');
    expect(googleNewsArticleId('https://news.google.com/read/CBMi_x-y?hl=en-US')).toBe('CBMi_x-y');
    expect(googleNewsArticleId('https://news.google.com/__i/rss/rd/articles/CBMiabc?oc=5')).toBe('CBMiabc');
    expect(googleNewsArticleId('https://NEWS.GOOGLE.COM/rss/articles/CBMiabc#top')).toBe('CBMiabc');
  });

  it('refuses other hosts, lookalikes, other paths and malformed ids', () => {
    for (const url of [
      'https://news.google.com.evil.org/rss/articles/CBMiabc',
      'https://evil.org/news.google.com/rss/articles/CBMiabc',
      'https://evilnews.google.com/rss/articles/CBMiabc',
      'https://google.com/rss/articles/CBMiabc',
      'https://news.google.com:8443/rss/articles/CBMiabc',
      'ftp://news.google.com/rss/articles/CBMiabc',
      'https://news.google.com/search?q=apple',
      'https://news.google.com/rss/articles/',
      'https://news.google.com/rss/articles/CBMi%22abc',
      'https://news.google.com/topics/CAAqJggKIiBDQkFTRWdvSUwyMHZNRGx6TVdZU0FtVnVHZ0pWVXlnQVAB',
      'not a url',
    ]) {
      expect(googleNewsArticleId(url), url).toBeNull();
    }
  });
});

describe('request URLs', () => {
  it('builds the article page and decode endpoint under a configurable base', () => {
    expect(articlePageUrl('https://news.google.com/', 'CBMiabc')).toBe('https://news.google.com/rss/articles/CBMiabc');
    expect(articlePageUrl('http://127.0.0.1:4010//', 'CBMiabc')).toBe('http://127.0.0.1:4010/rss/articles/CBMiabc');
    expect(decodeEndpointUrl('https://news.google.com')).toBe('https://news.google.com/_/DotsSplashUi/data/batchexecute');
    expect(decodeEndpointUrl('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010/_/DotsSplashUi/data/batchexecute');
  });
});

describe('parseDecodeParams', () => {
  // Shaped like Google's article page: the parameters sit on the div[jscontroller] inside <c-wiz>;
  // look-alike markup in a script or outside <c-wiz> must not be picked.
  const page = (div: string) =>
    '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Google News</title>' +
    `<script nonce="n1">AF_initDataCallback({key: 'ds:0', data: '<c-wiz><div jscontroller="x" data-n-a-sg="FROMSCRIPT" data-n-a-ts="1">'});</script>` +
    '</head><body jscontroller="ndPsx" jsaction="rcuQ6b:npT2md"><div jscontroller="Outside" data-n-a-sg="OUTSIDE" data-n-a-ts="2"></div>' +
    '<c-wiz jsrenderer="yCPpA" class="zQTmif SSPGKf" jsdata="deferred-i1" data-p="%.@.&quot;CBMi&quot;]" jscontroller="VIMXmf" jsaction="rcuQ6b:npT2md" data-node-index="0;0" jsmodel="hc6Ubd" c-wiz>' +
    `${div}<p>Opening…</p></div></c-wiz></body></html>`;

  it('reads the signature and timestamp of the c-wiz > div[jscontroller]', () => {
    const html = page(
      '<div jscontroller="aLI87" jsaction="rcuQ6b:npT2md;JIbuQc:Jy1Dne" data-n-a-sg="AZ5r3eRk_tWdNQ-4Vx2M7aB1cD9eF0gH" data-n-a-ts="1727351222" data-n-a-id="CBMiV0FVX3lxTFAzZ3Z4" data-n-a-tl="Fall Related Emergency Visits">',
    );
    expect(parseDecodeParams(html)).toEqual({ signature: 'AZ5r3eRk_tWdNQ-4Vx2M7aB1cD9eF0gH', timestamp: '1727351222' });
  });

  it('is null when the attributes are missing or malformed (consent and "sorry" pages)', () => {
    expect(parseDecodeParams(page('<div jscontroller="aLI87" data-n-a-id="CBMiabc">'))).toBeNull();
    expect(parseDecodeParams(page('<div jscontroller="aLI87" data-n-a-sg="AZ5r" data-n-a-ts="soon">'))).toBeNull();
    expect(parseDecodeParams('<html><body><form action="https://consent.google.com/save"></form></body></html>')).toBeNull();
    expect(parseDecodeParams('')).toBeNull();
  });
});

describe('decodeRequestForm', () => {
  it('sends the id, the timestamp as a number and the signature in the garturlreq f.req', () => {
    const form = decodeRequestForm('CBMiabc_-', { signature: 'AZ5r"x\\y', timestamp: '1727351222' });
    expect([...form.keys()]).toEqual(['f.req']);
    const envelope = JSON.parse(form.get('f.req')!);
    expect(envelope).toHaveLength(1);
    const [rpc, request, nothing, kind] = envelope[0][0];
    expect([rpc, nothing, kind]).toEqual(['Fbv4je', null, 'generic']);
    const parsed = JSON.parse(request);
    expect(parsed[0]).toBe('garturlreq');
    expect(parsed[1][0][7]).toBe('US:en');
    expect(parsed.slice(2)).toEqual(['CBMiabc_-', 1727351222, 'AZ5r"x\\y']);
    // The body the endpoint receives, form-encoded.
    expect(new URLSearchParams(form.toString()).get('f.req')).toBe(form.get('f.req'));
  });
});

describe('parseDecodeAnswer', () => {
  it("reads the publisher URL from Google's real answer", () => {
    expect(parseDecodeAnswer(fixture('google-decode/batchexecute_garturlres_aljazeera.txt'))).toEqual({
      url: 'https://www.aljazeera.com/news/2026/8/28/board-of-peace-envoy-mladenov-warns-gaza-ceasefire-risks-collapse',
    });
  });

  it('reads the chunked form too', () => {
    const row = JSON.stringify([['wrb.fr', 'Fbv4je', '["garturlres","https://example.com/a",1]', null, null, null, 'generic']]);
    expect(parseDecodeAnswer(`)]}'\n\n${row.length}\n${row}\n25\n[["e",4,null,null,131]]\n`)).toEqual({ url: 'https://example.com/a' });
  });

  it('tells a refusal from an unexpected body', () => {
    const answer = (payload: unknown) => `)]}'\n\n${JSON.stringify([['wrb.fr', 'Fbv4je', payload, null, null, null, 'generic']])}`;
    expect(parseDecodeAnswer(answer('["garturlres",null,0]'))).toEqual({ refused: true });
    expect(parseDecodeAnswer(`)]}'\n\n[["wrb.fr","Fbv4je",null,null,null,[3],"generic"],["di",31],["af.httprm",31,"-1",2]]`)).toEqual({
      refused: true,
    });
    expect(parseDecodeAnswer(answer('["garturlres","javascript:alert(1)",1]'))).toBeNull();
    expect(parseDecodeAnswer(answer('["garturlres","/relative/path",1]'))).toBeNull();
    expect(parseDecodeAnswer(answer('["somethingelse","https://example.com/a",1]'))).toBeNull();
    expect(parseDecodeAnswer(answer('not json'))).toBeNull();
  });

  it('is null for error pages and garbage', () => {
    expect(
      parseDecodeAnswer('<!DOCTYPE html><html><head><title>Error 400 (Bad Request)!!1</title></head><body>…</body></html>'),
    ).toBeNull();
    expect(parseDecodeAnswer(")]}'\n\n[]")).toBeNull();
    expect(parseDecodeAnswer(')]}\'\n\n{"a":1}')).toBeNull();
    expect(parseDecodeAnswer('')).toBeNull();
  });
});

describe('decodeOfflineId', () => {
  it('needs the online decode for every 2024+ id in the real sample', () => {
    for (const { coded } of decodedLinks) expect(decodeOfflineId(googleNewsArticleId(coded)!)).toBeNull();
  });

  it('reads the URL an old-format id embeds', () => {
    const url = 'https://www.example.com/business/2019/05/01/some-story.html';
    expect(oldFormatId(url).startsWith('CBMi')).toBe(true);
    expect(decodeOfflineId(oldFormatId(url))).toBe(url);
    // A URL of 128+ bytes has a two-byte length.
    const long = `https://www.example.com/${'a'.repeat(150)}`;
    expect(decodeOfflineId(oldFormatId(long, [(long.length & 0x7f) | 0x80, long.length >> 7]))).toBe(long);
    // A real one, with its AMP URL in field 26 (from googlenewsdecoder's README).
    expect(
      decodeOfflineId(
        'CBMiLmh0dHBzOi8vd3d3LmJiYy5jb20vbmV3cy9hcnRpY2xlcy9jampqbnhkdjE4OG_SATJodHRwczovL3d3dy5iYmMuY29tL25ld3MvYXJ0aWNsZXMvY2pqam54ZHYxODhvLmFtcA',
      ),
    ).toBe('https://www.bbc.com/news/articles/cjjjnxdv188o');
  });

  it('is null for truncated, non-URL and malformed ids', () => {
    const url = 'https://www.example.com/story';
    expect(decodeOfflineId(oldFormatId(url).slice(0, 20))).toBeNull();
    expect(decodeOfflineId(oldFormatId('javascript:alert(1)'))).toBeNull();
    expect(decodeOfflineId(oldFormatId('AU_yqLhttps://www.example.com/'))).toBeNull();
    expect(decodeOfflineId(base64url([0x08, 0x13, 0x22, 0x05, 0xff, 0xfe, 0xfd, 0xfc, 0xfb]))).toBeNull();
    expect(decodeOfflineId('CBMi"abc')).toBeNull();
    expect(decodeOfflineId('')).toBeNull();
  });
});
