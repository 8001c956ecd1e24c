import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The servers the journeys start load the same modules: Node's compile cache (on disk, keyed by
// their content) spares compiling them each time.
process.env.NODE_COMPILE_CACHE ??= path.join(import.meta.dirname, 'node_modules/.cache/node-compile-cache');

// The real server on its own fresh database, with the fake SMTP server (tests/e2e/support/e2e-server.ts).
// E2E_PORT moves all four, so several checkouts can run their suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3990);
export const E2E_MAIL_API_PORT = E2E_PORT + 1;
export const E2E_POSTHOG_PORT = E2E_PORT + 2;
/** The fake SEC EDGAR, at a known port so that a journey can publish filings on it (tests/fakes/sec.ts /__test/). */
export const E2E_SEC_PORT = E2E_PORT + 3;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Every journey has users and rows of its own (and the second servers are shared, started once),
  // so single tests, not whole files, are handed to the workers: no worker idles at the end.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Whole journeys on a 2-core machine running two of them at once (and their server) need room:
  // on a slow day the same machine runs them 2-3x slower (a landing-page check took 9 s, not 3 s).
  timeout: 120_000,
  expect: { timeout: 7_000 },
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  forbidOnly: true,
  outputDir: 'test-results/e2e',
  use: {
    baseURL: E2E_BASE_URL,
    // Every test is traced, and the trace kept when it fails: DOM snapshots of each step and the
    // network, but no screencast, whose frames cost the browser several times the CPU of the test.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node tests/e2e/support/e2e-server.ts',
    url: `${E2E_BASE_URL}/readyz`,
    timeout: 60_000,
    reuseExistingServer: false,
    // SIGTERM (not the default SIGKILL) so the e2e server stops the app and drops its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
