// The alert engine assembled from the runtime: the handler for each kind of run, the sources and
// AI it reads, and the links its e-mails carry.
import { createAiRunner } from '../../ai/runner.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createSources } from '../../sources/index.ts';
import { earningsCheckHandler, earningsReminderHandler, earningsSummaryHandler } from './earnings.ts';
import { createAlertLinks } from './links.ts';
import { newsAlertHandler } from './news.ts';
import { newsletterHandler } from './newsletter.ts';
import type { AlertDeps, AlertHandler, AlertRunKind } from './types.ts';

export const alertHandlers: Record<AlertRunKind, AlertHandler> = {
  news: newsAlertHandler,
  newsletter: newsletterHandler,
  earnings_check: earningsCheckHandler,
  earnings_reminder: earningsReminderHandler,
  earnings_summary: earningsSummaryHandler,
};

export function createAlertDeps(runtime: { db: Database; config: Config; secret: string }): AlertDeps {
  return {
    db: runtime.db,
    config: runtime.config,
    ai: createAiRunner(runtime.config, runtime.db),
    sources: createSources(runtime.config, runtime.db),
    links: createAlertLinks(runtime.config.appUrl, runtime.secret),
    now: () => new Date(),
  };
}
