// Worker processes (ROLE=worker: the run engine and the outbox on pg-boss) as they run in
// production, for tests that kill one mid-run and start another to see each e-mail go out once.
import { onTestFinished } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/** A server program running news alerts against the fakes: the fake model, the fake news and SMTP server. */
export function newsAlertServerEnv(setup: {
  databaseUrl: string;
  authSecret: string;
  smtpPort: number;
  aiUrl: string;
  newsUrl: string;
}): Record<string, string> {
  return {
    DATABASE_URL: setup.databaseUrl,
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: setup.authSecret,
    SMTP_URL: `smtp://127.0.0.1:${setup.smtpPort}`,
    AI_BASE_URL: setup.aiUrl,
    AI_MODEL: 'fake-alert-model',
    GOOGLE_NEWS_BASE_URL: setup.newsUrl,
    GDELT_BASE_URL: setup.newsUrl,
  };
}

/**
 * Starts a worker process with `env`, inside a test. A killed worker's runs are retried and its
 * jobs taken back within seconds (not the production minute), unless `env` says otherwise; a worker
 * still running when the test ends is killed then, so a failed test leaves none behind.
 */
export function startWorker(env: Record<string, string>): ServerProcess {
  const worker = startServerProcess({
    ALERT_HEARTBEAT_SECONDS: '10',
    ALERT_RETRY_DELAY_SECONDS: '1',
    JOB_SUPERVISE_SECONDS: '1',
    ...env,
    ROLE: 'worker',
  });
  onTestFinished(() => {
    if (worker.alive()) worker.proc.kill('SIGKILL');
  });
  return worker;
}
