// config → database (DATABASE_URL, else embedded) → migrations → auth. Shared by the server and the CLI.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAttemptLimits } from './auth/attempt-limits.ts';
import { type AuthOptions, createAuth } from './auth/auth.ts';
import { addressLocation, type Config, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { StartupError, startEmbeddedPostgres } from './db/embedded.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { migrateWhenReachable } from './db/migrate.ts';
import { shownDatabaseUrl } from './db/server-record.ts';
import { createRunProducer } from './jobs/runs/producer.ts';
import { errorMessage, log, setLogFormat, setLogLevel } from './lib/log.ts';
import { connectionFailure } from './lib/network-error.ts';
import { smtpLocation } from './mail/smtp-check.ts';

export async function bootstrap(env: NodeJS.ProcessEnv = process.env, hooks: Pick<AuthOptions, 'onPasswordLink'> = {}) {
  const config = loadConfig(env);
  setLogLevel(config.LOG_LEVEL);
  setLogFormat(config.LOG_FORMAT);
  for (const warning of config.warnings) log.warn(warning);
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
    throw startupError(err, config) ?? err;
  }
  const secret = config.AUTH_SECRET ?? (await localSecret(config));
  const auth = createAuth({
    db,
    appUrl: config.appUrl,
    secret,
    production: config.production,
    sessionMaxAgeDays: config.SESSION_MAX_AGE_DAYS,
    requireTwoFactor: config.REQUIRE_TWO_FACTOR,
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
    /** One line for the operator: the database, mail transport, AI provider and role in use. */
    summary: summary(config),
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

/**
 * A database that stayed out of reach through DATABASE_STARTUP_WAIT_SECONDS, or refused us (wrong
 * password, no such database), as one line naming its address: not a stack trace.
 */
function startupError(err: unknown, config: Config): StartupError | undefined {
  const where = config.DATABASE_URL
    ? `the database at ${addressLocation(config.DATABASE_URL, 5432)} (DATABASE_URL)`
    : 'the embedded database';
  if (isDatabaseUnavailable(err)) {
    const reason = connectionFailure(err) ?? errorMessage(err);
    const waited = config.DATABASE_STARTUP_WAIT_SECONDS;
    return new StartupError(`Cannot reach ${where}: ${reason}, still after ${waited} s (DATABASE_STARTUP_WAIT_SECONDS).`);
  }
  // Refusals no wait would change: 28 (wrong user or password), 3D000 (no such database). pg's
  // messages name neither the password nor the URL.
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('28') || code === '3D000'))
      return new StartupError(`Cannot use ${where}: ${e.message}.`);
  }
  return undefined;
}

function summary(config: Config): string {
  const database = config.DATABASE_URL
    ? shownDatabaseUrl(config.DATABASE_URL)
    : `embedded PostgreSQL at 127.0.0.1:${config.EMBEDDED_PG_PORT} (in ${config.DATA_DIR})`;
  const mail = config.SMTP_URL ? `SMTP ${smtpLocation(config.SMTP_URL)}` : 'captured, not sent (no SMTP_URL)';
  const ai = config.ai
    ? `${config.ai.provider} ${config.ai.model}${config.ai.baseUrl ? ` at ${new URL(config.ai.baseUrl).host}` : ''}`
    : 'not configured';
  const role = { all: 'all (web and worker)', web: 'web', worker: 'worker' }[config.ROLE];
  return `Database: ${database} · Mail: ${mail} · AI: ${ai} · Role: ${role}`;
}

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
