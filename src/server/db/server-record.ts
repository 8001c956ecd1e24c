// What each running server process serves, recorded in DATA_DIR/servers/<pid>.json at start-up
// and removed when it stops, so that the admin CLI run from the same folder acts on the same
// database and links to the same address (README "Invite the first user"). A record whose process
// is gone (killed, crashed, the machine restarted) is ignored, and removed by the next server.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { addressLocation, type Config } from '../config.ts';
import { errorMessage, log } from '../lib/log.ts';

/** Which database, however it is reached: the cluster's system identifier and the database's name. */
export type DatabaseIdentity = { system: string | null; name: string };

export type ServerRecord = {
  pid: number;
  /** When the process started, as the kernel counts (a later process reusing the pid differs). */
  processStart: string | null;
  role: Config['ROLE'];
  appUrl: string;
  database: DatabaseIdentity & {
    /** The embedded PostgreSQL of this DATA_DIR (false: DATABASE_URL). */
    embedded: boolean;
    /** As the operator reads it: never the password. */
    shown: string;
  };
};

const folder = (dataDir: string) => path.resolve(dataDir, 'servers');

/** A connection string without its password, e.g. postgres://app@db.internal:5432/eos. */
/** A DATABASE_URL as it may be shown: host, port and database, never the user or password. */
export function shownDatabaseUrl(url: string) {
  return `PostgreSQL at ${addressLocation(url, 5432)}`;
}

export function shownEmbeddedDatabase(dataDir: string, databaseUrl: string) {
  return `the embedded PostgreSQL in ${path.resolve(dataDir, 'postgres')} (port ${new URL(databaseUrl).port})`;
}

export async function databaseIdentity(db: pg.Pool | pg.Client): Promise<DatabaseIdentity> {
  const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
  // Readable by every role on stock PostgreSQL; a host that revokes it leaves the name to compare.
  const system = await db
    .query<{ system: string }>('SELECT system_identifier::text AS system FROM pg_control_system()')
    .then((r) => r.rows[0]?.system ?? null)
    .catch(() => null);
  return { system, name: rows[0]!.name };
}

/** Both known: the same cluster and database. Otherwise the shown addresses must match. */
export function sameDatabase(a: DatabaseIdentity & { shown: string }, b: DatabaseIdentity & { shown: string }) {
  return a.system && b.system ? a.system === b.system && a.name === b.name : a.shown === b.shown;
}

/** Field 22 of /proc/<pid>/stat; null without /proc (then the pid alone is checked). */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return fields[0] === 'Z' ? 'gone' : (fields[19] ?? null);
  } catch {
    return null;
  }
}

function isRunning(record: ServerRecord) {
  try {
    process.kill(record.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStart(record.pid);
  return start !== 'gone' && (record.processStart === null || start === null || start === record.processStart);
}

async function readRecords(dataDir: string) {
  const names = await readdir(folder(dataDir)).catch(() => [] as string[]);
  const records: { file: string; record: ServerRecord | null }[] = [];
  for (const name of names.filter((n) => /^\d+\.json$/.test(n))) {
    const file = path.join(folder(dataDir), name);
    const record = await readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as ServerRecord)
      .catch(() => null);
    records.push({ file, record });
  }
  return records;
}

/** The servers running from this DATA_DIR now, oldest record first. */
export async function runningServers(dataDir: string): Promise<ServerRecord[]> {
  return (await readRecords(dataDir)).flatMap(({ record }) => (record && isRunning(record) ? [record] : []));
}

/**
 * Records this process; `remove` takes the record away at shutdown. A DATA_DIR it cannot write
 * (a read-only deployment) is reported and otherwise changes nothing: the server runs without it.
 */
export async function recordServer(runtime: { config: Config; pool: pg.Pool; databaseUrl: string }) {
  const { config } = runtime;
  const file = path.join(folder(config.DATA_DIR), `${process.pid}.json`);
  const identity = await databaseIdentity(runtime.pool).catch(() => ({
    system: null,
    name: new URL(runtime.databaseUrl).pathname.slice(1),
  }));
  const record: ServerRecord = {
    pid: process.pid,
    processStart: processStart(process.pid),
    role: config.ROLE,
    appUrl: config.appUrl,
    database: {
      ...identity,
      embedded: !config.DATABASE_URL,
      shown: config.DATABASE_URL ? shownDatabaseUrl(config.DATABASE_URL) : shownEmbeddedDatabase(config.DATA_DIR, runtime.databaseUrl),
    },
  };
  try {
    await mkdir(folder(config.DATA_DIR), { recursive: true });
    for (const old of await readRecords(config.DATA_DIR)) {
      if (!old.record || !isRunning(old.record)) await rm(old.file, { force: true });
    }
    // Written whole, then renamed: a reader never sees half a record.
    await writeFile(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
    await rename(`${file}.tmp`, file);
  } catch (err) {
    log.warn('cannot record this server in DATA_DIR: the admin CLI cannot check that it acts on the same database', {
      dataDir: path.resolve(config.DATA_DIR),
      error: errorMessage(err),
    });
    return { remove: async () => {} };
  }
  return { remove: () => rm(file, { force: true }).catch(() => {}) };
}
