import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { TrustProxy } from '../config.ts';
import { currentLogContext } from '../lib/log-context.ts';
import { clientIp, pathAndQuery, requestHeader, requestId } from './middleware.ts';

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

describe('clientIp', () => {
  const ipOf = async (trustProxy: TrustProxy, socket: string | undefined, forwarded?: string) => {
    const app = new Hono<{ Bindings: HttpBindings; Variables: { clientIp: string } }>()
      .use(clientIp(trustProxy))
      .get('/', (c) => c.text(c.var.clientIp));
    const headers: Record<string, string> = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
    const res = await app.request('/', {}, { incoming: { headers, socket: { remoteAddress: socket } } } as unknown as HttpBindings);
    return res.text();
  };

  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", async () => {
    expect(await ipOf(false, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ipOf(0, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ipOf(false, undefined)).toBe('unknown');
  });

  it('with true, is the last hop: what the one proxy saw, not what the client wrote before it', async () => {
    expect(await ipOf(true, '10.0.0.2', 'spoofed, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf(true, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('with a number of proxies, skips that many hops from the right', async () => {
    expect(await ipOf(2, '10.0.0.2', 'spoofed, 198.51.100.7, 10.0.0.3')).toBe('198.51.100.7');
    // A chain shorter than told: the leftmost entry there is.
    expect(await ipOf(3, '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('with addresses, is the nearest entry that is not a listed proxy', async () => {
    const proxies = ['loopback', '10.0.0.0/8'];
    expect(await ipOf(proxies, '127.0.0.1', 'spoofed, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
    // A request that did not come through a listed proxy: its X-Forwarded-For is the client's own.
    expect(await ipOf(proxies, '203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
  });
});

describe('requestId', () => {
  // The id the handler's log context holds, and the one the answer's header gives back.
  const app = new Hono().use(requestId()).get('/', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return c.text(currentLogContext()?.requestId ?? 'none');
  });
  const send = async (given?: string) => {
    const res = await app.request('/', { headers: given === undefined ? {} : { 'x-request-id': given } });
    return { header: res.headers.get('x-request-id'), inside: await res.text() };
  };

  it('gives each request a new id, in its log context and in X-Request-Id', async () => {
    const [a, b] = await Promise.all([send(), send()]);
    expect(a!.header).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(a!.inside).toBe(a!.header);
    expect(b!.inside).toBe(b!.header);
    expect(a!.header).not.toBe(b!.header);
    expect(currentLogContext()).toBeUndefined();
  });

  it("keeps a proxy's short plain id, and replaces anything else", async () => {
    expect(await send('7f3a9c0e2b4d4e1f8a6b5c4d3e2f1a0b')).toEqual({
      header: '7f3a9c0e2b4d4e1f8a6b5c4d3e2f1a0b',
      inside: '7f3a9c0e2b4d4e1f8a6b5c4d3e2f1a0b',
    });
    for (const given of ['', 'a b', 'x'.repeat(65), '{"level":"error"}', 'jane@example.com']) {
      const { header, inside } = await send(given);
      expect(header, given).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(inside).toBe(header);
    }
  });
});
