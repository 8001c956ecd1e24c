// Started by Playwright: a fresh database, the fake SMTP server (with its HTTP API for the tests),
// then the real server (`src/server/main.ts`) wired to both. Everything stops with this process.
import { spawn } from 'node:child_process';
import { E2E_BASE_URL, E2E_MAIL_API_PORT, E2E_PORT, E2E_POSTHOG_PORT } from '../../../playwright.config.ts';
import { startFakePostHog } from '../../fakes/posthog.ts';
import { startFakeSmtp } from '../../fakes/smtp.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { e2eEnv } from './env.ts';

const database = await createFreshDatabase(requireDatabaseUrl(), 'eos_e2e');
const smtp = await startFakeSmtp({ httpPort: E2E_MAIL_API_PORT });
const posthog = await startFakePostHog(E2E_POSTHOG_PORT);
const env = e2eEnv(database.url, smtp.smtpPort, posthog.port);

const server = spawn(process.execPath, ['src/server/main.ts'], { env: { ...process.env, ...env }, stdio: 'inherit' });

async function stop() {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await smtp.stop();
  await posthog.stop();
  await database.drop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
server.on('exit', (code) => {
  if (code !== 0 && code !== null) process.exit(code);
});
console.log(`e2e server on ${E2E_BASE_URL} (port ${E2E_PORT})`);
