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
