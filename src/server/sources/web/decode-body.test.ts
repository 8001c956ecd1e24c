// Pages are decoded in the encoding they are written in (issue 26 §3). No recorded page here is in
// another encoding than UTF-8, so these take real publisher pages and write them as such a site would:
// the same page in windows-1252 with its <meta charset>, and Japanese text in Shift_JIS.
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttp, startFakeHttp } from '../../../../tests/fakes/http.ts';
import { createSourceHttp, decodeBody } from './http.ts';

const scmp = readFileSync(
  new URL('../../../../tests/fakes/fixtures/real-formats/articles/trafilatura-scmp.com.playbook/source.html', import.meta.url),
  'utf8',
);
/** The SCMP page as a windows-1252 site serves it: its own declaration changed, every character it can hold in one byte. */
const scmpIn1252 = iconv.encode(scmp.replace('<meta charset="utf-8">', '<meta charset="windows-1252">'), 'windows-1252');
const PASSAGE = 'Tsai Ing-wen’s political playbook';
const JAPANESE = '東京証券取引所は決算発表の日程を公表した。';
const japanesePage = `<html><head><title>決算</title></head><body><p>${JAPANESE}</p></body></html>`;

describe('decodeBody', () => {
  it("reads a windows-1252 page by its <meta charset>: curly quotes and dashes are the page's, not mojibake", () => {
    const text = decodeBody(scmpIn1252, 'text/html');
    expect(text).toContain(PASSAGE);
    expect(text).not.toContain('â€™');
  });

  it("reads Shift_JIS by the Content-Type's charset, which wins over a <meta> that says otherwise", () => {
    const bytes = iconv.encode(japanesePage.replace('<head>', '<head><meta charset="utf-8">'), 'Shift_JIS');
    expect(decodeBody(bytes, 'text/html; charset=Shift_JIS')).toContain(JAPANESE);
  });

  it('reads an XML declaration (an RSS feed in ISO-8859-1), and a byte-order mark over everything', () => {
    const feed = iconv.encode(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><item><title>Nestlé résultats</title></item></rss>',
      'latin1',
    );
    expect(decodeBody(feed, 'application/rss+xml')).toContain('Nestlé résultats');
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Zürich', 'utf8')]);
    expect(decodeBody(withBom, 'text/plain; charset=windows-1252')).toBe('Zürich');
  });

  it('reads undeclared HTML and all JSON as UTF-8', () => {
    expect(decodeBody(Buffer.from('<p>Zürich – “quoted”</p>', 'utf8'), 'text/html')).toBe('<p>Zürich – “quoted”</p>');
    expect(decodeBody(Buffer.from('{"name":"Nestlé"}', 'utf8'), 'application/json; charset=windows-1252')).toBe('{"name":"Nestlé"}');
  });
});

describe('the source client over a socket', () => {
  let server: FakeHttp;
  beforeAll(async () => {
    server = await startFakeHttp((req, res) => {
      if (req.url === '/scmp') return void res.writeHead(200, { 'content-type': 'text/html' }).end(scmpIn1252);
      res.writeHead(200, { 'content-type': 'text/html; charset=shift_jis' }).end(iconv.encode(japanesePage, 'Shift_JIS'));
    });
  });
  afterAll(() => server.stop());

  it('hands readers the text of a windows-1252 page and of a Shift_JIS one', async () => {
    const http = createSourceHttp({ userAgent: 'test', allowPrivateAddresses: true });
    expect((await http.getPage(`${server.url}/scmp`)).body).toContain(PASSAGE);
    expect((await http.getPage(`${server.url}/jp`)).body).toContain(JAPANESE);
  });
});
