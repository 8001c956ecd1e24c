import { describe, expect, it } from 'vitest';
import { extractArticle } from './article-text.ts';

// The rules no page among the real fixtures shows (a gallery, a list of next posts, tags, comments,
// an embedded post), on pages written as publishers write them. The real pages are in article-text.test.ts.
const story = Array.from(
  { length: 5 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story: the company said on Monday that the merger talks had ended, and its shares fell in early trading.</p>`,
).join('');
const extract = (body: string) =>
  extractArticle(`<!doctype html><html><head><title>Story</title></head><body>${body}</body></html>`, 'https://publisher.example/story');

describe('the second pass over the article', () => {
  it('gives a caption repeated under each photo of a gallery once', () => {
    const photo = (n: number) =>
      `<figure><img src="/p${n}.jpg"><figcaption>Protesters outside the company's headquarters on Monday.</figcaption></figure>`;
    const { text } = extract(
      `<article>${story}${Array.from({ length: 11 }, (_, n) => photo(n)).join('')}<p>The last paragraph of the story, after the gallery, says what happens next.</p></article>`,
    );
    expect(text.match(/Protesters outside/g)).toHaveLength(1);
    expect(text).toContain('The last paragraph of the story');
  });

  it('drops the teasers of the next posts under the story, and tags, comment notices and repeated labels in it', () => {
    const teaser = (n: number) =>
      `<div><h3><a href="/next-${n}">Next story number ${n}</a></h3><p>An excerpt of the next story, which a reader of this one did not ask for.</p></div>`;
    const { text } = extract(
      `<article>${story.replace('</p>', '</p><p>Story continues below advertisement</p>')}<p>Story continues below advertisement</p><p>Tags: merger, shares, trading</p><p>12 comments</p><div>${teaser(1)}${teaser(2)}${teaser(3)}</div></article>`,
    );
    expect(text).not.toContain('next story');
    expect(text).not.toContain('Tags:');
    expect(text).not.toContain('12 comments');
    expect(text.match(/Story continues below/g)).toHaveLength(1);
    for (let i = 1; i <= 5; i += 1) expect(text).toContain(`Paragraph ${i} of the story`);
  });

  it('keeps an embedded post that is part of the story, even in a wrapper Readability discards', () => {
    const tweet =
      '<blockquote class="twitter-tweet"><p lang="en">We are no longer in talks with Example Corp. Thank you to our customers.</p>&mdash; Acme Inc (@acme) <a href="https://twitter.com/acme/status/1">March 1, 2024</a></blockquote><script async src="https://platform.twitter.com/widgets.js"></script>';
    for (const wrapped of [`<div class="social-embed">${tweet}</div>`, `<aside>${tweet}</aside>`, tweet]) {
      const { text } = extract(`<article>${story.replace('</p>', `</p>${wrapped}`)}</article>`);
      expect(text).toContain('We are no longer in talks with Example Corp.');
      expect(text).toContain('— Acme Inc (@acme) March 1, 2024');
    }
  });
});
