// The real server program (src/server/main.ts) as a child process, for tests that kill, stop or
// starve it: its output is kept for the failure message, and `until` polls a condition.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  alive: () => boolean;
  /** SIGTERM, then the exit code (or 'timeout'). */
  stop: (timeoutMs?: number) => Promise<number | null | 'timeout'>;
};

/**
 * What a server process started with an environment of its own keeps of this one's: PATH, and
 * Node's compile cache when the test runner set one (vitest.config.ts), so each start compiles less.
 */
export function inheritedEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
  };
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: ROOT,
    // The fake publishers live on 127.0.0.1, one host for all of them.
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...inheritedEnv(),
      PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
      PUBLISHER_MIN_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  return {
    proc,
    output: () => output,
    exited,
    alive,
    async stop(timeoutMs = 20_000) {
      if (!alive()) return proc.exitCode;
      proc.kill('SIGTERM');
      return Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs))]);
    },
  };
}

/** Polls `check` every 200 ms until it returns something truthy; fails after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves once the process answers `path` with `status`. */
export function untilStatus(port: number, urlPath: string, status: number, timeoutMs = 60_000) {
  return until(`${urlPath} → ${status}`, async () => (await fetch(`http://127.0.0.1:${port}${urlPath}`)).status === status, timeoutMs);
}
