import { describe, expect, it } from 'vitest';
import { articleKey } from './article-key.ts';

describe('articleKey', () => {
  it('is one key for one article however it is linked', () => {
    const key = 'reuters.com/markets/acme-buys-beta';
    expect(articleKey('https://www.reuters.com/markets/acme-buys-beta/')).toBe(key);
    expect(articleKey('http://reuters.com/markets/acme-buys-beta?utm_source=rss&utm_medium=feed#top')).toBe(key);
    expect(articleKey('https://WWW.Reuters.com/markets/acme-buys-beta?fbclid=x&gclid=y&oc=5')).toBe(key);
  });

  it('keeps the parameters that choose the article, sorted', () => {
    expect(articleKey('https://news.example.com/story?page=2&id=7&utm_campaign=x')).toBe('news.example.com/story?id=7&page=2');
    expect(articleKey('http://127.0.0.1:8080/a/')).toBe('127.0.0.1:8080/a');
  });

  it('has no key for what is not a web address', () => {
    expect(articleKey('javascript:alert(1)')).toBeNull();
    expect(articleKey('not a url')).toBeNull();
  });
});
