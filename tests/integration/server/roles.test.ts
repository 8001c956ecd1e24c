// The real server program (src/server/main.ts) in its roles, as child processes on the test
// database: web serves HTTP, worker opens no port and delivers the outbox, both stop cleanly on
// SIGTERM, and a bad setting stops start-up with one line that names it.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createDatabase } from '../../../src/server/db/client.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { uniqueEmail } from '../../support/accounts.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { freePort } from '../../support/ports.ts';
import { inheritedEnv, until } from '../../support/server-process.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

type Child = { proc: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> };

const children: Child[] = [];

function startServer(env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: ROOT,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      AUTH_SECRET: 'roles-test-secret-roles-test-secret-roles-test',
      LOG_LEVEL: 'warn',
      ...inheritedEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  proc.stderr!.on('data', (d: Buffer) => {
    err += d.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const child = { proc, stdout: () => out, stderr: () => err, exited };
  children.push(child);
  return child;
}

const describeChild = (child: Child) => `stdout:\n${child.stdout()}\nstderr:\n${child.stderr()}`;

/** Polls until the child answers 200 on /healthz, or fails with what it printed. */
async function waitForHttp(child: Child, port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null) throw new Error(`server exited with ${child.proc.exitCode}\n${describeChild(child)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer on port ${port}\n${describeChild(child)}`);
}

/** Resolves with the connection error code ('ECONNREFUSED' when nothing listens), or 'connected'. */
function tryConnect(port: number) {
  return new Promise<string>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/** Sends SIGTERM and returns the exit code, or 'timeout' after 15 s. */
async function stop(child: Child) {
  child.proc.kill('SIGTERM');
  return Promise.race([child.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
}

afterEach(async () => {
  // A failed test must not leave a server running.
  for (const child of children.splice(0)) {
    if (child.proc.exitCode === null && child.proc.signalCode === null) {
      child.proc.kill('SIGKILL');
      await child.exited;
    }
  }
});

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp({ smtpPort: 0 });
});
afterAll(async () => {
  await smtp?.stop();
});

describe('server roles', () => {
  it('ROLE=web serves health and readiness, and stops on SIGTERM with code 0', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const web = startServer({ ROLE: 'web', PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://localhost:${port}` });
    await waitForHttp(web, port);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', smtp: 'not configured: e-mails are captured, not sent' });

    expect(await stop(web), describeChild(web)).toBe(0);
  });

  it('ROLE=worker opens no port, delivers outbox mail, and stops on SIGTERM with code 0', { timeout: 60_000 }, async () => {
    // Its own database: on the shared one, alerts other files left due would keep the worker busy
    // with the real (unreachable) news services, and how long it then takes to stop would depend on
    // which files ran before.
    const fresh = await createFreshDatabase(requireDatabaseUrl(), 'eos_worker_role');
    const database = createDatabase(fresh.url, 2);
    onTestFinished(async () => {
      await database.pool.end();
      await fresh.drop();
    });
    const port = await freePort();
    const worker = startServer({
      ROLE: 'worker',
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
      DATABASE_URL: fresh.url,
    });
    // The worker migrates the new database as it starts.
    await until('the worker to start', async () => {
      if (worker.proc.exitCode !== null) throw new Error(`worker exited with ${worker.proc.exitCode}\n${describeChild(worker)}`);
      return worker.stdout().includes('worker is running');
    });
    const to = uniqueEmail('worker');
    const subject = `Worker delivery ${Date.now()}`;
    await enqueueMail(database.db, { to, subject, text: 'Delivered by the worker role', kind: 'test' });

    const mail = await smtp
      .waitForMail((m) => m.subject === subject, 30_000)
      .catch((err: Error) => {
        throw new Error(`${err.message}\n${describeChild(worker)}`);
      });
    expect(mail.to).toEqual([to]);
    expect(mail.text).toContain('Delivered by the worker role');
    // The row is marked sent just after the SMTP server accepted the mail.
    const statusOf = async () =>
      (await database.pool.query<{ status: string }>('SELECT status FROM mail_outbox WHERE to_address = $1', [to])).rows.map(
        (r) => r.status,
      );
    const deadline = Date.now() + 5_000;
    let statuses = await statusOf();
    while (statuses[0] !== 'sent' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      statuses = await statusOf();
    }
    expect(statuses).toEqual(['sent']);

    expect(worker.proc.exitCode).toBeNull();
    expect(await tryConnect(port)).toBe('ECONNREFUSED');

    expect(await stop(worker), describeChild(worker)).toBe(0);
  });

  it('prints how to invite the first user only while there is no user', { timeout: 60_000 }, async () => {
    const fresh = await createFreshDatabase(requireDatabaseUrl(), 'eos_first_user');
    try {
      const startOn = async () => {
        const port = await freePort();
        const web = startServer({
          ROLE: 'web',
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: `http://localhost:${port}`,
          DATABASE_URL: fresh.url,
        });
        await waitForHttp(web, port);
        // The start-up lines are printed together.
        await until('the start-up lines', async () => web.stdout().includes('is running at'));
        expect(await stop(web), describeChild(web)).toBe(0);
        return web.stdout();
      };
      expect(await startOn()).toContain('Invite the first user:  npm run admin -- invite you@example.com');
      const db = createDatabase(fresh.url, 1);
      await db.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ('first-user', 'first@example.com', 'First', true)`);
      await db.pool.end();
      expect(await startOn()).not.toContain('Invite the first user');
    } finally {
      await fresh.drop();
    }
  });

  it('a bad PORT stops start-up with code 1 and one line that names it', { timeout: 30_000 }, async () => {
    const child = startServer({ PORT: 'abc', APP_URL: 'http://localhost:3000' });
    const code = await Promise.race([child.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
    expect(code, describeChild(child)).toBe(1);
    const lines = child.stderr().trimEnd().split('\n');
    expect(lines, child.stderr()).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
    expect(child.stderr()).not.toContain('abc');
  });
});
