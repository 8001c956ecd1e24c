// Prometheus metrics (issue 28): one registry per process, served only on the ops listener
// (http/ops.ts, METRICS_PORT), never on the app's port. Every family the product exports is defined
// here, so the Grafana dashboard (deploy/grafana) is checked against one list, and each recorder is
// a single call at the place the thing happens. Labels are bounded: routes are Hono's patterns,
// kinds, tasks and outcomes are closed sets, and hosts are the configured services' or the first
// HOST_LABELS_MAX sites of a process (the rest are 'other').
import client from 'prom-client';

/** The process's registry; nothing registers in prom-client's global one. */
export const registry = new client.Registry();

let started = false;
/**
 * Labels every series with the process's role and starts Node's own metrics (eos_process_*,
 * eos_nodejs_*: CPU, memory, event-loop lag, GC). Once per process; tests may call it again.
 */
export function startMetrics(role: string) {
  registry.setDefaultLabels({ role });
  if (started) return;
  started = true;
  client.collectDefaultMetrics({ register: registry, prefix: 'eos_' });
}

/** The exposition: Prometheus text format. */
export const metricsText = () => registry.metrics();
export const METRICS_CONTENT_TYPE = registry.contentType;

// --- Helpers: every family is registered in `registry` only. ---

export function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return new client.Counter<L>({ name, help, labelNames, registers: [registry] });
}

export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) {
  return new client.Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
}

/** A gauge whose values are set at scrape time by `collect` (a database count, say). */
export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect?: (g: client.Gauge<L>) => Promise<void>,
) {
  return new client.Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    ...(collect
      ? {
          async collect(this: client.Gauge<L>) {
            await collect(this);
          },
        }
      : {}),
  });
}

// --- Scrape-time sources: the database counts are installed by the worker roles (main.ts). ---

type GaugeSource<L extends string> = (g: client.Gauge<L>) => Promise<void>;
const sources: { runs?: GaugeSource<'kind' | 'state'>; outbox?: GaugeSource<'status'> } = {};

/**
 * Installs (or with undefined removes) what fills the database gauges at each scrape. A source that
 * fails (the database is away) leaves its gauge empty for that scrape, not its last values.
 */
export function setGaugeSource<K extends keyof typeof sources>(name: K, source: (typeof sources)[K]) {
  sources[name] = source;
}

async function fromSource<L extends string>(g: client.Gauge<L>, source: GaugeSource<L> | undefined) {
  g.reset();
  if (!source) return;
  try {
    await source(g);
  } catch {
    g.reset();
    scrapeErrors.inc();
  }
}

// --- The families ---

const SECONDS_FAST = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const SECONDS_SLOW = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 60];
const SECONDS_AI = [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600];
/** After a slot: seconds to hours (a slot is caught up to 6 hours late). */
const SECONDS_LATE = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600];

export const httpRequestDuration = histogram(
  'eos_http_request_duration_seconds',
  "Web requests by Hono's matched route pattern ('unmatched' for none), method and status.",
  ['method', 'route', 'status'],
  SECONDS_FAST,
);

export const runsGauge = gauge(
  'eos_runs',
  'Alert-engine runs by kind and state at scrape time: due (queued or prepared, slot come), prepared, running, late (unfinished past slot + grace), failed_24h. Every worker exports the same database counts: aggregate with max by (kind, state).',
  ['kind', 'state'],
  (g) => fromSource(g, sources.runs),
);

export const runLateness = histogram(
  'eos_run_lateness_seconds',
  'Seconds from a run’s slot (or its creation, for runs without a scheduled moment) to its commit, observed when a run succeeds.',
  ['kind'],
  SECONDS_LATE,
);

export const outboxGauge = gauge(
  'eos_outbox_mails',
  'Mails in the outbox by status at scrape time: pending, retrying (pending after a failed attempt), failed. Every worker exports the same database counts: aggregate with max by (status).',
  ['status'],
  (g) => fromSource(g, sources.outbox),
);

export const mailSends = counter(
  'eos_mail_sends_total',
  'Delivery attempts of outbox mails by outcome: sent, captured (no SMTP_URL), retry (failed, tried again later), failed (for good).',
  ['outcome'],
);

export const channelDeliveries = counter(
  'eos_channel_deliveries_total',
  'Delivery attempts to Slack, Teams and webhook channels by kind and outcome: sent, retrying (failed, tried again later), failed (for good).',
  ['kind', 'outcome'],
);

export const sourceRequests = counter(
  'eos_source_requests_total',
  "Outbound requests by service, host and outcome (ok, http_error, network_error, refused: not a public address, robots: robots.txt said no). Publishers' and company sites' hosts: the first 50 sites of the process, then 'other'.",
  ['service', 'host', 'outcome'],
);

export const sourceRequestDuration = histogram(
  'eos_source_request_duration_seconds',
  'Outbound request time (connection to the end of the body), by service and outcome.',
  ['service', 'outcome'],
  SECONDS_SLOW,
);

export const newsLinkDecodes = counter(
  'eos_news_link_decodes_total',
  'Google News links turned into publisher links: decoded (online), offline (read from the id), refused (Google declined), failed (no usable answer).',
  ['outcome'],
);

export const articleReads = counter(
  'eos_article_reads_total',
  'Publisher pages read for their article text, by the stored status: ok, blocked, paywalled, failed.',
  ['status'],
);

export const aiDuration = histogram(
  'eos_ai_duration_seconds',
  'AI task runs, start to end (every model call of the run), by task and status (succeeded, failed).',
  ['task', 'status'],
  SECONDS_AI,
);

export const aiTokens = counter('eos_ai_tokens_total', 'AI tokens by task and direction (input, output).', ['task', 'direction']);

export const aiCost = counter(
  'eos_ai_cost_usd_total',
  'What AI runs cost in US dollars, by task, from AI_PRICES; runs of a model without a price add nothing.',
  ['task'],
);

export const scrapeErrors = counter('eos_metrics_scrape_errors_total', 'Scrapes whose database gauges could not be read.');

// --- Recorders: one call where the thing happens. ---

export function observeHttpRequest(method: string, route: string, status: number, seconds: number) {
  httpRequestDuration.observe({ method, route, status: String(status) }, seconds);
}

export function observeAiRun(run: {
  task: string;
  status: 'succeeded' | 'failed';
  seconds: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
}) {
  aiDuration.observe({ task: run.task, status: run.status }, run.seconds);
  if (run.inputTokens > 0) aiTokens.inc({ task: run.task, direction: 'input' }, run.inputTokens);
  if (run.outputTokens > 0) aiTokens.inc({ task: run.task, direction: 'output' }, run.outputTokens);
  // A model without a price adds nothing: no cost is guessed.
  if (run.costUsd !== null) aiCost.inc({ task: run.task }, run.costUsd);
}
