// `npm test`: typecheck, lint and the production build side by side, then unit, integration on
// real PostgreSQL, end-to-end in Chromium.
// Stops at the first failing part and exits non-zero. Uses DATABASE_URL when set; otherwise it
// starts the embedded PostgreSQL (under data/test-postgres) for the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}; the end-to-end tests need it.\n` +
      "Install Debian's package: `sudo apt-get update && sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

const started = performance.now();
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const vitestReport = (name: string) => ['--reporter=default', '--reporter=json', `--outputFile.json=test-results/${name}.json`];
const results: { name: string; seconds: number }[] = [];

function step(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n▶ ${name}`);
  const t = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = (performance.now() - t) / 1000;
  results.push({ name, seconds });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    summary();
    void cleanup().then(() => process.exit(1));
    throw new StepFailed();
  }
}
class StepFailed extends Error {}

/**
 * Steps that do not depend on one another, run side by side (the static checks and the build: one
 * of them, tsc, keeps one core busy, the rest fit beside it). Each one's output is printed whole
 * when it ends; a failure stops the run once all have ended.
 */
async function together(parts: { name: string; command: string; args: string[] }[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n▶ ${parts.map((p) => p.name).join(', ')} (side by side)`);
  const ran = await Promise.all(
    parts.map(
      (part) =>
        new Promise<{ name: string; seconds: number; status: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) => {
          const t = performance.now();
          const child = spawn(part.command, part.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
          const chunks: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
          child.on('close', (status, signal) =>
            resolve({ name: part.name, seconds: (performance.now() - t) / 1000, status, signal, output: Buffer.concat(chunks).toString() }),
          );
        }),
    ),
  );
  for (const r of ran) {
    console.log(`\n▶ ${r.name}`);
    if (r.output.trim()) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
    results.push({ name: r.name, seconds: r.seconds });
  }
  const failed = ran.filter((r) => r.status !== 0);
  if (failed.length) {
    for (const r of failed) console.error(`\n✖ ${r.name} failed (exit ${r.status ?? r.signal}).`);
    summary();
    void cleanup().then(() => process.exit(1));
    throw new StepFailed();
  }
}

function summary() {
  for (const r of results) console.log(`  ${r.name.padEnd(22)} ${r.seconds.toFixed(1)}s`);
  console.log(`  ${'total'.padEnd(22)} ${((performance.now() - started) / 1000).toFixed(1)}s`);
  const counts = testCounts();
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
}

/** Totals over the runners' JSON reports, for one closing line. */
function testCounts() {
  let passed = 0;
  let failed = 0;
  for (const file of ['test-results/unit.json', 'test-results/integration.json']) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (existsSync('test-results/e2e.json')) {
    const { stats } = JSON.parse(readFileSync('test-results/e2e.json', 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
  return { passed, failed };
}

const bin = (name: string) => `node_modules/.bin/${name}`;
let cleanup = async () => {};

try {
  await together([
    { name: 'typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', command: bin('biome'), args: ['check', '--colors=off', '.'] },
    { name: 'import boundaries', command: process.execPath, args: ['scripts/check-boundaries.ts'] },
    { name: 'spec references', command: process.execPath, args: ['scripts/check-references.ts'] },
    { name: 'install policy', command: process.execPath, args: ['scripts/check-install-policy.ts'] },
    // The production build the end-to-end journeys run against.
    { name: 'build', command: process.execPath, args: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] },
  ]);
  step('unit', bin('vitest'), ['run', '--project', 'unit', ...vitestReport('unit')]);

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: 'data/test', port: 54330, log: (l) => console.log(l) });
    databaseUrl = embedded.url;
    cleanup = embedded.stop;
  }
  const env = { ...process.env, DATABASE_URL: databaseUrl, CHROMIUM_PATH: chromium };
  step('integration', bin('vitest'), ['run', '--project', 'integration', ...vitestReport('integration')], env);
  step('end-to-end', bin('playwright'), ['test'], env);
  await cleanup();
  console.log('\n✔ all tests passed');
  summary();
} catch (err) {
  if (!(err instanceof StepFailed)) {
    await cleanup();
    throw err;
  }
}
