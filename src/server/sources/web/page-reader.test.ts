import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeHttp, startFakeHttp } from '../../../../tests/fakes/http.ts';
import { registry } from '../../lib/metrics.ts';
import { createSourceHttp, type SourceHttp, type SourceHttpOptions } from './http.ts';
import { createPageReader } from './page-reader.ts';

const UA = 'EnterpriseOS/1.0 (+http://localhost; test@example.com)';
const PAGE = '<html><head><title>Leadership</title></head><body><h1>Our leadership</h1></body></html>';

/** What a fake site answers at a path: a status, a body and its content type. */
type Answer = { status?: number; type?: string; body?: string; location?: string } | 'hang up';

/** A site whose answers the test sets per path; every request is recorded. */
async function fakeSite(host = '127.0.0.1') {
  const answers = new Map<string, Answer>();
  const requests: string[] = [];
  /** When each path was last asked for (ms). */
  const arrivals = new Map<string, number>();
  const handler: http.RequestListener = (req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    arrivals.set(path, performance.now());
    const answer =
      answers.get(path) ?? (path === '/robots.txt' ? { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' } : {});
    if (answer === 'hang up') return void req.socket.destroy();
    const headers: Record<string, string> = { 'content-type': answer.type ?? 'text/html; charset=utf-8' };
    if (answer.location) headers.location = answer.location;
    res.writeHead(answer.status ?? 200, headers).end(answer.body ?? PAGE);
  };
  const server: FakeHttp = await startFakeHttp(handler, 0, host);
  return { ...server, answers, requests, arrivals };
}

describe('createPageReader', () => {
  let site: Awaited<ReturnType<typeof fakeSite>>;
  const client = (options: Partial<SourceHttpOptions> = {}) => createSourceHttp({ userAgent: UA, allowPrivateAddresses: true, ...options });
  const reader = (http: SourceHttp = client(), signal?: AbortSignal) => createPageReader({ http, userAgent: UA, signal });

  beforeAll(async () => {
    site = await fakeSite();
  });
  afterAll(() => site.stop());
  beforeEach(() => {
    site.answers.clear();
    site.requests.length = 0;
    site.arrivals.clear();
  });

  it("reads a page robots.txt allows, reading the site's robots.txt once for all its pages", async () => {
    const pages = reader();
    expect(await pages.read(`${site.url}/leadership`)).toEqual({ outcome: 'read', url: `${site.url}/leadership`, html: PAGE });
    expect((await pages.read(`${site.url}/about`)).outcome).toBe('read');
    expect(site.requests).toEqual(['/robots.txt', '/leadership', '/about']);
  });

  it('never asks for a page robots.txt disallows', async () => {
    expect(await reader().read(`${site.url}/private/minutes`)).toEqual({
      outcome: 'blocked',
      url: `${site.url}/private/minutes`,
      reason: 'robots.txt disallows this page',
      byRobots: true,
    });
    expect(site.requests).toEqual(['/robots.txt']);
  });

  it("counts robots.txt's refusals and the requests made under the reader's service (the console's answer rates)", async () => {
    const counted = async (outcome: string) => {
      const { values } = await registry.getSingleMetric('eos_source_requests_total')!.get();
      return (
        values.find((v) => v.labels.service === 'company-site' && v.labels.host === '127.0.0.1' && v.labels.outcome === outcome)?.value ?? 0
      );
    };
    const before = { ok: await counted('ok'), robots: await counted('robots') };
    const pages = createPageReader({ http: client(), userAgent: UA, service: 'company-site' });
    await pages.read(`${site.url}/private/minutes`);
    await pages.read(`${site.url}/about`);
    expect(await counted('robots')).toBe(before.robots + 1);
    // robots.txt and the page, both asked for.
    expect(await counted('ok')).toBe(before.ok + 2);
  });

  it("asks for each page at robots.txt's Crawl-delay", async () => {
    site.answers.set('/robots.txt', { type: 'text/plain', body: 'User-agent: EnterpriseOS\nCrawl-delay: 0.2\n' });
    const pages = reader();
    await Promise.all([pages.read(`${site.url}/a`), pages.read(`${site.url}/b`)]);
    const [a, b] = ['/a', '/b'].map((path) => site.arrivals.get(path)!);
    expect(Math.abs(b! - a!)).toBeGreaterThanOrEqual(190);
  });

  it('does not read an address longer than 2,000 characters, nor its robots.txt', async () => {
    const url = `${site.url}/${'a'.repeat(2_000)}`;
    expect(await reader().read(url)).toEqual({
      outcome: 'blocked',
      url,
      reason: 'an address longer than 2000 characters',
      byRobots: false,
    });
    expect(site.requests).toEqual([]);
  });

  it('reads HTML only', async () => {
    site.answers.set('/report.pdf', { type: 'application/pdf', body: '%PDF-1.7' });
    site.answers.set('/untyped', { type: '', body: 'text' });
    const pages = reader();
    expect(await pages.read(`${site.url}/report.pdf`)).toEqual({
      outcome: 'failed',
      url: `${site.url}/report.pdf`,
      reason: 'not an HTML page (application/pdf)',
      siteDown: false,
    });
    expect(await pages.read(`${site.url}/untyped`)).toMatchObject({ reason: 'not an HTML page (no content type)' });
    site.answers.set('/xhtml', { type: 'application/xhtml+xml' });
    expect((await pages.read(`${site.url}/xhtml`)).outcome).toBe('read');
  });

  it('tells a refusal (401, 403, 451) and a paywall (402) from a failure worth trying again', async () => {
    for (const status of [401, 402, 403, 451, 404, 500]) site.answers.set(`/${status}`, { status });
    const pages = reader();
    const read = async (status: number) => pages.read(`${site.url}/${status}`);
    expect(await read(403)).toEqual({ outcome: 'blocked', url: `${site.url}/403`, reason: 'the site answered 403', byRobots: false });
    expect(await read(401)).toMatchObject({ outcome: 'blocked', reason: 'the site answered 401', byRobots: false });
    expect(await read(451)).toMatchObject({ outcome: 'blocked', reason: 'the site answered 451', byRobots: false });
    expect(await read(402)).toEqual({ outcome: 'paywalled', url: `${site.url}/402`, reason: 'the site answered 402' });
    // The reason names the page, not the host first: whoever shows it names the site once.
    expect(await read(500)).toEqual({
      outcome: 'failed',
      url: `${site.url}/500`,
      reason: `${site.url.replace('http://', '')}/500 answered 500`,
      siteDown: false,
    });
    expect(await read(404)).toMatchObject({ outcome: 'failed', siteDown: false });
  });

  it('reads nothing of a site whose robots.txt answered a server error or 429, and keeps that answer', async () => {
    site.answers.set('/robots.txt', { status: 503 });
    const pages = reader();
    expect(await pages.read(`${site.url}/leadership`)).toEqual({
      outcome: 'failed',
      url: `${site.url}/leadership`,
      reason: 'robots.txt answered 503',
      siteDown: true,
    });
    expect((await pages.read(`${site.url}/about`)).outcome).toBe('failed');
    expect(site.requests).toEqual(['/robots.txt']);

    site.answers.set('/robots.txt', { status: 429 });
    expect(await reader().read(`${site.url}/about`)).toMatchObject({ reason: 'robots.txt answered 429', siteDown: true });
  });

  it('reads every page of a site whose robots.txt is missing or locked (4xx)', async () => {
    site.answers.set('/robots.txt', { status: 404 });
    expect((await reader().read(`${site.url}/private/minutes`)).outcome).toBe('read');
    site.answers.set('/robots.txt', { status: 403 });
    expect((await reader().read(`${site.url}/private/minutes`)).outcome).toBe('read');
  });

  it('asks an unanswered robots.txt again at the next page', async () => {
    site.answers.set('/robots.txt', 'hang up');
    const pages = reader();
    const first = await pages.read(`${site.url}/leadership`);
    expect(first).toMatchObject({ outcome: 'failed', siteDown: true });
    if (first.outcome === 'failed') expect(first.reason).toMatch(/^request to .*\/robots\.txt failed/);
    site.answers.delete('/robots.txt');
    expect((await pages.read(`${site.url}/leadership`)).outcome).toBe('read');
    expect(site.requests).toEqual(['/robots.txt', '/robots.txt', '/leadership']);
  });

  it('says the site did not answer when nothing answers at the address', async () => {
    const gone = await fakeSite();
    await gone.stop();
    expect(await reader().read(`${gone.url}/`)).toMatchObject({ outcome: 'failed', siteDown: true });
  });

  it('leaves a page its own queue refused as busy: not asked for, nothing known', async () => {
    // robots.txt takes the host's one turn a second; the page would have to wait longer than the queue allows.
    const read = await reader(client({ defaultMinIntervalMs: 1_000, maxQueueWaitMs: 100 })).read(`${site.url}/leadership`);
    expect(read).toEqual({ outcome: 'busy', url: `${site.url}/leadership`, reason: expect.stringContaining('too many requests waiting') });
    expect(site.requests).toEqual(['/robots.txt']);
  });

  it('after a redirect to another site, reads the page only when that site’s robots.txt allows it', async () => {
    const other = await fakeSite('127.0.0.2');
    try {
      other.answers.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /moved-here\n' });
      site.answers.set('/old', { status: 301, location: `${other.url}/moved-here` });
      site.answers.set('/old-allowed', { status: 301, location: `${other.url}/allowed` });
      const pages = reader();
      expect(await pages.read(`${site.url}/old`)).toEqual({
        outcome: 'blocked',
        url: `${other.url}/moved-here`,
        reason: 'robots.txt disallows this page',
        byRobots: true,
      });
      expect(await pages.read(`${site.url}/old-allowed`)).toEqual({ outcome: 'read', url: `${other.url}/allowed`, html: PAGE });
      expect(other.requests.filter((path) => path === '/robots.txt')).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  it("ends with the caller's abort reason, not an outcome", async () => {
    const controller = new AbortController();
    site.answers.set('/robots.txt', 'hang up');
    controller.abort(new Error('the run was cancelled'));
    await expect(reader(client(), controller.signal).read(`${site.url}/leadership`)).rejects.toThrow('the run was cancelled');
  });
});
