import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { pathAndQuery, requestHeader } from './middleware.ts';

describe('pathAndQuery', () => {
  it('cuts the same path and query out of a serialised URL as URL parses', () => {
    const hrefs = [
      'http://localhost/',
      'http://localhost:3000/api/news-alerts',
      'http://127.0.0.1:41234/api/news-alerts?',
      'https://app.example.com/content-os?who=Hospital%20CFOs&what=x&who=y',
      'http://localhost/api/auth/reset-password/SOMETOKEN?callbackURL=/reset-password',
      'http://localhost/a/b?c=d#frag?x=1',
      'http://localhost/a#b/c?d',
      'http://user:pw@localhost:8080/p/%C3%A9?q=%3F&r',
      'http://[::1]:3000/x?y=1',
      'http://localhost/%2F..%2F?a=b=c',
    ];
    for (const raw of hrefs) {
      const href = new URL(raw).href;
      const url = new URL(href);
      expect(pathAndQuery(href), href).toEqual({ pathname: url.pathname, search: url.search.slice(1) });
    }
  });
});

describe('requestHeader', () => {
  const app = new Hono().get('/', (c) =>
    c.json({ cookie: requestHeader(c, 'cookie') ?? null, forwarded: requestHeader(c, 'x-forwarded-for') ?? null }),
  );

  it("reads Node's parsed headers when the request came over node-server", async () => {
    const incoming = { headers: { cookie: 'a=1; b=2', 'x-forwarded-for': ['10.0.0.1', '10.0.0.2'] } };
    // The Web request's headers differ on purpose: Node's are the ones read.
    const res = await app.request('/', { headers: { cookie: 'web=1' } }, { incoming });
    expect(await res.json()).toEqual({ cookie: 'a=1; b=2', forwarded: '10.0.0.1, 10.0.0.2' });
  });

  it('reads the Web headers of an in-process request', async () => {
    const res = await app.request('/', { headers: { cookie: 'web=1' } });
    expect(await res.json()).toEqual({ cookie: 'web=1', forwarded: null });
  });
});
