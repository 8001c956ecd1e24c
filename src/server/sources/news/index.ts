// The news room's one door (issue 26): research, content, news alerts, newsletters and AIR reports
// all search news through `search`. A search asks Google News and GDELT at once, merges their
// stories and reads the publishers' pages into the article store (news.ts, articles.ts). A request
// that says `share` may be answered by another caller's search of the last `maxAgeMs` instead
// (shared-news.ts, ADR 016): thousands of alerts watching a few hundred companies search each once.
// A search neither provider answers throws NewsUnavailableError, a SourceError: the jobs note it as
// a failed search; research and content tell the user its `toAppError()` (a 502).
import type { Database } from '../../db/client.ts';
import { createNewsSource, type NewsResult, type NewsSearch, type NewsSourceOptions } from './news.ts';
import { createSharedNewsSearch, type SharedNewsResult } from './shared-news.ts';

export type { NewsResult, NewsSearch, NewsTerms } from './news.ts';
export { NewsUnavailableError } from './news.ts';
export type { SharedNewsResult } from './shared-news.ts';

/** A search any caller's of the last `maxAgeMs` will do for (an alert's scan), run now when there is none. */
export type SharedSearch = NewsSearch & { share: { maxAgeMs: number } };

export type News = {
  search(request: SharedSearch, signal?: AbortSignal): Promise<SharedNewsResult>;
  search(request: NewsSearch, signal?: AbortSignal): Promise<NewsResult>;
};

export function createNews(opts: NewsSourceOptions & { db: Database }): News {
  const source = createNewsSource(opts);
  const shared = createSharedNewsSearch(opts.db, source);
  function search(request: SharedSearch, signal?: AbortSignal): Promise<SharedNewsResult>;
  function search(request: NewsSearch, signal?: AbortSignal): Promise<NewsResult>;
  function search(request: NewsSearch & Partial<SharedSearch>, signal?: AbortSignal) {
    return request.share ? shared.search(request, { maxAgeMs: request.share.maxAgeMs, signal }) : source.search(request, signal);
  }
  return { search };
}
