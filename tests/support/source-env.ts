// The variables that point a server at the fake public sources (news, SEC EDGAR, Hacker News), so
// tests that start one (in process or as a worker process) name each fake's address the same way.
import type { FakeHackerNews } from '../fakes/hacker-news.ts';
import type { FakeNews } from '../fakes/news.ts';
import type { FakeSec } from '../fakes/sec.ts';

export function sourcesEnv(fakes: { news: FakeNews; sec: FakeSec; hn: FakeHackerNews }): Record<string, string> {
  return {
    GOOGLE_NEWS_BASE_URL: fakes.news.url,
    GDELT_BASE_URL: fakes.news.url,
    SEC_BASE_URL: fakes.sec.url,
    SEC_DATA_BASE_URL: fakes.sec.url,
    SEC_USER_AGENT: 'Enterprise OS test ops@example.com',
    HACKER_NEWS_BASE_URL: fakes.hn.url,
  };
}

/** A server program researching AIR reports against the fakes: the fake model, sources and SMTP server. */
export function airServerEnv(setup: {
  databaseUrl: string;
  authSecret: string;
  smtpPort: number;
  aiUrl: string;
  fakes: { news: FakeNews; sec: FakeSec; hn: FakeHackerNews };
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: setup.databaseUrl,
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: setup.authSecret,
    SMTP_URL: `smtp://127.0.0.1:${setup.smtpPort}`,
    AI_BASE_URL: setup.aiUrl,
    AI_MODEL: 'fake-air-model',
    AI_TIMEOUT_SECONDS: '120',
    AI_MAX_RETRIES: '0',
    ...sourcesEnv(setup.fakes),
    PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
    PUBLISHER_MIN_INTERVAL_MS: '0',
  };
}
