import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_BASE_URL, E2E_PORT } from '../../../playwright.config.ts';

/**
 * The requests the fake model takes 1.5 s to answer (every other one it answers at once): those of
 * the journeys that watch a run in progress, told apart by their subject as the fixtures' failure words are.
 */
export const SLOW_MODEL_SUBJECTS = /^(?:Company: (?:Acme Robotics|Apple Inc\.|Initech)|Industry: Cybersecurity|Who: Logistics CFOs)$/m;

export const E2E_ENV_FILE = path.join(tmpdir(), `eos-e2e-env-${E2E_PORT}.json`);

/** The server's environment in e2e runs; also written to a file so tests can run the admin CLI with it. */
export function e2eEnv(databaseUrl: string, smtpPort: number, posthogPort: number, fakes: Record<string, string>) {
  const env = {
    NODE_ENV: 'test',
    PORT: String(E2E_PORT),
    APP_URL: E2E_BASE_URL,
    DATABASE_URL: databaseUrl,
    // Where the servers record what they serve, and the admin CLI run with this environment finds them.
    DATA_DIR: path.join(tmpdir(), `eos-e2e-data-${E2E_PORT}`),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    AUTH_SECRET: 'e2e-test-secret-e2e-test-secret-e2e-test',
    TRUST_PROXY: 'true',
    POSTHOG_KEY: 'phc_e2e_test_key',
    POSTHOG_HOST: `http://127.0.0.1:${posthogPort}`,
    LOG_LEVEL: 'warn',
    // The Success Center shows these contacts (its not-configured state is unit-tested).
    SUPPORT_EMAIL: 'success@example.com',
    SUPPORT_CHAT_URL: 'https://wa.me/15555550100',
    // The fake publishers live on 127.0.0.1, one host for all of them.
    PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
    PUBLISHER_MIN_INTERVAL_MS: '0',
    // Alerts the journeys save are not scanned ahead of their hour (ADR 016) while a test watches the fakes.
    ALERT_PREPARE_MINUTES: '0',
    ...fakes,
  };
  writeFileSync(E2E_ENV_FILE, JSON.stringify(env));
  return env;
}
