import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  capText,
  decodeEntities,
  documentHeadline,
  htmlTableRows,
  htmlTitle,
  htmlToLine,
  htmlToText,
  httpUrl,
  isPlaceholderTitle,
} from './text.ts';

describe('htmlToText', () => {
  it('drops scripts, styles and tags, keeps paragraphs as lines', () => {
    const html =
      '<html><head><title>T</title><style>p{color:red}</style></head><body><p>Revenue &amp; profit <b>grew</b>.</p><script>alert(1)</script><div>Next&nbsp;line</div></body></html>';
    expect(htmlToText(html)).toBe('Revenue & profit grew .\n\nNext line');
  });

  it('leaves no tag behind even when the markup was escaped twice', () => {
    const text = htmlToLine('Apple &lt;script&gt;alert(1)&lt;/script&gt; news &lt;b&gt;bold&lt;/b&gt;');
    expect(text).not.toMatch(/<[a-z/]/i);
    expect(text).toBe('Apple alert(1) news bold');
  });

  it('drops everything after an unclosed script', () => {
    expect(htmlToLine('Headline <script>steal()')).toBe('Headline');
  });

  it('keeps comparison signs that are not tags', () => {
    expect(htmlToLine('margin &lt; 5% and growth > 3%')).toBe('margin < 5% and growth > 3%');
  });

  it('puts table cells side by side and rows on their own lines', () => {
    expect(htmlToText('<table><tr><td>Revenue</td><td>$124.3</td></tr><tr><td>EPS</td><td>$2.40</td></tr></table>')).toBe(
      'Revenue $124.3\n\nEPS $2.40',
    );
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex entities and drops control characters', () => {
    expect(decodeEntities('&ldquo;Hi&rdquo; &#8212; &#x2019; &#0; &unknown; AT&T')).toBe('“Hi” — ’  &unknown; AT&T');
  });

  it('knows every entity HTML names, and numeric references as browsers read them', () => {
    // Not in the hand-written table this replaced: accented letters and the rest of HTML's names.
    expect(decodeEntities('Soci&eacute;t&eacute; G&eacute;n&eacute;rale &ndash; &frac13; &rarr; &Omega;')).toBe('Société Générale – ⅓ → Ω');
    // &#146; is Windows-1252's apostrophe, as old filings write it: "Company’s", not "Companys".
    expect(decodeEntities('The Company&#146;s shares &#150; &#147;Class A&#148;')).toBe('The Company’s shares – “Class A”');
  });

  it('makes spaces plain and drops invisible and control characters', () => {
    expect(decodeEntities('a&nbsp;b&emsp;c&thinsp;d')).toBe('a b c d');
    expect(decodeEntities('co&shy;op&zwj;&zwnj;&lrm;&#x7;&#13;&#xD800;&#1114112;!')).toBe('coop!');
    expect(decodeEntities('line&NewLine;next&Tab;cell')).toBe('line\nnext\tcell');
  });
});

describe('capText', () => {
  it('leaves short text alone and cuts long text at a word with an ellipsis', () => {
    expect(capText('short', 10)).toBe('short');
    const capped = capText('alpha beta gamma delta epsilon', 26);
    expect(capped.length).toBeLessThanOrEqual(26);
    expect(capped).toBe('alpha beta gamma delta…');
    expect(capText('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abcdefghi…');
  });
});

describe('httpUrl', () => {
  it('accepts http(s) only', () => {
    expect(httpUrl('https://news.example.com/a')).toBe('https://news.example.com/a');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('data:text/html,x')).toBeNull();
    expect(httpUrl('/Archives/x.htm', 'https://www.sec.gov/Archives/a/b-index.htm')).toBe('https://www.sec.gov/Archives/x.htm');
    expect(httpUrl('not a url')).toBeNull();
  });
});

describe('hostile HTML', () => {
  // The pattern- and stack-based versions took minutes on these (quadratic); a linear pass takes
  // well under a second each. The bound only catches a return to quadratic time.
  it.each(['<!--', '<', '<head>', '<div>', '<tr><td>', '<a href="', '&#', '<script>'])('reads 5 MB of %j in linear time', (unit) => {
    const input = unit.repeat(Math.floor(5_000_000 / unit.length));
    const started = performance.now();
    htmlToText(input);
    htmlTableRows(input);
    htmlTitle(input);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('documentHeadline', () => {
  // Adobe's Q1 2023 results release as EDGAR serves it (tests/fakes/fixtures/real-formats/sec): a Workiva
  // document whose <title> is "Document" and whose headline is set in 22 pt bold.
  const adobe = readFileSync(
    new URL('../../../../tests/fakes/fixtures/real-formats/sec/796343_000079634323000044_adbeex991q123.htm', import.meta.url),
    'utf8',
  );

  it("finds a Workiva exhibit's headline, which its <title> does not give", () => {
    expect(htmlTitle(adobe)).toBe('Document');
    expect(isPlaceholderTitle(htmlTitle(adobe))).toBe(true);
    expect(documentHeadline(adobe)).toBe('Adobe Reports Record Revenue in Q1 Fiscal 2023');
  });

  it('prefers an <h1>, needs a large font otherwise, and says null when there is no headline', () => {
    expect(documentHeadline('<p style="font-size:30pt">Big</p><h1>Acme reports third quarter results</h1>')).toBe(
      'Acme reports third quarter results',
    );
    expect(documentHeadline('<p style="font-size:24px">Acme names a new chief financial officer</p>')).toBe(
      'Acme names a new chief financial officer',
    );
    expect(documentHeadline('<p style="font-size:10pt">Acme names a new chief financial officer</p>')).toBeNull();
    expect(documentHeadline('<img src="page1.jpg"><img src="page2.jpg">')).toBeNull();
  });

  it('knows placeholder titles from real ones', () => {
    for (const title of ['Document', 'untitled', 'ex99-1.htm', 'Page 1']) expect(isPlaceholderTitle(title), title).toBe(true);
    expect(isPlaceholderTitle('Apple Reports Fourth Quarter Results')).toBe(false);
  });
});
