// The embedded PostgreSQL (DATABASE_URL unset): first start, warm start, adoption of a postmaster
// left running by a crash, sharing with a live owner, and a clear refusal on a port clash.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { StartupError, startEmbeddedPostgres } from '../../../src/server/db/embedded.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'eos-embedded-'));
// mkdtemp makes a private folder; as root the database runs as `postgres`, which must enter it.
chmodSync(dataDir, 0o755);
/**
 * A port free right now, below Linux's ephemeral range (32768+) so no outgoing connection takes it
 * meanwhile: a fixed port clashed on busy machines.
 */
async function freePort() {
  for (;;) {
    const candidate = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
}
const port = await freePort();
const log = () => {};

async function canQuery(url: string) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query('select 1 as one')).rows[0].one === 1;
  } finally {
    await client.end().catch(() => {});
  }
}

const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => {
  try {
    process.kill(postmasterPid(), 'SIGKILL');
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('initialises on first start, answers queries, stops, and starts warm', async () => {
    const lines: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir, port, log: (line) => lines.push(line) });
    // The folder it really uses (here outside the working directory), not a fixed "data/".
    expect(lines).toEqual([`Initialising the embedded PostgreSQL in ${path.join(dataDir, 'postgres')} (first start only)…`]);
    expect(await canQuery(first.url)).toBe(true);
    const pid = postmasterPid();
    await first.stop();
    expect(alive(pid)).toBe(false);

    const started = performance.now();
    const warm = await startEmbeddedPostgres({ dataDir, port, log });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await canQuery(warm.url)).toBe(true);
    await warm.stop();
  }, 60_000);

  it('starts over a stale postmaster.pid left by a crashed database', async () => {
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), `${dead.pid}\n${path.join(dataDir, 'postgres')}\n`);
    const db = await startEmbeddedPostgres({ dataDir, port, log });
    expect(await canQuery(db.url)).toBe(true);
    expect(postmasterPid()).not.toBe(dead.pid);
    await db.stop();
  }, 60_000);

  it('adopts a postmaster whose owner died, and stops it', async () => {
    const crashed = await startEmbeddedPostgres({ dataDir, port, log });
    const pid = postmasterPid();
    // The owner "crashes": it never stops the database, and its pid is gone.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dataDir, 'postgres-owner.pid'), String(dead.pid));
    void crashed;

    const adopted = await startEmbeddedPostgres({ dataDir, port, log });
    expect(postmasterPid()).toBe(pid);
    expect(await canQuery(adopted.url)).toBe(true);
    await adopted.stop();
    expect(alive(pid)).toBe(false);
  }, 60_000);

  it('shares a postmaster whose owner is alive, at the port it listens on, and leaves it running', async () => {
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const running = await startEmbeddedPostgres({ dataDir, port, log });
      writeFileSync(path.join(dataDir, 'postgres-owner.pid'), String(owner.pid));
      const pid = postmasterPid();
      // Asked for another port (the CLI without the server's EMBEDDED_PG_PORT): where it listens.
      const shared = await startEmbeddedPostgres({ dataDir, port: port + 1, log });
      expect(new URL(shared.url).port).toBe(String(port));
      expect(await canQuery(shared.url)).toBe(true);
      await shared.stop();
      expect(alive(pid)).toBe(true);
      writeFileSync(path.join(dataDir, 'postgres-owner.pid'), String(process.pid));
      await running.stop();
      expect(alive(pid)).toBe(false);
    } finally {
      owner.kill();
    }
  }, 60_000);

  it.runIf(process.getuid?.() === 0)('as root, refuses a DATA_DIR the postgres user cannot enter, saying what to do', async () => {
    const privateDir = mkdtempSync(path.join(tmpdir(), 'eos-private-'));
    try {
      const attempt = startEmbeddedPostgres({ dataDir: path.join(privateDir, 'data'), port: port + 1, log });
      await expect(attempt).rejects.toBeInstanceOf(StartupError);
      await expect(attempt).rejects.toThrow('Set DATA_DIR to a folder it can reach');
    } finally {
      rmSync(privateDir, { recursive: true, force: true });
    }
  });

  it('refuses a taken port with a message that says what to do', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const attempt = startEmbeddedPostgres({ dataDir, port, log });
      await expect(attempt).rejects.toBeInstanceOf(StartupError);
      await expect(attempt).rejects.toThrow(`Port ${port} is already in use`);
      await expect(attempt).rejects.toThrow('EMBEDDED_PG_PORT');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 30_000);
});
