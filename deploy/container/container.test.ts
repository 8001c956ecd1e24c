// The Dockerfile and compose.yaml hold together with the program they run: the image runs as a
// user of its own, checks its health, lets SIGTERM reach Node and keeps DATA_DIR in a volume;
// compose sets only settings config.ts knows, which it accepts in production, runs one web and two
// workers of one image on a healthy PostgreSQL, and keeps the mail catcher for trying it out.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KNOWN_NAMES, loadConfig } from '../../src/server/config.ts';
import { startFakeHttp } from '../../tests/fakes/http.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Instruction = { keyword: string; args: string };
type Stage = { from: string; instructions: Instruction[] };

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments dropped). */
function dockerfileStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') };
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.args, instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

/** An exec-form argument list (JSON array of strings), or null for the shell form. */
function execForm(args: string): string[] | null {
  try {
    const parsed = JSON.parse(args) as unknown;
    return Array.isArray(parsed) && parsed.every((a) => typeof a === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

describe('Dockerfile', () => {
  const stages = dockerfileStages(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  const runtime = stages.at(-1)!;
  const all = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
  const env = Object.fromEntries(
    all('ENV').flatMap((args) => [...args.matchAll(/([A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name!, value!] as const)),
  );

  it('builds in one stage and runs the pruned production install in another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const build = stages[0]!.instructions.map((i) => `${i.keyword} ${i.args}`);
    expect(build).toContain('RUN npm ci');
    expect(build).toContain('RUN npm run build && npm run prune:production');
    // The runtime has no npm and builds nothing: it copies the build stage's results.
    expect(all('RUN').filter((args) => /\bnpm\b/.test(args))).toEqual([]);
    expect(all('COPY').every((args) => args.startsWith('--from='))).toBe(true);
  });

  it('runs as a user of its own, never root', () => {
    const users = all('USER');
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
    const userAt = runtime.instructions.findIndex((i) => i.keyword === 'USER');
    const cmdAt = runtime.instructions.findIndex((i) => i.keyword === 'CMD');
    expect(userAt).toBeLessThan(cmdAt);
  });

  it('starts Node in exec form, so SIGTERM reaches it (it drains on SIGTERM)', () => {
    expect(all('ENTRYPOINT')).toEqual([]);
    const [cmd] = all('CMD');
    const argv = execForm(cmd!);
    expect(argv).toEqual(['/app/node_modules/.bin/node', 'scripts/start.ts']);
    expect(existsSync(path.join(ROOT, argv![1]!))).toBe(true);
    expect(all('STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(env.NODE_ENV).toBe('production');
  });

  it('checks its health with a script it holds, in exec form', () => {
    const [healthcheck] = all('HEALTHCHECK');
    const [, options = '', command = ''] = /^(.*?)CMD (.*)$/.exec(healthcheck ?? '') ?? [];
    expect(options).toMatch(/--interval=\d+s/);
    expect(options).toMatch(/--start-period=\d+s/);
    const argv = execForm(command);
    expect(argv?.[0]).toBe('/app/node_modules/.bin/node');
    expect(existsSync(path.join(ROOT, argv![1]!))).toBe(true);
    expect(all('COPY').some((args) => args.includes(argv![1]!))).toBe(true);
  });

  it('keeps DATA_DIR in a volume, and serves on the port it exposes', () => {
    const volumes = all('VOLUME').flatMap((args) => execForm(args) ?? args.split(' '));
    expect(env.DATA_DIR).toBe('/app/data');
    expect(volumes).toEqual([env.DATA_DIR]);
    expect(all('EXPOSE')).toEqual([env.PORT]);
    expect(loadConfig({ NODE_ENV: 'development', PORT: env.PORT, HOST: env.HOST, DATA_DIR: env.DATA_DIR }).PORT).toBe(3000);
  });
});

type Service = {
  image?: string;
  build?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  deploy?: { replicas?: number };
  stop_grace_period?: string;
  init?: boolean;
  restart?: string;
};

describe('compose.yaml', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;
  const app = Object.entries(services).filter(([, s]) => s.environment?.ROLE);
  const withoutRole = (service: Service) => Object.fromEntries(Object.entries(service.environment!).filter(([n]) => n !== 'ROLE'));
  /** Compose's interpolation of the forms used: ${NAME}, ${NAME:-default}, ${NAME:?error}. */
  const interpolate = (value: string, given: Record<string, string>) =>
    value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
      if (given[name]) return given[name]!;
      if (kind === '?') throw new Error(`${name}: ${rest}`);
      return kind === '-' ? rest! : '';
    });

  it('runs one web process and two workers of one image, restarted always', () => {
    const roles = app.map(([, s]) => `${s.environment!.ROLE}×${s.deploy?.replicas ?? 1}`).sort();
    expect(roles).toEqual(['web×1', 'worker×2']);
    expect(new Set(app.map(([, s]) => s.image)).size).toBe(1);
    for (const [, service] of app) {
      expect(service.build).toBe('.');
      expect(service.restart).toBe('always');
      expect(service.init).toBe(true);
    }
  });

  it('sets only settings config.ts knows, the same for every role', () => {
    for (const [name, service] of app) {
      expect(
        Object.keys(service.environment!).filter((n) => !KNOWN_NAMES.includes(n)),
        name,
      ).toEqual([]);
      expect(withoutRole(service), name).toEqual(withoutRole(services.web!));
    }
  });

  it('gives a configuration production accepts, and refuses to start without AUTH_SECRET', () => {
    for (const [, service] of app) {
      const environment = Object.fromEntries(
        Object.entries(service.environment!).map(([n, v]) => [n, interpolate(String(v), { AUTH_SECRET: 'a'.repeat(44) })]),
      );
      const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/app/data', ...environment });
      expect(config.production).toBe(true);
      expect(new URL(environment.DATABASE_URL!).hostname).toBe('postgres');
      expect(config.warnings).toEqual([]);
      expect(() => interpolate(service.environment!.AUTH_SECRET!, {})).toThrow(/AUTH_SECRET: set AUTH_SECRET in \.env/);
    }
  });

  it('starts the app on a healthy PostgreSQL whose data is in a named volume', () => {
    const postgres = services.postgres!;
    expect(postgres.image).toMatch(/^postgres:\d+/);
    expect(postgres.healthcheck?.test.slice(0, 2)).toEqual(['CMD', 'pg_isready']);
    expect(postgres.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    for (const [, service] of app) expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    // The app's user, database and password are the ones PostgreSQL is created with.
    const database = new URL(interpolate(services.web!.environment!.DATABASE_URL!, {}));
    const created = postgres.environment!;
    expect([database.username, database.pathname.slice(1), decodeURIComponent(database.password)]).toEqual([
      created.POSTGRES_USER,
      created.POSTGRES_DB,
      interpolate(created.POSTGRES_PASSWORD!, {}),
    ]);
    expect(Object.keys(compose.volumes).sort()).toEqual(['postgres-data', 'web-data']);
    expect(services.web!.volumes).toEqual(['web-data:/app/data']);
  });

  it('gives the drain time to finish before the kill', () => {
    const { SHUTDOWN_TIMEOUT_SECONDS } = loadConfig({});
    for (const [, service] of app) expect(Number.parseInt(service.stop_grace_period!, 10)).toBeGreaterThan(SHUTDOWN_TIMEOUT_SECONDS);
  });

  it('sends mail to the mail catcher, which runs only with the try profile', () => {
    const catcher = services.mailpit!;
    expect(catcher.image).toBe('axllent/mailpit');
    expect(catcher.profiles).toEqual(['try']);
    const smtp = new URL(interpolate(services.web!.environment!.SMTP_URL!, {}));
    expect([smtp.protocol, smtp.hostname, smtp.port]).toEqual(['smtp:', 'mailpit', '1025']);
    expect(Object.entries(services).filter(([, s]) => s.profiles)).toEqual([['mailpit', catcher]]);
  });
});

/** The healthcheck script's exit code and its one line, run as the image runs it. */
async function healthcheck(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(ROOT, 'deploy/container/healthcheck.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output: output.trim() };
}

describe('deploy/container/healthcheck.ts', () => {
  it('passes a web process whose /readyz answers 200, and fails one that answers 503', async () => {
    let status = 200;
    const fake = await startFakeHttp((req, res) => {
      res.writeHead(req.url === '/readyz' ? status : 404).end(status === 200 ? '{"status":"ready"}' : '{"status":"draining"}');
    });
    try {
      expect(await healthcheck({ ROLE: 'web', PORT: String(fake.port) })).toEqual({ code: 0, output: 'ready' });
      status = 503;
      expect(await healthcheck({ PORT: String(fake.port) })).toEqual({ code: 1, output: '/readyz answered 503: {"status":"draining"}' });
    } finally {
      await fake.stop();
    }
  });

  it("asks a worker's ops listener when METRICS_PORT is set (the worker's health endpoint), not its database", async () => {
    let status = 200;
    const fake = await startFakeHttp((req, res) => {
      res.writeHead(req.url === '/readyz' ? status : 404).end(status === 200 ? '{"status":"ready"}' : '{"status":"draining"}');
    });
    try {
      // No DATABASE_URL: only the ops listener is asked.
      expect(await healthcheck({ ROLE: 'worker', METRICS_PORT: String(fake.port) })).toEqual({ code: 0, output: 'ready' });
      status = 503;
      expect(await healthcheck({ ROLE: 'worker', METRICS_PORT: String(fake.port), METRICS_HOST: '0.0.0.0' })).toEqual({
        code: 1,
        output: '/readyz answered 503: {"status":"draining"}',
      });
    } finally {
      await fake.stop();
    }
  });

  it('fails a web process that does not answer', async () => {
    const fake = await startFakeHttp();
    await fake.stop();
    const result = await healthcheck({ ROLE: 'web', PORT: String(fake.port) });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^not ready: /);
  });

  it('fails a worker that cannot reach its database, without naming its password', async () => {
    const fake = await startFakeHttp();
    await fake.stop();
    const result = await healthcheck({ ROLE: 'worker', DATABASE_URL: `postgres://app:TopSecret1@127.0.0.1:${fake.port}/app` });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^not ready: .*ECONNREFUSED/);
    expect(result.output).not.toContain('TopSecret1');
    expect(await healthcheck({ ROLE: 'worker' })).toEqual({ code: 1, output: 'DATABASE_URL is not set' });
  });
});
