// The retrieval clients research uses, from configuration: every request carries the declared
// User-Agent and keeps to each service's pace (POLITE_INTERVALS_MS).
import type { Config } from '../config.ts';
import { createEarningsCalendarSource } from './earnings-calendar.ts';
import { createSourceHttp, POLITE_INTERVALS_MS } from './http.ts';
import { createNewsSource } from './news.ts';
import { createSecSource } from './sec.ts';
import { createTranscriptSource } from './transcripts.ts';

export function createSources(config: Config) {
  const http = createSourceHttp({ userAgent: config.secUserAgent, minIntervalMs: POLITE_INTERVALS_MS });
  return {
    news: createNewsSource({ googleNewsBaseUrl: config.GOOGLE_NEWS_BASE_URL, gdeltBaseUrl: config.GDELT_BASE_URL, http }),
    sec: createSecSource({ secBaseUrl: config.SEC_BASE_URL, secDataBaseUrl: config.SEC_DATA_BASE_URL, http }),
    transcripts: config.FMP_API_KEY ? createTranscriptSource({ baseUrl: config.FMP_BASE_URL, apiKey: config.FMP_API_KEY, http }) : null,
    earningsCalendar: createEarningsCalendarSource({
      http,
      nasdaqBaseUrl: config.NASDAQ_BASE_URL,
      finnhub: config.FINNHUB_API_KEY ? { baseUrl: config.FINNHUB_BASE_URL, apiKey: config.FINNHUB_API_KEY } : null,
      fmp: config.FMP_API_KEY ? { baseUrl: config.FMP_BASE_URL, apiKey: config.FMP_API_KEY } : null,
    }),
  };
}
