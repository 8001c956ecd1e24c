import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runningServers, sameDatabase, shownDatabaseUrl } from './server-record.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eos-server-record-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const record = (pid: number, processStart: string | null) => ({
  pid,
  processStart,
  role: 'all',
  appUrl: `http://localhost:${pid}`,
  database: { system: '1', name: 'postgres', embedded: true, shown: 'the embedded PostgreSQL' },
});

describe('server records', () => {
  it('counts only records whose process still runs: not a dead pid, nor a pid since taken by another process', async () => {
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.once('exit', resolve));
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      mkdirSync(path.join(dataDir, 'servers'));
      writeFileSync(path.join(dataDir, 'servers', `${dead.pid}.json`), JSON.stringify(record(dead.pid!, null)));
      // The pid of a running process, but recorded by one that started at another time (a reboot later).
      writeFileSync(path.join(dataDir, 'servers', '1.json'), JSON.stringify(record(1, 'another start')));
      writeFileSync(path.join(dataDir, 'servers', `${live.pid}.json`), JSON.stringify(record(live.pid!, null)));
      writeFileSync(path.join(dataDir, 'servers', '7.json'), '{ half a rec');
      expect((await runningServers(dataDir)).map((r) => r.pid)).toEqual([live.pid]);
    } finally {
      live.kill();
    }
  });

  it('finds none where no server ever ran', async () => {
    expect(await runningServers(path.join(dataDir, 'nothing-here'))).toEqual([]);
  });

  it('shows a database without its password', () => {
    expect(shownDatabaseUrl('postgres://app:s3cret@db.internal:5432/eos?sslmode=require')).toBe('PostgreSQL at db.internal:5432/eos');
    expect(shownDatabaseUrl('not a url')).not.toContain('not a url');
  });

  it('is the same database by cluster and name however it is reached, else by its shown address', () => {
    const a = { system: '7', name: 'eos', shown: 'postgres://app@localhost:5432/eos' };
    expect(sameDatabase(a, { ...a, shown: 'postgres://app@127.0.0.1:5432/eos' })).toBe(true);
    expect(sameDatabase(a, { ...a, name: 'eos_copy' })).toBe(false);
    expect(sameDatabase(a, { ...a, system: '8' })).toBe(false);
    expect(sameDatabase({ ...a, system: null }, a)).toBe(true);
    expect(sameDatabase({ ...a, system: null }, { ...a, shown: 'postgres://app@127.0.0.1:5432/eos' })).toBe(false);
  });
});
