// Lighthouse (mobile defaults: the default config, formFactor mobile, simulated throttling) on the
// production build: `/`, `/login` and the signed-in `/homepage`, N runs each.
// Usage: npm run measure:lighthouse [-- --runs 3 --pages /,/login,/homepage --json summary.json --save dir]
// (--save keeps every run's full Lighthouse report, to open with the Lighthouse viewer)
// Builds if stale, starts the production server (NODE_ENV=production, ROLE=web) on a fresh database
// on DATABASE_URL's server, else on the embedded PostgreSQL (dropped at the end), creates a user
// through the registration and sign-in API and passes its session cookie to Lighthouse as an extra
// header. Chromium is Debian's /usr/bin/chromium (or CHROMIUM_PATH); nothing is downloaded.
// Prints per page the performance score (median, min, max), the median LCP, TBT, FCP and bytes
// transferred, and the largest scripts of the median run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { createDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { createFreshDatabase } from '../tests/support/database.ts';
import { buildIfStale } from './build-if-stale.ts';
import { benchUser } from './support/bench-user.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/login,/homepage' },
    port: { type: 'string', default: '3996' },
    json: { type: 'string' },
    save: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const PAGES = args.pages.split(',');
const PORT = Number(args.port);
const BASE = `http://localhost:${PORT}`;
/** Pages that need the signed-in user's session cookie. */
const PUBLIC = new Set(['/', '/login', '/hello', '/email-otp', '/forgot-password', '/tos', '/privacy-policy']);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

class LighthouseRuntimeError extends Error {}

type Run = { score: number; lcp: number; tbt: number; fcp: number; cls: number; bytes: number; scripts: { url: string; bytes: number }[] };

buildIfStale();
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: () => {} });
const database = await createFreshDatabase(process.env.DATABASE_URL ?? embedded!.url, 'eos_lighthouse');
let server: ChildProcess | undefined;
try {
  server = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ROLE: 'web',
      PORT: String(PORT),
      APP_URL: BASE,
      DATABASE_URL: database.url,
      AUTH_SECRET: 'measure-lighthouse-secret-measure-lighthouse',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer();
  const cookie = await signedInCookie();
  const results = new Map<string, Run[]>(PAGES.map((p) => [p, []]));
  // Round-robin over the pages, so a slow moment of a shared machine does not hit one page only.
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      const result = await auditWithRetry(page, PUBLIC.has(page) ? undefined : cookie);
      results.get(page)!.push(result);
      console.log(`run ${run}/${RUNS} ${page.padEnd(10)} score ${result.score}  LCP ${ms(result.lcp)}  TBT ${ms(result.tbt)}`);
    }
  }
  report(results);
  if (args.json) writeFileSync(args.json, JSON.stringify(Object.fromEntries(results), null, 2));
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  await database.drop();
  await embedded?.stop();
}

async function waitForServer() {
  for (let i = 0; ; i++) {
    if ((await fetch(`${BASE}/readyz`).catch(() => null))?.ok) return;
    if (server!.exitCode !== null) throw new Error(`the server exited with ${server!.exitCode}`);
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A registered, signed-in user (through the real API over HTTP); the session cookie header. */
async function signedInCookie() {
  const { db, pool } = createDatabase(database.url, 2);
  try {
    const app = { request: (route: string, init: RequestInit) => fetch(`${BASE}${route}`, init) };
    return (await benchUser(app, { db, pool }, BASE)).cookie;
  } finally {
    await pool.end();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated. */
async function auditWithRetry(page: string, cookie: string | undefined): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(page, cookie);
    } catch (err) {
      if (!(err instanceof LighthouseRuntimeError) || attempt === 3) throw err;
      console.log(`  ${err.message}; again`);
    }
  }
}

/** One Lighthouse run in a fresh Chromium (own profile, so no cache is shared between runs). */
async function audit(page: string, cookie: string | undefined): Promise<Run> {
  const profile = mkdtempSync(path.join(tmpdir(), 'eos-lighthouse-'));
  const chromium = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--mute-audio',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    const port = await debuggingPort(chromium);
    const result = await lighthouse(`${BASE}${page}`, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { lhr } = result;
    if (args.save) {
      mkdirSync(args.save, { recursive: true });
      const name = `${page.replace(/\W+/g, '_') || 'root'}-${new Date().toISOString().replace(/\D/g, '')}.json`;
      writeFileSync(path.join(args.save, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${BASE}${page}`).pathname) {
      throw new Error(`${page} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      fcp: numeric('first-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      bytes: numeric('total-byte-weight'),
      scripts: requests
        .filter((r) => r.resourceType === 'Script')
        .map((r) => ({ url: new URL(r.url).pathname, bytes: r.transferSize ?? 0 }))
        .sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    chromium.kill('SIGTERM');
    await new Promise((resolve) => (chromium.exitCode === null ? chromium.once('exit', resolve) : resolve(null)));
    rmSync(profile, { recursive: true, force: true });
  }
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

function debuggingPort(chromium: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its debugging port:\n${output}`)), 30_000);
    chromium.once('error', reject);
    chromium.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
}

function ms(value: number) {
  return `${Math.round(value)} ms`.padStart(8);
}

function kib(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function report(results: Map<string, Run[]>) {
  console.log(`\nLighthouse ${RUNS} run(s) per page, mobile defaults (simulated throttling), production build:`);
  for (const [page, runs] of results) {
    const scores = runs.map((r) => r.score);
    const pick = (key: 'lcp' | 'tbt' | 'fcp' | 'cls' | 'bytes') => median(runs.map((r) => r[key]));
    const range = (key: 'lcp' | 'tbt' | 'fcp') =>
      `${ms(pick(key)).trim()} (${Math.round(Math.min(...runs.map((r) => r[key])))}–${Math.round(Math.max(...runs.map((r) => r[key])))})`;
    console.log(`\n${page}`);
    console.log(`  score  median ${median(scores)}  min ${Math.min(...scores)}  max ${Math.max(...scores)}  (${scores.join(', ')})`);
    console.log(`  LCP ${range('lcp')}   TBT ${range('tbt')}   FCP ${range('fcp')}   CLS ${pick('cls').toFixed(3)}`);
    // The run whose score is the median one stands for the page's scripts.
    const typical = runs.find((r) => r.score === median(scores)) ?? runs[0]!;
    const scriptBytes = typical.scripts.reduce((n, s) => n + s.bytes, 0);
    console.log(`  transferred ${kib(pick('bytes'))} (median); scripts ${typical.scripts.length} files, ${kib(scriptBytes)}; largest:`);
    for (const script of typical.scripts.slice(0, 6)) console.log(`    ${kib(script.bytes).padStart(10)}  ${script.url}`);
  }
}
