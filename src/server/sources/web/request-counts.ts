// Every outbound request's outcome, counted twice: in this process's Prometheus counters (each
// process scraped on its own), and per hour in source_request_counts, so the operator console shows
// answer rates per service across every web and worker process. The table is written from memory
// every FLUSH_INTERVAL_MS in one upsert that adds to the hour's row; a flush the database refuses
// keeps its counts for the next one (an outage loses nothing, and nothing is added twice unless the
// connection drops between the commit and its answer, which no client can tell apart).
import { sourceRequestDuration, sourceRequests } from '../../lib/metrics.ts';
import { siteName } from './site.ts';

/** Who was asked: a configured service, or a publisher's or a company's own site. */
export type SourceService =
  | 'google-news'
  | 'gdelt'
  | 'sec'
  | 'nasdaq'
  | 'fmp'
  | 'finnhub'
  | 'hacker-news'
  | 'publisher'
  | 'company-site'
  /** A user's delivery channel (Slack, Teams, a webhook): an address the user gave. */
  | 'channel'
  /** A host of the services' client that no configured service is at (none today). */
  | 'other';

/** 'refused': not a public address (ADR 019); 'robots': robots.txt said no (nothing was asked). */
export type SourceOutcome = 'ok' | 'http_error' | 'network_error' | 'refused' | 'robots';

/** Services whose hosts are anyone's: their host label is the site, for the first HOST_LABELS_MAX sites only. */
const OPEN_SERVICES: ReadonlySet<SourceService> = new Set(['publisher', 'company-site', 'channel']);
/** Distinct sites a process names in its Prometheus labels; later ones are 'other'. */
export const HOST_LABELS_MAX = 50;
/** Distinct rows kept in memory between two flushes; later hosts are counted as 'other'. */
const PENDING_ROWS_MAX = 5_000;
export const FLUSH_INTERVAL_MS = 30_000;
/** Rows per statement. */
const CHUNK = 500;

const labelledSites = new Set<string>();

/** The host a request is counted under: the configured service's host, or a publisher's site. */
function hostOf(service: SourceService, url: URL): string {
  return OPEN_SERVICES.has(service) ? siteName(url.hostname) : url.host;
}

function hostLabel(service: SourceService, host: string): string {
  if (!OPEN_SERVICES.has(service) || labelledSites.has(host)) return host;
  if (labelledSites.size >= HOST_LABELS_MAX) return 'other';
  labelledSites.add(host);
  return host;
}

type Row = { hour: Date; service: string; host: string; outcome: string; count: number; totalMs: number };
type Query = (text: string, values: unknown[]) => Promise<unknown>;

const UPSERT = `INSERT INTO source_request_counts (hour, service, host, outcome, count, total_ms)
  SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[])
  ON CONFLICT (hour, service, host, outcome) DO UPDATE
    SET count = source_request_counts.count + excluded.count, total_ms = source_request_counts.total_ms + excluded.total_ms`;

/** Counts per (hour, service, host, outcome) waiting to be written, and the flush that writes them. */
export function createRequestCounts(query: Query, now: () => number = Date.now) {
  let pending = new Map<string, Row>();
  let flushing: Promise<boolean> | null = null;

  function add(row: Omit<Row, 'count' | 'totalMs'>, count: number, totalMs: number) {
    let key = `${row.hour.getTime()}|${row.service}|${row.host}|${row.outcome}`;
    if (!pending.has(key) && pending.size >= PENDING_ROWS_MAX) {
      row = { ...row, host: 'other' };
      key = `${row.hour.getTime()}|${row.service}|other|${row.outcome}`;
    }
    const kept = pending.get(key);
    if (kept) {
      kept.count += count;
      kept.totalMs += totalMs;
    } else pending.set(key, { ...row, count, totalMs });
  }

  /** Writes what was counted; false (counts kept for the next flush) when the database refused. */
  async function write(): Promise<boolean> {
    const rows = [...pending.values()];
    pending = new Map();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      try {
        await query(UPSERT, [
          chunk.map((r) => r.hour.toISOString()),
          chunk.map((r) => r.service),
          chunk.map((r) => r.host),
          chunk.map((r) => r.outcome),
          chunk.map((r) => r.count),
          chunk.map((r) => Math.round(r.totalMs)),
        ]);
      } catch {
        // This chunk and the ones after it were not written: back with what was counted meanwhile.
        for (const row of rows.slice(i)) add(row, row.count, row.totalMs);
        return false;
      }
    }
    return true;
  }

  return {
    count(service: string, host: string, outcome: SourceOutcome, ms: number) {
      const at = now();
      add({ hour: new Date(at - (at % 3_600_000)), service, host, outcome }, 1, ms);
    },
    /** One flush at a time: a flush asked for while one runs waits for it and then writes what is new. */
    async flush(): Promise<boolean> {
      while (flushing) await flushing;
      if (pending.size === 0) return true;
      flushing = write().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    /** Rows waiting (tests, and the shutdown log). */
    get pending() {
      return pending.size;
    },
  };
}

export type RequestCounts = ReturnType<typeof createRequestCounts>;

/** The process's table writer, while one is started (the server's roles; not the CLI or unit tests). */
let table: RequestCounts | null = null;

/** Counts one request that was made (or refused by robots.txt) for `url`. */
export function countSourceRequest(service: SourceService, url: URL, outcome: SourceOutcome, ms: number) {
  const host = hostOf(service, url);
  sourceRequests.inc({ service, host: hostLabel(service, host), outcome });
  if (outcome !== 'robots') sourceRequestDuration.observe({ service, outcome }, ms / 1000);
  table?.count(service, host, outcome, ms);
}

/**
 * Starts writing this process's counts to source_request_counts every `intervalMs`; `stop` writes
 * what is left (at shutdown, before the database closes).
 */
export function startRequestCountFlush(query: Query, intervalMs = FLUSH_INTERVAL_MS) {
  const counts = createRequestCounts(query);
  table = counts;
  const timer = setInterval(() => void counts.flush(), intervalMs);
  timer.unref();
  return {
    flush: () => counts.flush(),
    async stop() {
      clearInterval(timer);
      await counts.flush();
      if (table === counts) table = null;
    },
  };
}
