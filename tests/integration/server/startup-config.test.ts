// The real server program started with bad environments (issue 25): every problem is reported at
// once, one line each naming its variable, with no stack trace and no value; production refuses
// what only tests or development may use; an unreachable database ends start-up with one line that
// names its address; an unreachable SMTP server is reported at start-up and by /readyz.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/ports.ts';
import { type ServerProcess, startServerProcess, until, untilStatus } from '../../support/server-process.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const SECRET = 'startup-config-test-secret-startup-config-test';
const STACK_LINE = /^\s+at /m;
/** host:port/db of a database URL, as the server names it. */
const location = (url: URL) => `${url.hostname}:${url.port || 5432}${url.pathname}`;

let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  // A server that (wrongly) started the embedded database would put it here, not in the project's data/.
  dataDir = await mkdtemp(path.join(tmpdir(), 'eos-startup-config-'));
});
afterEach(async () => {
  for (const server of servers.splice(0)) if ((await server.stop()) === 'timeout') server.proc.kill('SIGKILL');
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = startServerProcess({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), AUTH_SECRET: SECRET, ...env });
  servers.push(server);
  return server;
}

/** The exit code of a server expected to stop at start-up; fails if it is still running after `timeoutMs`. */
async function exitCode(server: ServerProcess, timeoutMs = 30_000) {
  await until('the server to exit', async () => !server.alive(), timeoutMs).catch(() => {
    throw new Error(`the server is still running:\n${server.output()}`);
  });
  return server.exited;
}

describe('start-up with a bad environment', { timeout: 60_000 }, () => {
  it('reports every problem at once, one line each naming its variable, without values or a stack trace', async () => {
    const server = await start({
      PORT: 'abc',
      DATABASE_URL: 'postgres://app:TopSecret1@127.0.0.1:notaport/app',
      SMTP_URL: 'smtp://mailer:MailSecret2@127.0.0.1:99999',
      AI_MODLE: 'gpt-4o-mini',
    });
    expect(await exitCode(server), server.output()).toBe(1);
    expect(server.output().trimEnd().split('\n')).toEqual([
      'Invalid configuration (4 problems):',
      expect.stringMatching(/^ {2}- PORT /),
      '  - DATABASE_URL has a port that is not a number from 1 to 65535.',
      '  - SMTP_URL has a port that is not a number from 1 to 65535.',
      '  - AI_MODLE is not a setting of Enterprise OS: did you mean AI_MODEL?',
    ]);
    for (const value of ['TopSecret1', 'MailSecret2', 'gpt-4o-mini']) expect(server.output()).not.toContain(value);
  });

  it('production without DATABASE_URL refuses to start rather than serve an empty embedded database, and names the misspelling', async () => {
    const server = await start({
      NODE_ENV: 'production',
      APP_URL: 'https://eos.example.com',
      PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'false',
      DATABSE_URL: testDatabaseUrl(),
    });
    expect(await exitCode(server), server.output()).toBe(1);
    expect(server.output().trimEnd().split('\n')).toEqual([
      'Invalid configuration (2 problems):',
      '  - DATABASE_URL is required when NODE_ENV=production (a postgres:// URL, or DATABASE_URL=embedded for the embedded PostgreSQL under DATA_DIR).',
      '  - DATABSE_URL is not a setting of Enterprise OS: did you mean DATABASE_URL?',
    ]);
  });

  it('production refuses PUBLISHER_ALLOW_PRIVATE_ADDRESSES=true, a switch for tests', async () => {
    const server = await start({
      NODE_ENV: 'production',
      APP_URL: 'https://eos.example.com',
      DATABASE_URL: testDatabaseUrl(),
      PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
      PORT: String(await freePort()),
    });
    expect(await exitCode(server), server.output()).toBe(1);
    expect(server.output().trimEnd()).toBe(
      'Invalid configuration: PUBLISHER_ALLOW_PRIVATE_ADDRESSES=true is for tests against local fakes and is refused when NODE_ENV=production.',
    );
  });

  it('an unreachable database ends start-up after the wait with one line naming its host and port', async () => {
    const port = await freePort();
    const server = await start({
      DATABASE_URL: `postgres://app:TopSecret1@127.0.0.1:${port}/app`,
      DATABASE_STARTUP_WAIT_SECONDS: '1',
    });
    expect(await exitCode(server), server.output()).toBe(1);
    expect(server.output()).not.toMatch(STACK_LINE);
    expect(server.output()).not.toContain('TopSecret1');
    expect(server.output().trimEnd().split('\n').at(-1)).toBe(
      `Cannot reach the database at 127.0.0.1:${port}/app (DATABASE_URL): connection refused, still after 1 s (DATABASE_STARTUP_WAIT_SECONDS).`,
    );
  });

  it('a database that does not exist ends start-up at once with one line naming it', async () => {
    const url = new URL(testDatabaseUrl());
    url.pathname = '/eos_no_such_database';
    const server = await start({ DATABASE_URL: url.toString() });
    expect(await exitCode(server), server.output()).toBe(1);
    expect(server.output()).not.toMatch(STACK_LINE);
    expect(server.output().trimEnd()).toBe(
      `Cannot use the database at ${location(url)} (DATABASE_URL): database "eos_no_such_database" does not exist.`,
    );
  });
});

describe('start-up with an SMTP server that cannot be reached', { timeout: 60_000 }, () => {
  it('warns at start-up, says so in /readyz (still 200: the database decides), and prints what is in use', async () => {
    const port = await freePort();
    const smtpPort = await freePort();
    const server = await start({
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: testDatabaseUrl(),
      SMTP_URL: `smtp://mailer:MailSecret2@127.0.0.1:${smtpPort}`,
    });
    await untilStatus(port, '/readyz', 200);
    const ready = await until('/readyz to report the SMTP server', async () => {
      const body = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
      return body.smtp?.startsWith('unreachable') ? body : null;
    });
    expect(ready).toEqual({ status: 'ready', smtp: 'unreachable: connection refused' });
    await until('the start-up warning', async () => server.output().includes('SMTP_URL'));
    expect(server.output()).toMatch(
      new RegExp(`WARN  SMTP_URL: the mail server at 127\\.0\\.0\\.1:${smtpPort} cannot be reached \\(connection refused\\)`),
    );
    expect(server.output()).toContain(
      `Database: PostgreSQL at ${location(new URL(testDatabaseUrl()))} · Mail: SMTP 127.0.0.1:${smtpPort} · AI: not configured · Role: all (web and worker)`,
    );
    expect(server.output()).not.toContain('MailSecret2');
  });
});
