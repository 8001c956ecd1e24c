import net from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttp, startFakeHttp } from '../../../../tests/fakes/http.ts';
import { registry } from '../../lib/metrics.ts';
import { createHostPacer, createSourceHttp, describeUrl, isPublicAddress } from './http.ts';
import { SourceError } from './types.ts';

describe('describeUrl', () => {
  it('never shows the query string, where API keys live', () => {
    expect(describeUrl(new URL('https://financialmodelingprep.com/stable/x?symbol=AAPL&apikey=SECRET'))).toBe(
      'financialmodelingprep.com/stable/x',
    );
  });
});

describe('per-host politeness', () => {
  const starts: Array<{ host: string; at: number }> = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], fakeNodeBuiltins: true });
    starts.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        starts.push({ host: url.host, at: Date.now() });
        return new Response('ok');
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('queues requests to one host an interval apart and leaves other hosts alone', async () => {
    const http = createSourceHttp({ userAgent: 'test', minIntervalMs: { 'slow.example': 1000 } });
    const t0 = Date.now();
    const all = Promise.all([
      http.getText('https://slow.example/1'),
      http.getText('https://slow.example/2'),
      http.getText('https://slow.example/3'),
      http.getText('https://fast.example/1'),
    ]);
    await vi.advanceTimersByTimeAsync(5000);
    await all;
    const slow = starts.filter((s) => s.host === 'slow.example').map((s) => s.at - t0);
    expect(slow).toEqual([0, 1000, 2000]);
    expect(starts.find((s) => s.host === 'fast.example')!.at - t0).toBe(0);
  });

  it('refuses a request whose turn is further away than maxQueueWaitMs', async () => {
    const http = createSourceHttp({ userAgent: 'test', minIntervalMs: { 'slow.example': 1000 }, maxQueueWaitMs: 2500 });
    const queued = [http.getText('https://slow.example/1'), http.getText('https://slow.example/2'), http.getText('https://slow.example/3')];
    await expect(http.getText('https://slow.example/4')).rejects.toThrow(/too many requests waiting for slow.example/);
    await vi.advanceTimersByTimeAsync(3000);
    await Promise.all(queued);
    expect(starts).toHaveLength(3);
  });

  it('gives a cancelled turn back, so the next request does not wait for it', async () => {
    const http = createSourceHttp({ userAgent: 'test', minIntervalMs: { 'slow.example': 1000 } });
    const t0 = Date.now();
    await http.getText('https://slow.example/1');
    const cancel = new AbortController();
    const cancelled = http.getText('https://slow.example/2', { signal: cancel.signal });
    cancel.abort(new Error('user left'));
    await expect(cancelled).rejects.toThrow('user left');
    const next = http.getText('https://slow.example/3');
    await vi.advanceTimersByTimeAsync(3000);
    await next;
    expect(starts.map((s) => s.at - t0)).toEqual([0, 1000]);
  });

  it('turns a non-2xx answer into a SourceError with the status and no query string', async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 403 }));
    const http = createSourceHttp({ userAgent: 'test' });
    const error = await http.getText('https://api.example/x?apikey=SECRET').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).status).toBe(403);
    expect((error as SourceError).message).not.toContain('SECRET');
  });
});

describe('host pacer memory', () => {
  afterEach(() => vi.useRealTimers());

  it('forgets hosts whose turn is past, so a long-running worker meeting many sites keeps a bounded map', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], fakeNodeBuiltins: true });
    const pacer = createHostPacer({ intervals: {}, defaultIntervalMs: 1000, maxQueueWaitMs: 30_000 });
    let largest = 0;
    // 20,000 publishers, one new site every 10 ms (a day of alerts meeting new sites, compressed).
    for (let i = 0; i < 20_000; i++) {
      await pacer.waitForTurn(`site-${i}.example`, undefined);
      largest = Math.max(largest, pacer.size);
      vi.advanceTimersByTime(10);
    }
    expect(largest).toBeLessThanOrEqual(2_000);
  });

  it('still paces a host it has seen recently after forgetting the others', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], fakeNodeBuiltins: true });
    const pacer = createHostPacer({ intervals: {}, defaultIntervalMs: 1000, maxQueueWaitMs: 30_000 });
    for (let i = 0; i < 5_000; i++) await pacer.waitForTurn(`old-${i}.example`, undefined);
    vi.advanceTimersByTime(2000);
    const t0 = Date.now();
    await pacer.waitForTurn('busy.example', undefined);
    for (let i = 0; i < 5_000; i++) await pacer.waitForTurn(`new-${i}.example`, undefined);
    const second = pacer.waitForTurn('busy.example', undefined).then(() => Date.now() - t0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await second).toBe(1000);
  });
});

describe('timeout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives up after timeoutMs with a SourceError, and passes a caller abort through as is', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: URL, init: RequestInit) =>
        new Promise((_, reject) => {
          // Like fetch: never answers, rejects with the signal's reason once it aborts.
          if (init.signal!.aborted) reject(init.signal!.reason);
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
        }),
    );
    const http = createSourceHttp({ userAgent: 'test', timeoutMs: 30 });
    await expect(http.getText('https://slow.example/x')).rejects.toThrow(/no complete answer from slow.example\/x within 30 ms/);
    const controller = new AbortController();
    const pending = http.getText('https://slow.example/y', { signal: controller.signal });
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toThrow('user left');
  });
});

describe('redirects', () => {
  afterEach(() => vi.unstubAllGlobals());
  const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

  it('follows a redirect on the same host', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      seen.push(url.href);
      return url.pathname === '/old' ? redirect('/new') : new Response('moved here');
    });
    expect(await createSourceHttp({ userAgent: 'test' }).getText('https://www.sec.gov/old')).toBe('moved here');
    expect(seen).toEqual(['https://www.sec.gov/old', 'https://www.sec.gov/new']);
  });

  it('refuses a redirect to anything but http(s), and endless redirects (where a redirect may connect: outbound-addresses.test.ts)', async () => {
    vi.stubGlobal('fetch', async () => redirect('file:///etc/passwd'));
    const http = createSourceHttp({ userAgent: 'test' });
    await expect(http.getText('https://www.sec.gov/x')).rejects.toThrow('www.sec.gov/x redirected to a file: address');
    vi.stubGlobal('fetch', async (url: URL) => redirect(`${url.pathname}x`));
    await expect(http.getText('https://www.sec.gov/x')).rejects.toThrow('redirected too many times');
  });
});

describe('size caps', () => {
  // 600,000 bytes in chunks of 60,000, with or without a Content-Length saying so up front.
  let server: FakeHttp;
  beforeAll(async () => {
    server = await startFakeHttp((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', ...(req.url === '/declared' ? { 'content-length': '600000' } : {}) });
      for (let i = 0; i < 10; i++) res.write('x'.repeat(60_000));
      res.end();
    });
  });
  afterAll(() => server.stop());

  it("refuses a body over the client's cap, and reads only a request's own maxBytes of one, ignoring the rest", async () => {
    const http = createSourceHttp({ userAgent: 'test', maxBytes: 550_000, allowPrivateAddresses: true });
    for (const path of ['/declared', '/streamed']) {
      await expect(http.getText(`${server.url}${path}`)).rejects.toThrow(`sent more than 550000 bytes`);
      expect(await http.getText(`${server.url}${path}`, { maxBytes: 500 * 1024 })).toHaveLength(500 * 1024);
      // Never more than the client's own cap.
      expect(await http.getText(`${server.url}${path}`, { maxBytes: 10_000_000 })).toHaveLength(550_000);
    }
  });
});

describe('forms and per-request pacing', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('POSTs a form once, with its content type, and never re-posts it on a redirect', async () => {
    const seen: Array<{ url: string; method: string; type: string | null; body: unknown }> = [];
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      seen.push({ url: url.href, method: init.method!, type: headers['content-type'] ?? null, body: init.body });
      return url.pathname === '/post' ? new Response(null, { status: 303, headers: { location: '/done' } }) : new Response('ok');
    });
    const http = createSourceHttp({ userAgent: 'test' });
    expect(await http.getText('https://news.google.com/post', { form: new URLSearchParams({ 'f.req': '[1]' }) })).toBe('ok');
    expect(seen).toEqual([
      {
        url: 'https://news.google.com/post',
        method: 'POST',
        type: 'application/x-www-form-urlencoded;charset=UTF-8',
        body: 'f.req=%5B1%5D',
      },
      { url: 'https://news.google.com/done', method: 'GET', type: null, body: undefined },
    ]);
  });

  it("waits a host's own longer interval (Crawl-delay), and a request may refuse a queue shorter than the client's", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], fakeNodeBuiltins: true });
    const starts: number[] = [];
    vi.stubGlobal('fetch', async () => {
      starts.push(Date.now());
      return new Response('ok');
    });
    const http = createSourceHttp({ userAgent: 'test', defaultMinIntervalMs: 100 });
    const t0 = Date.now();
    const both = Promise.all([http.getText('https://a.example/1', { minIntervalMs: 2000 }), http.getText('https://a.example/2')]);
    await expect(http.getText('https://a.example/3', { maxQueueWaitMs: 1000 })).rejects.toThrow('too many requests waiting for a.example');
    await vi.advanceTimersByTimeAsync(3000);
    await both;
    expect(starts.map((at) => at - t0)).toEqual([0, 2000]);
  });
});

describe('which addresses are public', () => {
  it('takes public IPv4 and IPv6 unicast, and IPv4 written as mapped or NAT64 IPv6 when that IPv4 is public', () => {
    for (const address of [
      '8.8.8.8',
      '151.101.1.69',
      '2606:4700::6810:85e5',
      '2a00:1450:4001:800::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, private, link-local, reserved and special IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.8',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '0.1.2.3',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses every non-public IPv6 form, including IPv4 hidden in IPv6', () => {
    for (const address of [
      '::', // unspecified
      '::1', // loopback
      '::7f00:1', // ::127.0.0.1, IPv4-compatible (::/96, deprecated)
      '::a00:1', // ::10.0.0.1
      '::808:808', // ::8.8.8.8: the whole ::/96 block is refused, public or not
      '::ffff:7f00:1', // IPv4-mapped 127.0.0.1
      '::ffff:169.254.169.254', // IPv4-mapped cloud metadata
      '::ffff:0:7f00:1', // IPv4-translated (RFC 6145)
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '64:ff9b:1::808:808', // local-use NAT64 (RFC 8215)
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:808:808::1', // 6to4 of a public IPv4: a tunnel we do not dial
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      'fc00::1', // unique-local
      'fd12:3456::1',
      'fe80::1', // link-local
      'fe80::1%eth0',
      'fec0::1', // site-local (deprecated)
      'ff02::1', // multicast
      '100::1', // discard
      '2001:db8::1', // documentation
      '3fff::1',
      '4000::1', // outside global unicast (2000::/3)
      'not-an-ip',
      '',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('connections from an untrusted host (a publisher link, a company site)', () => {
  it('are refused before dialling a non-public address, written as an IP or as a name that resolves to one, and the error names no address', async () => {
    const http = createSourceHttp({ userAgent: 'test' });
    for (const url of [
      'http://127.0.0.1:39999/x',
      'http://[::1]:39999/x',
      'http://[::ffff:7f00:1]:39999/x',
      'http://0.0.0.0:39999/x',
      'http://localhost:39999/x',
    ]) {
      const error = (await http.getText(url).catch((e: unknown) => e)) as SourceError;
      expect(error, url).toBeInstanceOf(SourceError);
      expect(error.message, url).toMatch(/failed: not a public address$/);
    }
  });

  it('are dialled to a trusted host (a configured service) on any address, and a refused connection names no address either', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const http = createSourceHttp({ userAgent: 'test', trustedHosts: [`127.0.0.1:${closed}`] });
    await expect(http.getText(`http://127.0.0.1:${closed}/x`)).rejects.toThrow(`127.0.0.1:${closed}/x failed: connection refused`);
    await expect(http.getText(`http://[::1]:${closed}/x`)).rejects.toThrow(/failed: not a public address$/);
  });
});

describe('every request counted by service, host and outcome (eos_source_requests_total)', () => {
  let fake: FakeHttp;
  beforeAll(async () => {
    fake = await startFakeHttp((req, res) => {
      if (req.url === '/ok') res.writeHead(200, { 'content-type': 'text/plain' }).end('fine');
      else res.writeHead(503).end();
    });
  });
  afterAll(() => fake.stop());

  const counted = async (labels: Record<string, string>) => {
    const { values } = await registry.getSingleMetric('eos_source_requests_total')!.get();
    return values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
  };

  it('answered, refused by status, unreachable, and not dialled (not a public address), under the service asked', async () => {
    const host = new URL(fake.url).host;
    const http = createSourceHttp({ userAgent: 'test', trustedHosts: [host], services: { [host]: 'sec' } });
    await http.getText(`${fake.url}/ok`);
    await http.getText(`${fake.url}/ok`, { service: 'gdelt' });
    await http.getText(`${fake.url}/down`).catch(() => {});
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    await createSourceHttp({ userAgent: 'test', trustedHosts: [`127.0.0.1:${closed}`], defaultService: 'nasdaq' })
      .getText(`http://127.0.0.1:${closed}/x`)
      .catch(() => {});
    await createSourceHttp({ userAgent: 'test', defaultService: 'publisher' })
      .getText('http://127.0.0.1:39998/x')
      .catch(() => {});

    expect(await counted({ service: 'sec', host, outcome: 'ok' })).toBe(1);
    expect(await counted({ service: 'gdelt', host, outcome: 'ok' })).toBe(1);
    expect(await counted({ service: 'sec', host, outcome: 'http_error' })).toBe(1);
    expect(await counted({ service: 'nasdaq', host: `127.0.0.1:${closed}`, outcome: 'network_error' })).toBe(1);
    // A publisher is named by its site (no port): the label set stays one per site.
    expect(await counted({ service: 'publisher', host: '127.0.0.1', outcome: 'refused' })).toBe(1);
    // A caller's abort is not the source's doing: not counted.
    const aborted = AbortSignal.abort();
    await http.getText(`${fake.url}/ok`, { signal: aborted }).catch(() => {});
    expect(await counted({ service: 'sec', host, outcome: 'ok' })).toBe(1);
  });
});

describe('post (a channel delivery: the answer is wanted whatever its status)', () => {
  type Seen = { method: string; url: string; type: string | undefined; body: string; signature: string | undefined };
  let seen: Seen[];
  let receiver: FakeHttp;
  let elsewhere: FakeHttp;
  beforeAll(async () => {
    const record = (req: import('node:http').IncomingMessage) =>
      new Promise<void>((resolve) => {
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on('end', () => {
          seen.push({
            method: req.method!,
            url: req.url!,
            type: req.headers['content-type'],
            body,
            signature: req.headers['webhook-signature'] as string | undefined,
          });
          resolve();
        });
      });
    elsewhere = await startFakeHttp(async (req, res) => {
      await record(req);
      res.writeHead(200).end('ok from elsewhere');
    });
    receiver = await startFakeHttp(async (req, res) => {
      await record(req);
      if (req.url === '/ok') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      else if (req.url === '/gone') res.writeHead(404, { 'content-type': 'text/plain' }).end('no_service');
      else if (req.url === '/busy') res.writeHead(429, { 'retry-after': '7' }).end('rate_limited');
      else if (req.url === '/long') res.writeHead(500).end('e'.repeat(10_000));
      else if (req.url === '/307') res.writeHead(307, { location: '/ok' }).end();
      else if (req.url === '/308') res.writeHead(308, { location: '/gone' }).end();
      else if (req.url === '/302') res.writeHead(302, { location: '/ok' }).end();
      else if (req.url === '/away') res.writeHead(307, { location: `${elsewhere.url}/ok` }).end();
      else res.writeHead(400).end('invalid_payload');
    });
  });
  afterAll(() => Promise.all([receiver.stop(), elsewhere.stop()]));
  beforeEach(() => {
    seen = [];
  });
  const trusting = () => createSourceHttp({ userAgent: 'test', trustedHosts: [new URL(receiver.url).host] });
  const send = { body: '{"a":1}', contentType: 'application/json', headers: { 'webhook-signature': 'v1,x' }, service: 'channel' as const };

  it("resolves with a non-2xx answer's status, its words and headers, and reads at most 2 KB of them", async () => {
    const http = trusting();
    expect(await http.post(`${receiver.url}/ok`, send)).toMatchObject({ status: 200, body: 'ok' });
    expect(await http.post(`${receiver.url}/gone`, send)).toMatchObject({ status: 404, body: 'no_service' });
    const busy = await http.post(`${receiver.url}/busy`, send);
    expect([busy.status, busy.body, busy.headers.get('retry-after')]).toEqual([429, 'rate_limited', '7']);
    expect((await http.post(`${receiver.url}/long`, send)).body).toHaveLength(2048);
    expect(seen[0]).toEqual({ method: 'POST', url: '/ok', type: 'application/json', body: '{"a":1}', signature: 'v1,x' });
  });

  it('follows 307 and 308 with the same method, body and headers, and answers any other redirect as is', async () => {
    const http = trusting();
    expect(await http.post(`${receiver.url}/307`, send)).toMatchObject({ status: 200, body: 'ok' });
    expect(await http.post(`${receiver.url}/308`, send)).toMatchObject({ status: 404, body: 'no_service' });
    expect(seen.map((s) => [s.method, s.url, s.body, s.signature])).toEqual([
      ['POST', '/307', '{"a":1}', 'v1,x'],
      ['POST', '/ok', '{"a":1}', 'v1,x'],
      ['POST', '/308', '{"a":1}', 'v1,x'],
      ['POST', '/gone', '{"a":1}', 'v1,x'],
    ]);
    seen = [];
    expect((await http.post(`${receiver.url}/302`, send)).status).toBe(302);
    expect(seen.map((s) => s.url)).toEqual(['/302']);
  });

  it('checks every hop: a redirect to a loopback address that is not trusted is refused and reaches nothing', async () => {
    const error = (await trusting()
      .post(`${receiver.url}/away`, send)
      .catch((e: unknown) => e)) as SourceError;
    expect(error).toBeInstanceOf(SourceError);
    expect(error.message).toMatch(/failed: not a public address$/);
    expect(error.message).not.toContain(String(elsewhere.port));
    expect(seen.map((s) => s.url)).toEqual(['/away']);
  });

  it('throws a SourceError for an address that is not public, and for no answer at all', async () => {
    const http = createSourceHttp({ userAgent: 'test' });
    await expect(http.post(`${receiver.url}/ok`, send)).rejects.toThrow(/failed: not a public address$/);
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const trusted = createSourceHttp({ userAgent: 'test', trustedHosts: [`127.0.0.1:${closed}`] });
    await expect(trusted.post(`http://127.0.0.1:${closed}/x`, send)).rejects.toThrow(`failed: connection refused`);
    await expect(trusted.post('ftp://example.com/x', send)).rejects.toThrow('only http(s) URLs are fetched');
    expect(seen).toEqual([]);
  });
});
