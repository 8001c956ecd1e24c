import { describe, expect, it } from 'vitest';
import { registry } from '../../lib/metrics.ts';
import { countSourceRequest, createRequestCounts, HOST_LABELS_MAX } from './request-counts.ts';

type Call = { text: string; values: unknown[] };

/** A database that records each statement, and refuses while `down` is set. */
function fakeDatabase() {
  const calls: Call[] = [];
  const state = { down: false };
  const query = async (text: string, values: unknown[]) => {
    if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    calls.push({ text, values });
  };
  return { calls, state, query };
}

/** The rows a statement wrote, as objects. */
const rowsOf = (call: Call) => {
  const [hours, services, hosts, outcomes, counts, totals] = call.values as unknown[][];
  return hours!.map((hour, i) => ({
    hour,
    service: services![i],
    host: hosts![i],
    outcome: outcomes![i],
    count: counts![i],
    totalMs: totals![i],
  }));
};

const HOUR = Date.parse('2026-11-27T14:00:00Z');

describe('source request counts for source_request_counts', () => {
  it('adds up the requests per hour, service, host and outcome and writes them in one upsert', async () => {
    const db = fakeDatabase();
    let now = HOUR + 60_000;
    const counts = createRequestCounts(db.query, () => now);
    counts.count('google-news', 'news.google.com', 'ok', 120);
    counts.count('google-news', 'news.google.com', 'ok', 80);
    counts.count('google-news', 'news.google.com', 'http_error', 30);
    counts.count('publisher', 'reuters.com', 'robots', 0);
    now = HOUR + 3_600_000 + 5;
    counts.count('google-news', 'news.google.com', 'ok', 50);
    expect(counts.pending).toBe(4);

    expect(await counts.flush()).toBe(true);
    expect(db.calls).toHaveLength(1);
    expect(db.calls[0]!.text).toMatch(/ON CONFLICT \(hour, service, host, outcome\) DO UPDATE/);
    expect(db.calls[0]!.text).toMatch(/count = source_request_counts\.count \+ excluded\.count/);
    expect(rowsOf(db.calls[0]!)).toEqual([
      { hour: '2026-11-27T14:00:00.000Z', service: 'google-news', host: 'news.google.com', outcome: 'ok', count: 2, totalMs: 200 },
      { hour: '2026-11-27T14:00:00.000Z', service: 'google-news', host: 'news.google.com', outcome: 'http_error', count: 1, totalMs: 30 },
      { hour: '2026-11-27T14:00:00.000Z', service: 'publisher', host: 'reuters.com', outcome: 'robots', count: 1, totalMs: 0 },
      { hour: '2026-11-27T15:00:00.000Z', service: 'google-news', host: 'news.google.com', outcome: 'ok', count: 1, totalMs: 50 },
    ]);
    expect(counts.pending).toBe(0);
    // Nothing new: no statement.
    expect(await counts.flush()).toBe(true);
    expect(db.calls).toHaveLength(1);
  });

  it('keeps the counts through a database outage and adds them once when it is back', async () => {
    const db = fakeDatabase();
    const counts = createRequestCounts(db.query, () => HOUR);
    counts.count('sec', 'data.sec.gov', 'ok', 10);
    db.state.down = true;
    expect(await counts.flush()).toBe(false);
    // Still counting meanwhile, onto the kept rows.
    counts.count('sec', 'data.sec.gov', 'ok', 20);
    counts.count('sec', 'data.sec.gov', 'network_error', 15_000);
    expect(await counts.flush()).toBe(false);
    expect(counts.pending).toBe(2);

    db.state.down = false;
    expect(await counts.flush()).toBe(true);
    expect(db.calls).toHaveLength(1);
    expect(rowsOf(db.calls[0]!)).toEqual([
      expect.objectContaining({ service: 'sec', outcome: 'ok', count: 2, totalMs: 30 }),
      expect.objectContaining({ service: 'sec', outcome: 'network_error', count: 1, totalMs: 15_000 }),
    ]);
    expect(await counts.flush()).toBe(true);
    expect(db.calls).toHaveLength(1);
  });

  it('writes many rows in chunks, and keeps only the chunks that were not written', async () => {
    const calls: Call[] = [];
    let refuseFrom = 2;
    const query = async (text: string, values: unknown[]) => {
      if (calls.length + 1 >= refuseFrom) throw new Error('the database went away');
      calls.push({ text, values });
    };
    const counts = createRequestCounts(query, () => HOUR);
    for (let i = 0; i < 1200; i++) counts.count('publisher', `site${i}.example`, 'ok', 1);
    expect(await counts.flush()).toBe(false);
    expect(calls).toHaveLength(1);
    expect(rowsOf(calls[0]!)).toHaveLength(500);
    expect(counts.pending).toBe(700);

    refuseFrom = Number.POSITIVE_INFINITY;
    expect(await counts.flush()).toBe(true);
    const written = calls.flatMap(rowsOf);
    expect(written).toHaveLength(1200);
    expect(new Set(written.map((r) => r.host)).size).toBe(1200);
    expect(written.every((r) => r.count === 1)).toBe(true);
  });

  it('never runs two flushes at once: one asked for during another writes what came after', async () => {
    const calls: Call[] = [];
    let release: () => void = () => {};
    const query = async (text: string, values: unknown[]) => {
      calls.push({ text, values });
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
    };
    const counts = createRequestCounts(query, () => HOUR);
    counts.count('gdelt', 'api.gdeltproject.org', 'ok', 1);
    const first = counts.flush();
    counts.count('gdelt', 'api.gdeltproject.org', 'ok', 1);
    const second = counts.flush();
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(calls.map((c) => rowsOf(c)[0]!.count)).toEqual([1, 1]);
  });
});

describe('eos_source_requests_total', () => {
  const value = async (labels: Record<string, string>) => {
    const metric = (await registry.getSingleMetric('eos_source_requests_total')!.get()).values;
    return metric.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value;
  };

  it('names a service host as configured, and only the first sites of the open services', async () => {
    countSourceRequest('sec', new URL('https://data.sec.gov/submissions/x.json?key=secret'), 'ok', 5);
    expect(await value({ service: 'sec', host: 'data.sec.gov', outcome: 'ok' })).toBe(1);
    for (let i = 0; i < HOST_LABELS_MAX + 5; i++) countSourceRequest('publisher', new URL(`https://www.site${i}.example/a`), 'ok', 5);
    // Publishers are named by site (no www.), the first HOST_LABELS_MAX of them; the rest are one 'other'.
    expect(await value({ service: 'publisher', host: 'site0.example', outcome: 'ok' })).toBe(1);
    expect(await value({ service: 'publisher', host: `site${HOST_LABELS_MAX}.example`, outcome: 'ok' })).toBeUndefined();
    expect(await value({ service: 'publisher', host: 'other', outcome: 'ok' })).toBe(5);
    // Names seen before keep theirs.
    countSourceRequest('publisher', new URL('https://site1.example/b'), 'robots', 0);
    expect(await value({ service: 'publisher', host: 'site1.example', outcome: 'robots' })).toBe(1);
  });
});
