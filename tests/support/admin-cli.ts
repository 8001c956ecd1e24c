// Runs the operator CLI (`npm run admin -- …`) as a process against the integration database.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { testDatabaseUrl } from './test-database.ts';

const ADMIN = path.resolve(import.meta.dirname, '../../src/server/cli/admin.ts');

/**
 * `env` adds to (a value) or removes from (undefined) the environment the command runs with. Its
 * DATA_DIR is a folder no server runs from (the CLI follows the server it finds there), unless given.
 */
export async function runAdmin(args: string[], env: Record<string, string | undefined> = {}, options: { cwd?: string } = {}) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [ADMIN, ...args], {
      cwd: options.cwd,
      env: {
        ...process.env,
        DATABASE_URL: testDatabaseUrl(),
        DATA_DIR: path.join(os.tmpdir(), 'eos-admin-cli-no-server'),
        NODE_ENV: 'test',
        AUTH_SECRET: 'integration-test-secret-integration-test-secret',
        ...env,
      },
    });
    return { code: 0, lines: stdout.trim().split('\n'), stderr: '' };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, lines: e.stdout.trim().split('\n'), stderr: e.stderr };
  }
}
