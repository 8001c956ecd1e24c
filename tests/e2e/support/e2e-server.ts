// Started by Playwright: a fresh database, the fake SMTP server (with its HTTP API for the tests),
// fakes for the AI (fixture models, tests/fakes/product-model.ts), the news, SEC EDGAR and the earnings calendars, then
// the real server (`src/server/main.ts`) wired to all of them. Everything stops with this process.
import { spawn } from 'node:child_process';
import { E2E_BASE_URL, E2E_MAIL_API_PORT, E2E_PORT, E2E_POSTHOG_PORT } from '../../../playwright.config.ts';
import { startFakeEarningsCalendars } from '../../fakes/nasdaq.ts';
import { startFakeNews } from '../../fakes/news.ts';
import { startFakeOpenAi } from '../../fakes/openai.ts';
import { startFakePostHog } from '../../fakes/posthog.ts';
import { productModel } from '../../fakes/product-model.ts';
import { startFakeSec } from '../../fakes/sec.ts';
import { startFakeSmtp } from '../../fakes/smtp.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { e2eEnv } from './env.ts';

const database = await createFreshDatabase(requireDatabaseUrl(), 'eos_e2e');
const smtp = await startFakeSmtp({ httpPort: E2E_MAIL_API_PORT });
const posthog = await startFakePostHog(E2E_POSTHOG_PORT);
// A fixed "thinking" time, so the progress of an analysis can be seen.
const ai = await startFakeOpenAi({ handler: productModel({ latencyMs: 1_500 }) });
const news = await startFakeNews();
const sec = await startFakeSec();
const calendars = await startFakeEarningsCalendars();
const env = e2eEnv(database.url, smtp.smtpPort, posthog.port, {
  AI_BASE_URL: ai.url,
  AI_MODEL: 'fake-research-model',
  AI_TIMEOUT_SECONDS: '5',
  GOOGLE_NEWS_BASE_URL: news.url,
  GDELT_BASE_URL: news.url,
  SEC_BASE_URL: sec.url,
  SEC_DATA_BASE_URL: sec.url,
  SEC_USER_AGENT: 'Enterprise OS e2e ops@example.com',
  NASDAQ_BASE_URL: calendars.url,
});

const server = spawn(process.execPath, ['src/server/main.ts'], { env: { ...process.env, ...env }, stdio: 'inherit' });

async function stop() {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await smtp.stop();
  await posthog.stop();
  await Promise.all([ai.stop(), news.stop(), sec.stop(), calendars.stop()]);
  await database.drop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
server.on('exit', (code) => {
  if (code !== 0 && code !== null) process.exit(code);
});
console.log(`e2e server on ${E2E_BASE_URL} (port ${E2E_PORT})`);
