// Runs the operator CLI (`npm run admin -- …`) as a process against the integration database.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { testDatabaseUrl } from './test-database.ts';

export async function runAdmin(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['src/server/cli/admin.ts', ...args], {
      env: {
        ...process.env,
        DATABASE_URL: testDatabaseUrl(),
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
