// config → database (DATABASE_URL, else embedded) → migrations → auth. Shared by the server and the CLI.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAttemptLimits } from './auth/attempt-limits.ts';
import { type AuthOptions, createAuth } from './auth/auth.ts';
import { type Config, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrateWhenReachable } from './db/migrate.ts';
import { createRunProducer } from './jobs/alerts/producer.ts';
import { log, setLogLevel } from './lib/log.ts';

export async function bootstrap(env: NodeJS.ProcessEnv = process.env, hooks: Pick<AuthOptions, 'onPasswordLink'> = {}) {
  const config = loadConfig(env);
  setLogLevel(config.LOG_LEVEL);
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, log: (l) => log.info(l) });
  const databaseUrl = config.DATABASE_URL ?? embedded!.url;
  const { db, pool } = createDatabase(databaseUrl, config.DATABASE_POOL_SIZE);
  try {
    await migrateWhenReachable(db, pool, config.DATABASE_STARTUP_WAIT_SECONDS * 1000);
  } catch (err) {
    await pool.end().catch(() => {});
    await embedded?.stop();
    throw err;
  }
  const secret = config.AUTH_SECRET ?? (await localSecret(config));
  const auth = createAuth({
    db,
    appUrl: config.appUrl,
    secret,
    production: config.production,
    sessionMaxAgeDays: config.SESSION_MAX_AGE_DAYS,
    ...hooks,
  });
  const attempts = createAttemptLimits(pool, config.AUTH_LIMIT_WINDOW_MINUTES);
  const runs = createRunProducer(pool, config);
  return {
    config,
    db,
    pool,
    auth,
    attempts,
    /** Signs tokens that are not sessions (one-click unsubscribe links). */
    secret,
    databaseUrl,
    /** Queues alert-engine runs from any role (AIR reports are asked for on the web). */
    runs,
    async close() {
      await runs.stop().catch(() => {});
      await pool.end().catch(() => {});
      await embedded?.stop();
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof bootstrap>>;

/** Outside production the auth secret is generated once and kept under DATA_DIR. */
async function localSecret(config: Config) {
  const file = path.resolve(config.DATA_DIR, 'auth-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
