// More server processes (ROLE=web) on the e2e database, for journeys across processes or with a
// different configuration. e2e-server.ts starts them once, as soon as the main server is ready, and
// stops them with it: `second` has the main server's configuration, `withoutAi` every AI_* variable
// dropped. Each gets a port that was free when it started (written to a file beside the e2e
// environment); a spec waits for the one it uses with `secondServer(name)`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { freePort } from '../../support/ports.ts';
import { E2E_ENV_FILE } from './env.ts';

const adjustments = {
  second: (env: Record<string, string>) => env,
  withoutAi: (env: Record<string, string>) => Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('AI_'))),
};
export type SecondServerName = keyof typeof adjustments;

const URLS_FILE = E2E_ENV_FILE.replace(/\.json$/, '-second-servers.json');

/** Starts every second server with the e2e server's environment, program and directory (for e2e-server.ts). */
export async function spawnSecondServers(env: Record<string, string>, { program, cwd }: { program: string; cwd: string }) {
  const urls: Partial<Record<SecondServerName, string>> = {};
  const children: ChildProcess[] = [];
  for (const [name, adjust] of Object.entries(adjustments)) {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    urls[name as SecondServerName] = url;
    children.push(
      spawn(process.execPath, [program], {
        cwd,
        env: { ...process.env, ...adjust(env), ROLE: 'web', PORT: String(port), APP_URL: url },
        stdio: 'ignore',
      }),
    );
  }
  writeFileSync(URLS_FILE, JSON.stringify(urls));
  return children;
}

/** Forgets the previous run's addresses (for e2e-server.ts, before it starts anything). */
export function forgetSecondServers() {
  writeFileSync(URLS_FILE, '{}');
}

/** The second server `name`, once it answers /readyz with 200. */
export async function secondServer(name: SecondServerName, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let url: string | undefined;
  let status = 0;
  for (;;) {
    url ??= existsSync(URLS_FILE) ? (JSON.parse(readFileSync(URLS_FILE, 'utf8')) as Record<string, string>)[name] : undefined;
    if (url) {
      status = await fetch(`${url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return { url };
    }
    if (Date.now() > deadline)
      throw new Error(`The ${name} server (${url ?? 'not started'}) is not ready: /readyz answered ${status || 'nothing'}.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
