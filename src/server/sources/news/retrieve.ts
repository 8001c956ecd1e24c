// News retrieval as a feature needs it: the documents, or the API's error when neither news
// provider can be reached (that is the sources' failure, not the AI's, and the user is told so).
import { AppError } from '../../lib/app-error.ts';
import { errorMessage, log } from '../../lib/log.ts';
import type { NewsResult, NewsSearch, NewsSource } from './news.ts';

const newsUnavailable = () =>
  new AppError('source_unavailable', 'The news sources (Google News, GDELT) could not be reached. Try again shortly.');

/** News from Google News, or GDELT when Google fails; neither reachable is a 502 `source_unavailable`. */
export async function retrieveNews(news: NewsSource, search: NewsSearch, signal: AbortSignal): Promise<NewsResult> {
  try {
    return await news.search(search, signal);
  } catch (err) {
    if (signal.aborted) throw err;
    log.warn('news retrieval failed', { error: errorMessage(err) });
    throw newsUnavailable();
  }
}
