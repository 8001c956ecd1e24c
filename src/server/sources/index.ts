// The retrieval clients research and alerts use, from configuration: every request carries the
// declared User-Agent and keeps to each service's pace (POLITE_INTERVALS_MS); the configured
// services are reached wherever the operator put them, everything else (publishers' sites, company
// sites, redirects) only on public addresses, one request per PUBLISHER_MIN_INTERVAL_MS per site.
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createCompanySiteReader } from './company/company-site.ts';
import { createArticleReader } from './news/articles.ts';
import { createNews } from './news/index.ts';
import { createEarningsCalendarSource } from './sec/earnings-calendar.ts';
import { createLatestFilingsSource } from './sec/latest-filings.ts';
import { createSecSource } from './sec/sec.ts';
import { createSecCompanySource } from './sec/sec-company.ts';
import { createTranscriptSource } from './sec/transcripts.ts';
import { createSocialSource } from './social/social.ts';
import { createSourceHttp, POLITE_INTERVALS_MS } from './web/http.ts';
import type { SourceService } from './web/request-counts.ts';

/** A publisher page larger than this is not an article we can use. */
const PUBLISHER_MAX_BYTES = 3 * 1024 * 1024;
const PUBLISHER_TIMEOUT_MS = 10_000;

/** Each service's pace; an operator's setting applies to the host the service is configured at. */
function servicePacing(config: Config): Record<string, number> {
  const paced = { ...POLITE_INTERVALS_MS };
  if (config.GOOGLE_NEWS_MIN_INTERVAL_MS !== undefined)
    paced[new URL(config.GOOGLE_NEWS_BASE_URL).host] = config.GOOGLE_NEWS_MIN_INTERVAL_MS;
  if (config.GDELT_MIN_INTERVAL_MS !== undefined) paced[new URL(config.GDELT_BASE_URL).host] = config.GDELT_MIN_INTERVAL_MS;
  return paced;
}

/** The hosts of the services the operator configured: the only ones reached on a private address (ADR 019). */
function serviceHosts(config: Config): string[] {
  const bases = [
    config.GOOGLE_NEWS_BASE_URL,
    config.GDELT_BASE_URL,
    config.SEC_BASE_URL,
    config.SEC_DATA_BASE_URL,
    config.FMP_BASE_URL,
    config.NASDAQ_BASE_URL,
    config.FINNHUB_BASE_URL,
    config.HACKER_NEWS_BASE_URL,
  ];
  return bases.map((base) => new URL(base).host);
}

/** The service at each configured host, for the request counts; where two share one address (a proxy, tests' fakes) the first named wins and the callers say which they ask. */
function servicesByHost(config: Config): Record<string, SourceService> {
  const services: [string, SourceService][] = [
    [config.GOOGLE_NEWS_BASE_URL, 'google-news'],
    [config.GDELT_BASE_URL, 'gdelt'],
    [config.SEC_BASE_URL, 'sec'],
    [config.SEC_DATA_BASE_URL, 'sec'],
    [config.NASDAQ_BASE_URL, 'nasdaq'],
    [config.FMP_BASE_URL, 'fmp'],
    [config.FINNHUB_BASE_URL, 'finnhub'],
    [config.HACKER_NEWS_BASE_URL, 'hacker-news'],
  ];
  const byHost: Record<string, SourceService> = {};
  for (const [base, service] of services) byHost[new URL(base).host] ??= service;
  return byHost;
}

export function createSources(config: Config, db: Database) {
  const http = createSourceHttp({
    userAgent: config.secUserAgent,
    minIntervalMs: servicePacing(config),
    trustedHosts: serviceHosts(config),
    services: servicesByHost(config),
  });
  // A crawler's usual form: a product token robots.txt groups can name, and where to learn about us.
  const publisherAgent = `EnterpriseOS/1.0 (+${config.appUrl}; ${config.secUserAgent})`;
  const publisherHttp = createSourceHttp({
    userAgent: publisherAgent,
    defaultMinIntervalMs: config.PUBLISHER_MIN_INTERVAL_MS,
    timeoutMs: PUBLISHER_TIMEOUT_MS,
    maxBytes: PUBLISHER_MAX_BYTES,
    defaultService: 'publisher',
    // No trusted hosts: a link a third party hands us never reaches a private address, not even a configured service's.
    allowPrivateAddresses: config.PUBLISHER_ALLOW_PRIVATE_ADDRESSES,
  });
  const articles = createArticleReader({
    db,
    http,
    publisherHttp,
    googleNewsBaseUrl: config.GOOGLE_NEWS_BASE_URL,
    userAgent: publisherAgent,
  });
  const sec = createSecSource({ secBaseUrl: config.SEC_BASE_URL, secDataBaseUrl: config.SEC_DATA_BASE_URL, http });
  return {
    articles,
    // Every news search goes through here, shared or not (news/index.ts).
    news: createNews({ db, googleNewsBaseUrl: config.GOOGLE_NEWS_BASE_URL, gdeltBaseUrl: config.GDELT_BASE_URL, http, articles }),
    sec,
    // AIR reports: a company's own site is read like a publisher's (public addresses, robots.txt, paced).
    companySite: createCompanySiteReader({ http: publisherHttp, userAgent: publisherAgent }),
    secCompany: createSecCompanySource({ secBaseUrl: config.SEC_BASE_URL, secDataBaseUrl: config.SEC_DATA_BASE_URL, http, sec }),
    // Trigger events (issue 31): EDGAR's latest filings, through the same paced client as every SEC
    // request (declared User-Agent, under EDGAR's 10 requests a second).
    latestFilings: createLatestFilingsSource({ secBaseUrl: config.SEC_BASE_URL, http }),
    social: createSocialSource({ hackerNewsBaseUrl: config.HACKER_NEWS_BASE_URL, http }),
    transcripts: config.FMP_API_KEY ? createTranscriptSource({ baseUrl: config.FMP_BASE_URL, apiKey: config.FMP_API_KEY, http }) : null,
    earningsCalendar: createEarningsCalendarSource({
      http,
      nasdaqBaseUrl: config.NASDAQ_BASE_URL,
      finnhub: config.FINNHUB_API_KEY ? { baseUrl: config.FINNHUB_BASE_URL, apiKey: config.FINNHUB_API_KEY } : null,
      fmp: config.FMP_API_KEY ? { baseUrl: config.FMP_BASE_URL, apiKey: config.FMP_API_KEY } : null,
    }),
  };
}
