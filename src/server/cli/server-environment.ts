// The configuration an admin command runs with: the server's. The service's environment file
// (--env) over the shell's variables; then the server running from the same DATA_DIR (its
// record, db/server-record.ts) gives its address when APP_URL is unset, and the command is refused,
// with the reason, when it would act on another database than that server's, or would have to
// create a database because none exists here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { embeddedDatabaseExists, StartupError } from '../db/embedded.ts';
import { databaseIdentity, runningServers, type ServerRecord, sameDatabase, shownDatabaseUrl } from '../db/server-record.ts';
import { errorMessage } from '../lib/log.ts';

const HOW =
  'Run it with the server\'s configuration, from the folder the server runs in: npm run admin -- --env <the service\'s environment file> <command> (README, "Invite the first user").';

/** The variables of a file in the format of systemd's EnvironmentFile and `node --env-file` (KEY=value lines). */
function readEnvFile(file: string): NodeJS.ProcessEnv {
  try {
    return parseEnv(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new StartupError(`Cannot read the environment file ${file} (run as a user who can read it): ${errorMessage(err)}`);
  }
}

const refusal = (server: ServerRecord, ours: string) =>
  new StartupError(`The running server (pid ${server.pid}) uses ${server.database.shown}; this command would use ${ours}. ${HOW}`);

export async function serverEnvironment(shell: NodeJS.ProcessEnv, envFile?: string): Promise<NodeJS.ProcessEnv> {
  // The file is the service's configuration: it wins over the shell's variables of the same name.
  const env = envFile ? { ...shell, ...readEnvFile(envFile) } : shell;
  const config = loadConfig(env);
  const servers = await runningServers(config.DATA_DIR);

  if (!config.DATABASE_URL) {
    const ours = `the embedded PostgreSQL in ${path.resolve(config.DATA_DIR, 'postgres')}`;
    const elsewhere = servers.find((s) => !s.database.embedded);
    if (elsewhere) throw refusal(elsewhere, ours);
    // Creating one would act on an empty database nobody serves, and print a link that leads nowhere.
    if (!embeddedDatabaseExists(config.DATA_DIR)) {
      throw new StartupError(
        `No database to act on: DATABASE_URL is unset and there is no embedded PostgreSQL in ${path.resolve(config.DATA_DIR)}, and this command does not create one. ${HOW} On a new development checkout, start the server once (npm start): it creates the database.`,
      );
    }
  } else if (servers.length > 0) {
    const shown = shownDatabaseUrl(config.DATABASE_URL);
    const client = new pg.Client({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 10_000 });
    client.on('error', () => {});
    const identity = await client
      .connect()
      .then(() => databaseIdentity(client))
      .catch((err: unknown) => errorMessage(err))
      .finally(() => client.end().catch(() => {}));
    if (typeof identity === 'string') {
      // The server's own database, down for a moment: the start-up wait (bootstrap) applies.
      const other = servers.find((s) => s.database.shown !== shown);
      if (other) throw refusal(other, `${shown}, which cannot be reached (${identity})`);
    } else {
      const other = servers.find((s) => !sameDatabase(s.database, { ...identity, shown }));
      if (other) throw refusal(other, `${shown}, another database`);
    }
  }

  // Links in invites and e-mails lead to the server the database belongs to.
  const web = servers.find((s) => s.role !== 'worker') ?? servers[0];
  return env.APP_URL || !web ? env : { ...env, APP_URL: web.appUrl };
}
