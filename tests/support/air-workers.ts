// Account Intelligence Reports on worker processes as they run in production (ROLE=worker, pg-boss),
// for the tests that kill a worker mid-report: a fresh database, the fake model (with each test's own
// handler), company site, SEC, Hacker News, news and SMTP server, and a web-role runtime on them that
// starts reports and reads their rows. The fake SEC names the fake site as Initech's (CIK 1990001).
import { afterAll, beforeAll } from 'vitest';
import { bootstrap, type Runtime } from '../../src/server/bootstrap.ts';
import { type FakeCompanySite, startFakeCompanySite } from '../fakes/company-site.ts';
import { type FakeHackerNews, startFakeHackerNews } from '../fakes/hacker-news.ts';
import { type FakeNews, startFakeNews } from '../fakes/news.ts';
import { type FakeHandler, type FakeOpenAi, startFakeOpenAi } from '../fakes/openai.ts';
import { type FakeSec, startFakeSec } from '../fakes/sec.ts';
import { type FakeSmtp, startFakeSmtp } from '../fakes/smtp.ts';
import { createFreshDatabase, requireDatabaseUrl } from './database.ts';
import { airServerEnv } from './source-env.ts';

const SECRET = 'air-workers-test-secret-air-workers-test-00';

export type AirWorkers = {
  rt: Runtime;
  ai: FakeOpenAi;
  site: FakeCompanySite;
  sec: FakeSec;
  hn: FakeHackerNews;
  news: FakeNews;
  smtp: FakeSmtp;
  /** The server program's environment on the database and the fakes, for the runtime and each worker. */
  serverEnv: () => Record<string, string>;
};

/**
 * Registers the hooks that start all of the above before the file's tests (the fake model answering
 * with `handler`) and stop them after; the object returned holds them from then on.
 */
export function airWorkers(setup: { database: string; handler: FakeHandler }): AirWorkers {
  let database: Awaited<ReturnType<typeof createFreshDatabase>> | undefined;
  const air = {
    // The jobs the runtime sends are retried within seconds (not the production minute), as the
    // workers' own are (startWorker): a killed worker's run is taken back while the test waits.
    serverEnv: (): Record<string, string> => ({
      ...airServerEnv({
        databaseUrl: database!.url,
        authSecret: SECRET,
        smtpPort: air.smtp.smtpPort,
        aiUrl: air.ai.url,
        fakes: { news: air.news, sec: air.sec, hn: air.hn },
      }),
      ALERT_HEARTBEAT_SECONDS: '10',
      ALERT_RETRY_DELAY_SECONDS: '1',
    }),
  } as AirWorkers;

  beforeAll(async () => {
    database = await createFreshDatabase(requireDatabaseUrl(), setup.database);
    [air.ai, air.site, air.sec, air.hn, air.news, air.smtp] = await Promise.all([
      startFakeOpenAi({ handler: setup.handler }),
      startFakeCompanySite(),
      startFakeSec(),
      startFakeHackerNews(),
      startFakeNews(),
      startFakeSmtp(),
    ]);
    air.sec.websites.set('1990001', `${air.site.url}/`);
    air.rt = await bootstrap({ ...air.serverEnv(), ROLE: 'web' });
  });
  afterAll(async () => {
    await air.rt?.close();
    await Promise.all([air.ai?.stop(), air.site?.stop(), air.sec?.stop(), air.hn?.stop(), air.news?.stop(), air.smtp?.stop()]);
    await database?.drop();
  });
  return air;
}
