// Started by Playwright: a fresh database, the fake SMTP server (with its HTTP API for the tests),
// fakes for the AI (fixture models, tests/fakes/product-model.ts), the news, SEC EDGAR, the earnings calendars, a company's
// website and Hacker News search, then
// the real server (`src/server/main.ts`) wired to all of them. Everything stops with this process.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_BASE_URL, E2E_MAIL_API_PORT, E2E_PORT, E2E_POSTHOG_PORT, E2E_SEC_PORT } from '../../../playwright.config.ts';
import { SECOND_COMPANY, SECOND_COMPANY_HOST, startFakeCompanySite } from '../../fakes/company-site.ts';
import { startFakeHackerNews } from '../../fakes/hacker-news.ts';
import { startFakeEarningsCalendars } from '../../fakes/nasdaq.ts';
import { startFakeNews } from '../../fakes/news.ts';
import { startFakeOpenAi } from '../../fakes/openai.ts';
import { startFakePostHog } from '../../fakes/posthog.ts';
import { productModel } from '../../fakes/product-model.ts';
import { startFakeSec } from '../../fakes/sec.ts';
import { startFakeSmtp } from '../../fakes/smtp.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { e2eEnv, SLOW_MODEL_SUBJECTS } from './env.ts';
import { forgetSecondServers, spawnSecondServers } from './second-server.ts';

const database = await createFreshDatabase(requireDatabaseUrl(), 'eos_e2e');
const smtp = await startFakeSmtp({ httpPort: E2E_MAIL_API_PORT });
const posthog = await startFakePostHog(E2E_POSTHOG_PORT);
// The model answers at once, but for the journeys that watch a run in progress (SLOW_MODEL_SUBJECTS):
// there a fixed "thinking" time lets the progress be seen.
const ai = await startFakeOpenAi({ handler: productModel({ latencyMs: 1_500, slowWhen: SLOW_MODEL_SUBJECTS }) });
const news = await startFakeNews();
const sec = await startFakeSec(E2E_SEC_PORT);
const calendars = await startFakeEarningsCalendars();
const companySite = await startFakeCompanySite();
const secondCompanySite = await startFakeCompanySite(0, SECOND_COMPANY, SECOND_COMPANY_HOST);
// EDGAR records Initech's website (the fake site's address); Vandelay, on another host, is not Initech.
sec.websites.set('1990001', `${companySite.url}/`);
const hackerNews = await startFakeHackerNews();
forgetSecondServers();
const env = e2eEnv(database.url, smtp.smtpPort, posthog.port, {
  AI_BASE_URL: ai.url,
  AI_MODEL: 'fake-research-model',
  AI_TIMEOUT_SECONDS: '5',
  GOOGLE_NEWS_BASE_URL: news.url,
  GDELT_BASE_URL: news.url,
  SEC_BASE_URL: sec.url,
  SEC_DATA_BASE_URL: sec.url,
  SEC_USER_AGENT: 'Enterprise OS e2e ops@example.com',
  // Trigger events (issue 31): EDGAR's feeds read every second once someone asks for them.
  TRIGGER_EDGAR_POLL_SECONDS: '1',
  NASDAQ_BASE_URL: calendars.url,
  HACKER_NEWS_BASE_URL: hackerNews.url,
  // Not the server's: where the AIR journeys find the fake company's website.
  E2E_COMPANY_SITE_URL: companySite.url,
  E2E_SECOND_COMPANY_SITE_URL: secondCompanySite.url,
});

// The servers serve the web app from a copy of the build made now (their working directory), so a
// rebuild of dist/ while the journeys run (another checkout's tool, an editor) cannot change it under them.
const webCopy = path.join(tmpdir(), `eos-e2e-web-${E2E_PORT}`);
rmSync(webCopy, { recursive: true, force: true });
cpSync('dist/web', path.join(webCopy, 'dist/web'), { recursive: true });
const SERVER_PROGRAM = path.resolve('src/server/main.ts');

const server = spawn(process.execPath, [SERVER_PROGRAM], { cwd: webCopy, env: { ...process.env, ...env }, stdio: 'inherit' });

// The second servers (second-server.ts) start once the main one has migrated the database and answers.
const others: ChildProcess[] = [];
let stopping = false;
void (async () => {
  while (server.exitCode === null && !stopping) {
    const ready = await fetch(`${E2E_BASE_URL}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) {
      others.push(...(await spawnSecondServers(env, { program: SERVER_PROGRAM, cwd: webCopy })));
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
})();

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

async function stop() {
  stopping = true;
  for (const child of [server, ...others]) child.kill('SIGTERM');
  await Promise.all([server, ...others].map(exited));
  await smtp.stop();
  await posthog.stop();
  await Promise.all([
    ai.stop(),
    news.stop(),
    sec.stop(),
    calendars.stop(),
    companySite.stop(),
    secondCompanySite.stop(),
    hackerNews.stop(),
  ]);
  await database.drop();
  rmSync(webCopy, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
server.on('exit', (code) => {
  if (code === 0 || code === null) return;
  for (const child of others) child.kill('SIGTERM');
  process.exit(code);
});
console.log(`e2e server on ${E2E_BASE_URL} (port ${E2E_PORT})`);
