// The admin CLI acts on the running server's database and links to its address (issue 25, item 6),
// on real processes: one server on the embedded PostgreSQL with ports of its own (EMBEDDED_PG_PORT,
// PORT), one on DATABASE_URL, and the CLI run as an operator runs it, with and without the
// service's environment file. Both servers start once, side by side, for every case.
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../support/accounts.ts';
import { runAdmin } from '../../support/admin-cli.ts';
import { freePort } from '../../support/ports.ts';
import { type ServerProcess, startServerProcess, untilStatus } from '../../support/server-process.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const AUTH_SECRET = 'admin-cli-server-secret-admin-cli-server-secret';
const folders: string[] = [];
function tempFolder(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // As root the embedded PostgreSQL runs as `postgres`, which must enter it.
  chmodSync(dir, 0o755);
  folders.push(dir);
  return dir;
}

/** The server on the embedded PostgreSQL: neither its database nor its web port is the default. */
const embedded = { dir: tempFolder('eos-cli-embedded-'), port: 0, pgPort: 0, server: null as unknown as ServerProcess };
/** The server on DATABASE_URL (this worker's test database), as in production. */
const external = { dir: tempFolder('eos-cli-external-'), port: 0, server: null as unknown as ServerProcess };

async function ready(server: ServerProcess, port: number) {
  const died = server.exited.then((code) => {
    throw new Error(`the server exited (${code}) before it was ready:\n${server.output()}`);
  });
  await Promise.race([untilStatus(port, '/readyz', 200, 110_000), died]);
}

beforeAll(async () => {
  [embedded.port, embedded.pgPort, external.port] = [await freePort(), await freePort(), await freePort()];
  embedded.server = startServerProcess({
    HOST: '127.0.0.1',
    PORT: String(embedded.port),
    DATA_DIR: embedded.dir,
    EMBEDDED_PG_PORT: String(embedded.pgPort),
  });
  external.server = startServerProcess({
    HOST: '127.0.0.1',
    PORT: String(external.port),
    DATA_DIR: external.dir,
    DATABASE_URL: testDatabaseUrl(),
    AUTH_SECRET,
  });
  await Promise.all([ready(embedded.server, embedded.port), ready(external.server, external.port)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([embedded.server?.stop(), external.server?.stop()]);
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function invitesIn(databaseUrl: string, email: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM invites WHERE lower(email) = lower($1)', [email])).rowCount;
  } finally {
    await client.end();
  }
}

// Each case runs the CLI once or twice, a Node start of a second or more each on a busy machine.
describe('the admin CLI follows the running server', { timeout: 60_000 }, () => {
  it("invites through the server's embedded PostgreSQL on its own port; the link and the e-mail use the server's address", async () => {
    const email = uniqueEmail('cli-embedded');
    // The operator's shell beside a development server: no DATABASE_URL, the server's DATA_DIR.
    // Before: the CLI tried 127.0.0.1:54329 (ECONNREFUSED) until the start-up wait ran out.
    const result = await runAdmin(['invite', email], {
      DATABASE_URL: undefined,
      DATA_DIR: embedded.dir,
      DATABASE_STARTUP_WAIT_SECONDS: '3',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const link = result.lines.at(-1)!;
    expect(link).toMatch(new RegExp(`^http://localhost:${embedded.port}/invite-only\\?token=[\\w%-]+$`));
    // The server itself shows the invite mail (its own database), with that link.
    const mailbox = await (await fetch(`http://127.0.0.1:${embedded.port}/dev/mailbox`)).text();
    expect(mailbox).toContain(email);
    expect(mailbox).toContain(link);
    expect(mailbox).not.toContain('localhost:3000');
  });

  it('refuses, with the reason, to act on another database than the running server', async () => {
    const email = uniqueEmail('cli-other');
    // runAdmin's DATABASE_URL is this worker's test database, not the server's embedded one.
    const result = await runAdmin(['invite', email], { DATA_DIR: embedded.dir });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`The running server (pid ${embedded.server.proc.pid}) uses the embedded PostgreSQL in ${embedded.dir}`);
    const other = new URL(testDatabaseUrl());
    expect(result.stderr).toContain(`this command would use PostgreSQL at ${other.host}${other.pathname}`);
    expect(result.stderr).toContain('--env');
    expect(await invitesIn(testDatabaseUrl(), email)).toBe(0);
  });

  it('refuses to use an embedded PostgreSQL when the running server uses DATABASE_URL, and creates none', async () => {
    const email = uniqueEmail('cli-no-config');
    // The production host's shell without the service's configuration, in the server's folder.
    const result = await runAdmin(['invite', email], { DATABASE_URL: undefined, DATA_DIR: external.dir, AUTH_SECRET: undefined });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`The running server (pid ${external.server.proc.pid}) uses PostgreSQL at `);
    expect(result.stderr).toContain('this command would use the embedded PostgreSQL');
    expect(result.stderr).toContain('--env');
    expect(readdirSync(external.dir)).not.toContain('postgres');
    expect(await invitesIn(testDatabaseUrl(), email)).toBe(0);
  });

  it("--env <file> runs the command with the service's configuration", async () => {
    const email = uniqueEmail('cli-env-file');
    const envFile = path.join(tempFolder('eos-cli-env-'), 'env');
    writeFileSync(
      envFile,
      `# the service's settings, as systemd's EnvironmentFile holds them\nDATABASE_URL="${testDatabaseUrl()}"\nDATA_DIR=${external.dir}\nAUTH_SECRET=${AUTH_SECRET}\n`,
    );
    // The shell has none of them: everything comes from the file.
    const result = await runAdmin(['--env', envFile, 'invite', email], {
      DATABASE_URL: undefined,
      DATA_DIR: undefined,
      AUTH_SECRET: undefined,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // The file sets no APP_URL: the link is the running server's address, as its own e-mails are.
    expect(result.lines.at(-1)).toMatch(new RegExp(`^http://localhost:${external.port}/invite-only\\?token=`));
    expect(await invitesIn(testDatabaseUrl(), email)).toBe(1);

    const missing = await runAdmin(['--env', path.join(external.dir, 'no-such-file'), 'list-invites']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain(`Cannot read the environment file ${path.join(external.dir, 'no-such-file')}`);
  });

  it('with no configuration and no database in DATA_DIR, refuses instead of creating one', async () => {
    for (const env of [
      // A shell on the production host, outside the service: nothing set.
      { NODE_ENV: undefined, DATABASE_URL: undefined, DATA_DIR: undefined, AUTH_SECRET: undefined },
      { NODE_ENV: 'production', DATABASE_URL: undefined, DATA_DIR: undefined, APP_URL: 'https://os.example.com' },
    ]) {
      const cwd = tempFolder('eos-cli-empty-');
      const result = await runAdmin(
        ['invite', uniqueEmail('cli-nothing')],
        { ...env, EMBEDDED_PG_PORT: String(await freePort()) },
        { cwd },
      );
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('DATABASE_URL');
      expect(readdirSync(cwd)).toEqual([]);
      if (env.NODE_ENV === undefined) expect(result.stderr).toContain('--env');
    }
  });

  it('a server that stops takes its record away: the CLI no longer holds to it', async () => {
    expect(readdirSync(path.join(external.dir, 'servers'))).toEqual([`${external.server.proc.pid}.json`]);
    expect(await external.server.stop()).toBe(0);
    expect(readdirSync(path.join(external.dir, 'servers'))).toEqual([]);
    const result = await runAdmin(['list-invites'], { DATABASE_URL: undefined, DATA_DIR: external.dir });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('No database to act on');
  });
});
