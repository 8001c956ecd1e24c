// The run engine assembled from the runtime: the handler for each kind of run, the sources and
// AI it reads, and the links its e-mails carry.
import { createAiRunner } from '../ai/runner.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createSources } from '../sources/index.ts';
import { airReportHandler } from './air-report/handler.ts';
import { earningsCheckHandler, earningsReminderHandler, earningsSummaryHandler } from './earnings/handler.ts';
import { newsAlert } from './news-alert/handler.ts';
import { newsletterHandler } from './newsletter/handler.ts';
import { createAlertLinks } from './runs/links.ts';
import { type AheadHandler, type AlertDeps, type AlertHandler, type AlertRunKind, runAtOnce } from './runs/types.ts';
import { triggerHandler } from './triggers/handler.ts';

export const alertHandlers: Record<AlertRunKind, AlertHandler> = {
  news: runAtOnce(newsAlert),
  newsletter: newsletterHandler,
  earnings_check: earningsCheckHandler,
  earnings_reminder: earningsReminderHandler,
  earnings_summary: earningsSummaryHandler,
  air_report: airReportHandler,
  trigger: triggerHandler,
};

/** Kinds whose scheduled runs are prepared before their slot (ADR 016). */
export const aheadHandlers: Partial<Record<AlertRunKind, AheadHandler<unknown>>> = { news: newsAlert as AheadHandler<unknown> };

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
