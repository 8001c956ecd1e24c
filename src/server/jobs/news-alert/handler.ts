// A news alert's slot (spec 02 §3 sonar_alerts / sonar_results): search the news published since
// the alert's last scan for the company and its keywords, drop what this user was already sent,
// let the AI decide whether there is news and write a headline and a short analysis from those
// articles only, and e-mail it — only when there is news, every item linked to its article. Every
// sentence that states a fact cites its article and is checked against it before the plan is kept
// (issue 27 §4): failing ones are dropped, an article whose "why" fails goes, and an analysis left
// with no supported fact is no news. Without an AI provider the new articles go out as a digest,
// labelled as not analysed (digest.ts).
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StatementCount } from '../../../shared/library.ts';
import { freshnessLine } from '../../../shared/triggers.ts';
import { documentsBlock, GROUND_RULES } from '../../ai/documents.ts';
import { CITATION_RULE } from '../../ai/statements.ts';
import { alertRecipientFor } from '../../db/alert-recipient.ts';
import { preparedStatement } from '../../db/named.ts';
import { alertRuns, sonarAlerts, sonarResults, users } from '../../db/schema.ts';
import { articlesReceipt, renderNewsAlertEmail, withFreshnessLine } from '../../mail/alert-emails/index.ts';
import type { EmailArticle, RenderedEmail } from '../../mail/alert-emails/types.ts';
import type { SharedNewsResult } from '../../sources/news/index.ts';
import { type SourceDocument, SourceError } from '../../sources/web/types.ts';
import { digestArticle, NOT_ANALYSED } from '../articles/digest.ts';
import { ALERT_READ_BUDGET_MS } from '../articles/scan.ts';
import { claimUnsentArticles, seenFromKeys, sentArticlesLock, sentKeys } from '../articles/seen-articles.ts';
import { addCounts } from '../runs/statements.ts';
import {
  type AheadHandler,
  type AlertDeps,
  AlertReplan,
  type AlertRun,
  AlertSkip,
  type DbExecutor,
  type PreparedRun,
} from '../runs/types.ts';
import { newsAlertEntry } from './library-entry.ts';
import { checkNewsAnswer } from './statements.ts';

/** The first scan of an alert looks this far back; later scans start where the last one ended. */
const FIRST_SCAN_DAYS = 3;
const MAX_SCAN_DAYS = 30;
const ARTICLES_SEARCHED = 20;
/** A digest without AI lists at most this many articles, newest first. */
const DIGEST_MAX_ARTICLES = 10;
const DAY_MS = 86_400_000;
/** A scan in the background waits this long for its turn at Google News (one a second per process) before it fails. */
const SEARCH_QUEUE_WAIT_MS = 10 * 60_000;
/** Alerts prepared within this long of each other share a search even when ALERT_PREPARE_MINUTES is 0. */
const SHARED_SEARCH_MIN_AGE_MS = 5 * 60_000;

const newsAlertOutput = z.object({
  hasNews: z
    .boolean()
    .describe(
      'true only when at least one article reports something new about this company that a salesperson selling to it should know (leadership, funding, deals, earnings, products, layoffs, partnerships, legal or regulatory events). Passing mentions, listicles and stock-price chatter are not news.',
    ),
  headline: z
    .string()
    .max(200)
    .describe(
      'One line, at most 15 words, naming the most important news, ending with the number of its article in square brackets ("[1]"). Empty when hasNews is false.',
    ),
  analysis: z
    .string()
    .max(1500)
    .describe(
      'Two to four sentences: what happened and why it matters for a conversation with this company; each sentence that states a fact ends with the numbers of its articles ("[1]", "[1, 3]"). Empty when hasNews is false.',
    ),
  items: z
    .array(
      z.object({
        url: z.string().describe('The URL of an article above, copied exactly.'),
        why: z.string().max(400).describe('One sentence: what this article reports, ending with its number ("[2]").'),
      }),
    )
    .max(10)
    .describe('The articles that are news, most important first; empty when hasNews is false.'),
});

const SYSTEM = `You are a sales-intelligence analyst who watches the news about one company for a B2B salesperson.\n${GROUND_RULES}\n${CITATION_RULE}`;

function newsAlertPrompt(companyName: string, keywords: string[], since: Date, documents: SourceDocument[]) {
  return [
    `Company: ${companyName}`,
    keywords.length > 0 ? `The salesperson cares most about: ${keywords.join(', ')}` : null,
    `Articles published since: ${since.toISOString()}`,
    '',
    'Decide whether these articles contain news about this company, and if so write the alert.',
    '',
    documentsBlock(documents),
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** What a news run's commit writes, worked out before its slot and kept as JSON in alert_runs.plan. */
type NewsPlan = {
  companyName: string;
  keywords: string[];
  /** When the alert was read for this plan: a save after it makes a kept plan stale. */
  readAt: string;
  /** When the news was searched; the next scan starts here. */
  searchedAt: string;
  /**
   * The "sent" of the e-mail's freshness receipt as rendered: the slot when the plan waits for it
   * (the commit happens there, ADR 016), else the moment of preparing, which the commit follows at
   * once. Absent in plans kept before receipts existed. The commit checks it (commitNewsPlan).
   */
  sentAt?: string;
  /** The sonar_results row's perplexity_response. */
  stored: Record<string, unknown>;
  /** Without news there is nothing to mail; the outcome says why. */
  news: { analysis: NewsAnalysis; analysed: boolean; fresh: number; email: RenderedEmail } | { outcome: string };
};
type NewsAnalysis = {
  headline: string;
  summary: string;
  items: EmailArticle[];
  /**
   * The headline's and analysis' checked statements, and those dropped with the articles left out for
   * them; each kept article carries its own (so a mail left with fewer articles counts only its own).
   * Absent for the digest sent without AI.
   */
  checked?: StatementCount;
};

/** What the e-mail's "N of M statements sourced" counts: the analysis and the articles it lists. */
const statementsOf = (analysis: NewsAnalysis): StatementCount | undefined =>
  analysis.checked ? addCounts(analysis.checked, ...analysis.items.map((item) => item.statements)) : undefined;

/** The search windows alerts ask for, so that alerts scanned a little apart share one search. */
const SEARCH_WINDOWS_DAYS = [1, 2, 3, 7, 14, MAX_SCAN_DAYS];

/**
 * Scans and analyses a news alert (before its slot when it is scheduled, ADR 016): the news since
 * the last scan through the shared search, less what this user was already sent, judged by the AI.
 */
async function prepareNewsAlert(run: AlertRun, deps: AlertDeps, signal: AbortSignal): Promise<{ plan: NewsPlan; scannedAt: Date }> {
  const [alert] = await deps.db
    .select({
      companyName: sonarAlerts.companyName,
      keywords: sonarAlerts.keywords,
      active: sonarAlerts.active,
      since: lastScan(run),
      readAt: sql<string>`now()`,
      sent: sentKeys(run.userId, deps.now()),
    })
    .from(sonarAlerts)
    .where(and(eq(sonarAlerts.id, run.alertId), eq(sonarAlerts.userId, run.userId)));
  if (!alert) throw new AlertSkip('the alert no longer exists');
  if (!alert.active) throw new AlertSkip('the alert is inactive');
  const companyName = alert.companyName.trim();
  if (!companyName) throw new AlertSkip('the alert has no company name');

  const now = deps.now();
  const since = scanStart(alert.since, now);
  const needed = (now.getTime() - since.getTime()) / DAY_MS;
  const days = SEARCH_WINDOWS_DAYS.find((d) => d >= needed) ?? MAX_SCAN_DAYS;
  let search: SharedNewsResult;
  try {
    search = await deps.sources.news.search(
      // The company, and any of its keywords when it has some.
      {
        terms: { phrases: [companyName], anyOf: alert.keywords },
        days,
        limit: ARTICLES_SEARCHED,
        readBudgetMs: ALERT_READ_BUDGET_MS,
        queueWaitMs: SEARCH_QUEUE_WAIT_MS,
        share: { maxAgeMs: Math.max(SHARED_SEARCH_MIN_AGE_MS, deps.config.ALERT_PREPARE_MINUTES * 60_000) },
      },
      signal,
    );
  } catch (err) {
    if (err instanceof SourceError) throw new Error(`news search failed: ${err.message}`);
    throw err;
  }
  const found = search.documents;
  const fresh = seenFromKeys(alert.sent).keepNew(found.filter((doc) => doc.publishedAt && Date.parse(doc.publishedAt) > since.getTime()));
  const searched = { since: since.toISOString(), at: search.searchedAt.toISOString(), found: found.length, fresh: fresh.length };
  const base = {
    companyName,
    keywords: alert.keywords,
    readAt: new Date(alert.readAt).toISOString(),
    searchedAt: search.searchedAt.toISOString(),
    sentAt: plannedSend(run, deps.now()).toISOString(),
  };
  const planned = (plan: Omit<NewsPlan, keyof typeof base>) => ({ plan: { ...base, ...plan }, scannedAt: search.searchedAt });

  if (fresh.length === 0) {
    return planned({
      stored: { hasNews: false, analysis: null, searched },
      news: { outcome: `no new articles since ${since.toISOString()} (${found.length} found, all seen or older)` },
    });
  }

  if (!deps.ai.configured) {
    const items = fresh.slice(0, DIGEST_MAX_ARTICLES).map(digestArticle);
    const analysis = { headline: plural(items.length, 'new article'), summary: NOT_ANALYSED, items };
    return planned({
      stored: { hasNews: true, analysed: false, analysis, searched },
      news: { analysis, analysed: false, fresh: fresh.length, email: await renderNewsMail(base, analysis, run, deps, base.sentAt) },
    });
  }

  const { output, citations, model } = await deps.ai.run(
    run.userId,
    'news_alert',
    async (ai) => ({
      ...(await ai.generate({
        schema: newsAlertOutput,
        system: SYSTEM,
        prompt: newsAlertPrompt(companyName, alert.keywords, since, fresh),
        signal,
        maxOutputTokens: 1500,
      })),
      model: ai.model,
    }),
    { background: true, signal },
  );

  const answer = checkNewsAnswer(fresh, output, citations);
  const { hasNews } = answer;
  const analysis: NewsAnalysis = { headline: answer.headline, summary: answer.summary, items: answer.items, checked: answer.checked };
  const statements = statementsOf(analysis);
  const stored = { hasNews, analysis: hasNews ? analysis : null, model, searched, statements };
  if (!hasNews) {
    return planned({
      stored,
      news: { outcome: noNewsOutcome(output, answer.items.length, answer.droppedItems, answer.analysisCount, fresh.length) },
    });
  }
  return planned({
    stored,
    news: { analysis, analysed: true, fresh: fresh.length, email: await renderNewsMail(base, analysis, run, deps, base.sentAt) },
  });
}

/** Why an analysed scan sends nothing: no news, or news whose facts its articles do not support. */
function noNewsOutcome(
  output: z.infer<typeof newsAlertOutput>,
  articles: number,
  droppedItems: StatementCount,
  analysis: StatementCount,
  fresh: number,
): string {
  if (!output.hasNews || output.headline.trim() === '') return `no news in ${fresh} new articles`;
  if (articles === 0 && droppedItems.dropped > 0) {
    return `not sent as news: no article's report was supported by that article (${plural(droppedItems.dropped, 'statement')} dropped; ${fresh} new articles)`;
  }
  if (articles === 0) return `no news in ${fresh} new articles`;
  const none =
    analysis.total === 0
      ? 'the analysis states no fact'
      : `none of the analysis' ${plural(analysis.total, 'statement')} is supported by the articles it cites`;
  return `not sent as news: ${none} (${fresh} new articles)`;
}

type MailedPlan = Pick<NewsPlan, 'companyName' | 'keywords' | 'searchedAt'>;

/** What the e-mail shows of a plan's analysis, and its library item holds; `sentAt` is the receipt's "sent". */
const mailedNews = (plan: MailedPlan, analysis: NewsAnalysis, sentAt: string) => ({
  companyName: plan.companyName,
  keywords: plan.keywords,
  headline: analysis.headline,
  analysis: analysis.summary,
  articles: analysis.items,
  searchedAt: plan.searchedAt,
  receipt: articlesReceipt(analysis.items, plan.searchedAt, sentAt),
  ...(analysis.checked ? { statements: statementsOf(analysis) } : {}),
});

/**
 * When the mail of a run prepared now is committed: at its slot when that is still ahead (the plan
 * is kept for it), else right away (a manual run, a late slot: runAtOnce).
 */
function plannedSend(run: AlertRun, now: Date): Date {
  const slot = run.slot.startsWith('manual:') ? null : new Date(run.slot);
  return slot && slot.getTime() > now.getTime() ? slot : now;
}

/**
 * The e-mail, rendered when the run is prepared; again at the commit only when it loses articles
 * (a later "sent" minute only changes the receipt's line in the rendered mail: withFreshnessLine).
 */
function renderNewsMail(plan: MailedPlan, analysis: NewsAnalysis, run: AlertRun, deps: AlertDeps, sentAt: string): Promise<RenderedEmail> {
  return renderNewsAlertEmail({
    ...mailedNews(plan, analysis, sentAt),
    links: {
      // The run's id is its library item's (engine.ts), so the link is known before the commit.
      library: deps.links.libraryItem(run.id),
      viewInApp: deps.links.app(`/aurora-os/company-news?company=${encodeURIComponent(plan.companyName)}`),
      manage: deps.links.app('/sonar-os/news'),
      unsubscribe: deps.links.unsubscribe('news', run.alertId).page,
    },
  });
}

/**
 * The alert a plan is committed for, with this user's sent-articles lock for the claim that follows
 * (taken with the read: one round trip fewer; the claim's own read comes after it, in a statement of
 * its own). Built once per connection: the slot runs it for every e-mail (db/named.ts).
 */
const alertToCommit = preparedStatement((tx: DbExecutor) =>
  tx
    .select({
      active: sonarAlerts.active,
      updatedAt: sonarAlerts.updatedAt,
      to: alertRecipientFor(sonarAlerts.notificationEmail),
      locked: sql<string>`${sentArticlesLock(sql.placeholder('userId'))}::text`,
    })
    .from(sonarAlerts)
    .innerJoin(users, eq(users.id, sonarAlerts.userId))
    .where(and(eq(sonarAlerts.id, sql.placeholder('alertId')), eq(sonarAlerts.userId, sql.placeholder('userId')))),
);

/** The result row of a mailed plan, built once per connection like alertToCommit. */
const insertMailedResult = preparedStatement((tx: DbExecutor) =>
  tx.insert(sonarResults).values({
    userId: sql.placeholder('userId'),
    alertId: sql.placeholder('alertId'),
    companyName: sql.placeholder('companyName'),
    hasNews: true,
    sent: true,
    perplexityResponse: sql.placeholder('response'),
  }),
);

/**
 * The commit of a plan: the result row, and the e-mail with what another run mailed this user
 * meanwhile left out. A plan kept until its slot is checked against the alert first: deleted or
 * switched off meanwhile, nothing is sent; saved meanwhile, the plan is stale (AlertReplan).
 */
function commitNewsPlan(plan: NewsPlan, run: AlertRun, deps: AlertDeps, kept: boolean): PreparedRun {
  const result = { userId: run.userId, alertId: run.alertId, companyName: plan.companyName };
  return {
    scannedAt: new Date(plan.searchedAt),
    async commit(tx) {
      // The alert, and this user's sent-articles lock for the claim below.
      const [alert] = await alertToCommit(tx, { alertId: run.alertId, userId: run.userId });
      if (!alert) throw new AlertSkip('the alert no longer exists');
      if (!alert.active) throw new AlertSkip('the alert is inactive');
      if (kept && alert.updatedAt > new Date(plan.readAt)) throw new AlertReplan('the alert was saved after this slot was prepared');

      if (!('analysis' in plan.news)) {
        await tx.insert(sonarResults).values({ ...result, hasNews: false, sent: false, perplexityResponse: plan.stored });
        return { mail: null, outcome: plan.news.outcome };
      }
      const { analysis, analysed, fresh } = plan.news;
      const unsent = await claimUnsentArticles(tx, run.userId, analysis.items, deps.now(), { locked: true });
      if (unsent.length === 0) {
        await tx
          .insert(sonarResults)
          .values({ ...result, hasNews: true, sent: false, perplexityResponse: { ...plan.stored, alreadySent: true } });
        return {
          mail: null,
          outcome: `no e-mail: its ${plural(analysis.items.length, 'article')} reached this user in another run's e-mail meanwhile`,
        };
      }
      const dropped = analysis.items.length - unsent.length;
      const mailed = dropped ? { ...analysis, items: unsent } : analysis;
      // "Sent" is this commit, which queues the mail: the rendered mail keeps its receipt when it
      // reads the same to the minute (a kept plan committed at its slot); a later minute changes
      // only that line in the rendered mail (ADR 033); only lost articles render it again.
      const sentAt = deps.now().toISOString();
      const rendered =
        dropped || plan.sentAt === undefined
          ? null
          : withFreshnessLine(
              plan.news.email,
              freshnessLine(articlesReceipt(mailed.items, plan.searchedAt, plan.sentAt)),
              freshnessLine(articlesReceipt(mailed.items, plan.searchedAt, sentAt)),
            );
      await insertMailedResult(tx, {
        ...result,
        // The library item the mail was kept as (its id is the run's): the dashboard's row links to it.
        response: {
          ...plan.stored,
          ...(dropped ? { analysis: mailed, ...(mailed.checked ? { statements: statementsOf(mailed) } : {}) } : {}),
          libraryItemId: run.id,
        },
      });
      return {
        mail: {
          to: alert.to,
          ...(rendered ?? (await renderNewsMail(plan, mailed, run, deps, sentAt))),
          kind: 'news-alert',
          unsubscribe: { kind: 'news' as const, alertId: run.alertId },
        },
        // What was mailed: without the articles another run sent meanwhile, as the e-mail is.
        item: newsAlertEntry(mailedNews(plan, mailed, sentAt), analysed),
        outcome:
          `${plural(unsent.length, 'new article')} of ${fresh}${analysed ? '' : ' (not analysed: no AI provider configured)'}; e-mail queued` +
          (dropped ? ` (${dropped} dropped: in another run's e-mail meanwhile)` : ''),
      };
    },
  };
}

export const newsAlert: AheadHandler<NewsPlan> = { prepare: prepareNewsAlert, resume: commitNewsPlan };

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** Where this alert's previous successful scan ended (the search's time; before ADR 016, the run's start). */
const lastScan = (run: AlertRun) => sql<Date | string | null>`(
  select max(coalesce(${alertRuns.scannedAt}, ${alertRuns.startedAt})) from ${alertRuns}
   where ${alertRuns.alertId} = ${run.alertId} and ${alertRuns.kind} = 'news' and ${alertRuns.status} = 'succeeded' and ${alertRuns.id} <> ${run.id})`;

/** The first scan of an alert looks FIRST_SCAN_DAYS back, and none further than MAX_SCAN_DAYS. */
function scanStart(last: Date | string | null, now: Date): Date {
  const at = last ? new Date(last) : null;
  const earliest = new Date(now.getTime() - MAX_SCAN_DAYS * DAY_MS);
  if (!at) return new Date(now.getTime() - FIRST_SCAN_DAYS * DAY_MS);
  return at < earliest ? earliest : at;
}
