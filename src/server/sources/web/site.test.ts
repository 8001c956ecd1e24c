import { describe, expect, it } from 'vitest';
import { pageKey, serverOf, siteName, siteOf, webAddress, withinOneSite } from './site.ts';

describe('siteName', () => {
  it('names www.initech.example, WWW2.Initech.Example and initech.example as one site', () => {
    expect(siteName('www.initech.example')).toBe('initech.example');
    expect(siteName('WWW2.Initech.Example')).toBe('initech.example');
    expect(siteName('initech.example')).toBe('initech.example');
  });

  it('keeps a www that is not the first label, or not a label of its own', () => {
    expect(siteName('news.www.example')).toBe('news.www.example');
    expect(siteName('wwwhat.example')).toBe('wwwhat.example');
  });
});

describe('siteOf', () => {
  it('is the site of an address or of a host written without a scheme', () => {
    expect(siteOf('https://www.initech.example/about?x=1')).toBe('initech.example');
    expect(siteOf('WWW.Initech.Example')).toBe('initech.example');
    expect(siteOf(' investors.initech.example/ir ')).toBe('investors.initech.example');
    expect(siteOf(new URL('http://127.0.0.1:8080/'))).toBe('127.0.0.1');
  });

  it('is null for what is not a web address', () => {
    for (const value of [null, '', '  ', 'not a site', 'ftp://initech.example/', 'mailto:ceo@initech.example'])
      expect(siteOf(value), String(value)).toBeNull();
    expect(webAddress('javascript:alert(1)')).toBeNull();
  });

  it('counts a subdomain as within its site, a look-alike not', () => {
    expect(withinOneSite('investors.initech.example', 'initech.example')).toBe(true);
    expect(withinOneSite('initech.example', 'initech.example')).toBe(true);
    expect(withinOneSite('notinitech.example', 'initech.example')).toBe(false);
  });
});

describe('serverOf', () => {
  it('is the site and a port that is not the scheme’s own', () => {
    expect(serverOf(new URL('https://www.initech.example:443/a'))).toBe('initech.example');
    expect(serverOf(new URL('http://127.0.0.1:8080/a'))).toBe('127.0.0.1:8080');
  });
});

describe('pageKey', () => {
  it('is one key for one article however it is linked', () => {
    const key = 'reuters.com/markets/acme-buys-beta';
    expect(pageKey('https://www.reuters.com/markets/acme-buys-beta/')).toBe(key);
    expect(pageKey('http://reuters.com/markets/acme-buys-beta?utm_source=rss&utm_medium=feed#top')).toBe(key);
    expect(pageKey('https://WWW.Reuters.com/markets/acme-buys-beta?fbclid=x&gclid=y&oc=5')).toBe(key);
    expect(pageKey(new URL('https://www.reuters.com/markets/acme-buys-beta#x'))).toBe(key);
  });

  it('keeps the parameters that choose the article, sorted', () => {
    expect(pageKey('https://news.example.com/story?page=2&id=7&utm_campaign=x')).toBe('news.example.com/story?id=7&page=2');
    expect(pageKey('https://news.example.com/a?id=8')).not.toBe(pageKey('https://news.example.com/a?id=7'));
    expect(pageKey('http://127.0.0.1:8080/a/')).toBe('127.0.0.1:8080/a');
  });

  it('has no key for what is not a web address', () => {
    expect(pageKey('javascript:alert(1)')).toBeNull();
    expect(pageKey('not a url')).toBeNull();
  });
});
