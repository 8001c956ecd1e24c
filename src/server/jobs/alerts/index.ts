// The alert engine assembled from the runtime: the handler for each kind of run, the sources and
// AI it reads, and the links its e-mails carry.
import { createAiRunner } from '../../ai/runner.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createSources } from '../../sources/index.ts';
import { createAlertLinks } from './links.ts';
import { newsAlertHandler } from './news.ts';
import { newsletterHandler } from './newsletter.ts';
import { type AlertDeps, type AlertHandler, AlertPermanentFailure, type AlertRunKind } from './types.ts';

const notYet: AlertHandler = async (run) => {
  throw new AlertPermanentFailure(`${run.kind} runs are not available in this build`);
};

export const alertHandlers: Record<AlertRunKind, AlertHandler> = {
  news: newsAlertHandler,
  newsletter: notYet,
  earnings_check: notYet,
  earnings_reminder: notYet,
  earnings_summary: notYet,
};

export function createAlertDeps(runtime: { db: Database; config: Config; secret: string }): AlertDeps {
  const sources = createSources(runtime.config);
  return {
    db: runtime.db,
    config: runtime.config,
    ai: createAiRunner(runtime.config, runtime.db),
    sources: {
      ...sources,
      earningsCalendar: {
        nextEarnings: async () => {
          throw new Error('no earnings calendar in this build');
        },
      },
    },
    links: createAlertLinks(runtime.config.appUrl, runtime.secret),
    now: () => new Date(),
  };
}
