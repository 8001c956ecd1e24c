// Another server process (ROLE=web) on the e2e database, for journeys across processes or with a
// different configuration. `adjust` edits the e2e server's environment (e.g. drops the AI_* ones).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_ENV_FILE } from './env.ts';

export async function startSecondServer(port: number, adjust: (env: Record<string, string>) => Record<string, string> = (env) => env) {
  const url = `http://localhost:${port}`;
  const env = adjust(JSON.parse(readFileSync(E2E_ENV_FILE, 'utf8')) as Record<string, string>);
  const server: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, ...env, ROLE: 'web', PORT: String(port), APP_URL: url },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
  return {
    url,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** A second server with no AI provider configured (every AI_* variable dropped). */
export const startServerWithoutAi = (port: number) =>
  startSecondServer(port, (env) => Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('AI_'))));
