// One program, three roles (DESIGN §3): ROLE=all (default), web (HTTP only), worker (jobs, mail, channels).
import path from 'node:path';
import { serve } from '@hono/node-server';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { authBackgroundWork } from './auth/routes.ts';
import { bootstrap } from './bootstrap.ts';
import { createChannelHttp } from './channels/client.ts';
import { startChannelSender } from './channels/sender.ts';
import { ConfigError } from './config.ts';
import { StartupError } from './db/embedded.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { recordServer } from './db/server-record.ts';
import { startExportBuilder } from './features/account-data/export-worker.ts';
import { createApp } from './http/app.ts';
import { startOpsListener } from './http/ops.ts';
import { scheduleHousekeeping } from './jobs/housekeeping.ts';
import { aheadHandlers, alertHandlers, createAlertDeps } from './jobs/index.ts';
import { createAlertEngine } from './jobs/runs/engine.ts';
import { runsGaugeSource } from './jobs/runs/metrics.ts';
import { queueRuns, startAlertWorker, TRIGGER_RUN_PRIORITY, wakeAt } from './jobs/runs/worker.ts';
import { pollEarningsMoves, type WatchedCache } from './jobs/triggers/earnings-poll.ts';
import { pollEdgar } from './jobs/triggers/edgar-poll.ts';
import { pollNews } from './jobs/triggers/news-poll.ts';
import { startPolling } from './jobs/triggers/poller.ts';
import { errorMessage, log } from './lib/log.ts';
import { setGaugeSource, startMetrics } from './lib/metrics.ts';
import { outboxGaugeSource } from './mail/metrics.ts';
import { startOutboxSender } from './mail/sender.ts';
import { startSmtpCheck } from './mail/smtp-check.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { startRequestCountFlush } from './sources/web/request-counts.ts';

let runtime: Awaited<ReturnType<typeof bootstrap>>;
try {
  runtime = await bootstrap();
} catch (err) {
  if (err instanceof ConfigError || err instanceof StartupError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
const { config } = runtime;
const stops: (() => Promise<unknown>)[] = [];
let draining = false;
// Metrics for every role (README "Metrics and health"): the database gauges from the worker roles
// only, the source-request counts written to the database by every process, and the ops listener.
startMetrics(config.ROLE);
if (config.ROLE !== 'web') {
  setGaugeSource('runs', runsGaugeSource(runtime.pool));
  setGaugeSource('outbox', outboxGaugeSource(runtime.pool));
}
const sourceCounts = startRequestCountFlush((text, values) => runtime.pool.query(text, values));
const ops =
  config.METRICS_PORT === undefined
    ? null
    : await startOpsListener({
        port: config.METRICS_PORT,
        host: config.METRICS_HOST,
        token: config.METRICS_TOKEN,
        draining: () => draining,
        databaseReachable: () =>
          runtime.pool.query('SELECT 1').then(
            () => true,
            () => false,
          ),
      }).catch(async (err: Error) => {
        process.stderr.write(`${err.message}\n`);
        // The embedded database, when it is ours, stops with us.
        await runtime.close();
        return process.exit(1);
      });
// For the admin CLI: which database and address this process serves (removed at shutdown).
const serverRecord = await recordServer(runtime);
const smtp = startSmtpCheck(config.SMTP_URL);

if (config.ROLE !== 'web') {
  const boss = new PgBoss({
    connectionString: runtime.databaseUrl,
    max: 3,
    superviseIntervalSeconds: config.JOB_SUPERVISE_SECONDS,
    monitorIntervalSeconds: config.JOB_SUPERVISE_SECONDS,
    // Workers are woken when jobs are inserted, rather than finding them at their next poll.
    useListenNotify: true,
  });
  boss.on('error', (err) => log.error('pg-boss error', { error: errorMessage(err) }));
  await boss.start();
  await scheduleHousekeeping(boss, runtime.db, { libraryRetentionDays: config.LIBRARY_RETENTION_DAYS });
  const alertDeps = createAlertDeps(runtime);
  const engine = createAlertEngine({
    ...alertDeps,
    handlers: alertHandlers,
    ahead: aheadHandlers,
    wakeAt: wakeAt(boss),
  });
  const worker = await startAlertWorker({ boss, pool: runtime.pool, config, engine });
  // Trigger events (issue 31): EDGAR's latest filings, read by one worker per period; each event a
  // watcher wants becomes a 'trigger' run of the engine above.
  const pollDeps = { db: runtime.db, pool: runtime.pool, sources: alertDeps.sources, now: alertDeps.now };
  const queue = (client: pg.PoolClient, runIds: string[]) => queueRuns(boss, client, runIds, TRIGGER_RUN_PRIORITY);
  // The watched companies the earnings poller looks up, kept across its polls in this process.
  const watchedCache: WatchedCache = { keys: [], at: 0 };
  const pollers = [
    config.TRIGGER_EDGAR_POLL_SECONDS > 0 &&
      startPolling({
        db: runtime.db,
        name: 'edgar',
        seconds: config.TRIGGER_EDGAR_POLL_SECONDS,
        poll: async (signal) => {
          const r = await pollEdgar({ ...pollDeps, queue }, signal);
          return `${r.read} entries read, ${r.fresh} new, ${r.events} events, ${r.runs} triggers queued`;
        },
      }),
    config.TRIGGER_NEWS_POLL_SECONDS > 0 &&
      startPolling({
        db: runtime.db,
        name: 'news',
        seconds: config.TRIGGER_NEWS_POLL_SECONDS,
        poll: async (signal) => {
          const r = await pollNews({ ...pollDeps, queue }, signal);
          return `${r.searches} searches (${r.failed} failed), ${r.stories} new stories, ${r.events} events, ${r.runs} triggers queued`;
        },
      }),
    config.TRIGGER_EARNINGS_POLL_SECONDS > 0 &&
      startPolling({
        db: runtime.db,
        name: 'earnings',
        seconds: config.TRIGGER_EARNINGS_POLL_SECONDS,
        poll: async (signal) => {
          const r = await pollEarningsMoves({ ...pollDeps, queue, watchedCache }, signal);
          return `${r.looked} watched companies looked up, ${r.moves} earnings-date moves, ${r.events} events, ${r.runs} triggers queued`;
        },
      }),
  ].filter((poller) => poller !== false);
  const sender = await startOutboxSender({
    pool: runtime.pool,
    databaseUrl: runtime.databaseUrl,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    printCaptured: !config.production,
  });
  // Alerts to Slack, Teams and webhooks (issue 29): their own outbox, through the checked client.
  const channelSender = await startChannelSender({
    pool: runtime.pool,
    databaseUrl: runtime.databaseUrl,
    http: createChannelHttp(config),
    appUrl: config.appUrl,
  });
  // "Export my data" (issue 30 §6): archives built in the background, one claimed export at a time.
  const exportBuilder = await startExportBuilder(runtime.db, runtime.databaseUrl, { appUrl: config.appUrl, secret: runtime.secret });
  stops.push(
    () => Promise.all(pollers.map((poller) => poller.stop())),
    () => worker.stop(),
    () => exportBuilder.stop(),
    () => sender.stop(),
    () => channelSender.stop(),
    () => boss.stop({ graceful: true, timeout: config.SHUTDOWN_TIMEOUT_SECONDS * 1000 }),
  );
  if (!config.SMTP_URL) {
    log.warn(
      config.production
        ? 'SMTP_URL is not set: e-mails are recorded as captured and not delivered.'
        : 'SMTP_URL is not set: e-mails are printed here and kept in the development mailbox.',
    );
  }
}

if (config.ROLE !== 'worker') {
  const hub = createRealtimeHub(runtime.databaseUrl);
  await hub.ready;
  const app = createApp({ ...runtime, hub, webRoot: path.resolve('dist/web'), draining: () => draining, smtp: smtp.status });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
  server.on('error', (err: NodeJS.ErrnoException) => {
    process.stderr.write(
      err.code === 'EADDRINUSE' ? `Port ${config.PORT} is already in use. Set PORT to a free port.\n` : `${err.message}\n`,
    );
    void shutdown(1);
  });
  // Stop accepting connections; busy ones close after their answer (Connection: close, app.ts) and
  // idle ones now and as they become idle; closing the hub ends the open live-update streams. What
  // is still open at the deadline is cut.
  stops.unshift(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const closeIdle = () => 'closeIdleConnections' in server && server.closeIdleConnections();
    const sweep = setInterval(closeIdle, 100);
    closeIdle();
    await hub.close();
    const deadline = setTimeout(() => {
      log.warn('shutdown deadline reached: closing the remaining connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    await closed;
    clearTimeout(deadline);
    clearInterval(sweep);
  });
  server.once('listening', async () => {
    const seconds = process.uptime().toFixed(1);
    const lines = [`\nEnterprise OS is running at ${config.appUrl} (role ${config.ROLE}, ready in ${seconds}s)`, runtime.summary];
    if (config.SMTP_URL === undefined && !config.production) lines.push(`Captured e-mails: ${config.appUrl}/dev/mailbox`);
    // On a production host the CLI needs the service's settings (README, Production), or it refuses.
    const admin = config.production
      ? 'node_modules/.bin/node src/server/cli/admin.ts --env <the service environment file>'
      : 'npm run admin --';
    if (!(await anyUser())) lines.push(`Invite the first user:  ${admin} invite you@example.com`);
    log.raw(`${lines.join('\n')}\n`);
  });
} else {
  log.raw(`Enterprise OS worker is running (ready in ${process.uptime().toFixed(1)}s)\n${runtime.summary}`);
}

/** Whether anyone has an account yet (start-up says how to invite the first user until then). */
async function anyUser() {
  const { rows } = await runtime.pool.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any').catch(() => ({ rows: [] }));
  return rows[0]?.any !== false;
}

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  draining = true;
  log.info('shutting down…');
  // Order matters: stop taking requests, then finish jobs, then close the database.
  for (const stop of stops) await stop().catch((err) => log.error('shutdown step failed', { error: errorMessage(err) }));
  // Codes and reset links whose request was answered are written before the database closes.
  await authBackgroundWork();
  await sourceCounts.stop();
  await serverRecord.remove();
  await runtime.close();
  // Last: until here its /readyz said 'draining'.
  await ops?.close();
  process.exit(code);
}
// A query whose promise nothing awaits (deep in a library) rejects when the database connection is
// lost under it; seen once in CI during the outage test. That is no reason to end the process, which
// resumes once the database is back. Any other unhandled rejection still ends it, as Node would.
process.on('unhandledRejection', (reason) => {
  const stack = reason instanceof Error ? reason.stack?.split('\n').slice(0, 6).join(' | ') : undefined;
  if (isDatabaseUnavailable(reason)) {
    log.warn('a pending query lost its database connection', { error: errorMessage(reason), stack });
    return;
  }
  log.error('unhandled rejection', { error: errorMessage(reason), stack });
  process.exit(1);
});
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
