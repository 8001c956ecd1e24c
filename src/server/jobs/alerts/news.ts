// A news alert's slot (spec 02 §3 sonar_alerts / sonar_results): search the news published since
// the alert's last scan for the company and its keywords, drop what this user was already sent,
// let the AI decide whether there is news and write a headline and a short analysis from those
// articles only, and e-mail it — only when there is news, every item linked to its article. Without
// an AI provider the new articles go out as a digest, labelled as not analysed (digest.ts).
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { documentsBlock, GROUND_RULES } from '../../ai/documents.ts';
import { Grounding, mailText } from '../../ai/grounding.ts';
import { alertRecipientFor } from '../../db/alert-recipient.ts';
import type { Database } from '../../db/client.ts';
import { sonarAlerts, sonarResults, users } from '../../db/schema.ts';
import { renderNewsAlertEmail } from '../../mail/alert-emails/index.ts';
import type { EmailArticle } from '../../mail/alert-emails/types.ts';
import { type SourceDocument, SourceError } from '../../sources/types.ts';
import { digestArticle, NOT_ANALYSED } from './digest.ts';
import { claimUnsentArticles, loadSentArticles } from './seen-articles.ts';
import { type AlertHandler, AlertSkip, type DbExecutor } from './types.ts';

/** The first scan of an alert looks this far back; later scans start where the last one ended. */
const FIRST_SCAN_DAYS = 3;
const MAX_SCAN_DAYS = 30;
const ARTICLES_SEARCHED = 20;
/** A digest without AI lists at most this many articles, newest first. */
const DIGEST_MAX_ARTICLES = 10;
/** A background scan may wait longer than a person for publishers' pages. */
export const ALERT_READ_BUDGET_MS = 30_000;
const DAY_MS = 86_400_000;

const newsAlertOutput = z.object({
  hasNews: z
    .boolean()
    .describe(
      'true only when at least one article reports something new about this company that a salesperson selling to it should know (leadership, funding, deals, earnings, products, layoffs, partnerships, legal or regulatory events). Passing mentions, listicles and stock-price chatter are not news.',
    ),
  headline: z.string().max(200).describe('One line, at most 15 words, naming the most important news. Empty when hasNews is false.'),
  analysis: z
    .string()
    .max(1500)
    .describe('Two to four sentences: what happened and why it matters for a conversation with this company. Empty when hasNews is false.'),
  items: z
    .array(
      z.object({
        url: z.string().describe('The URL of an article above, copied exactly.'),
        why: z.string().max(400).describe('One sentence: what this article reports.'),
      }),
    )
    .max(10)
    .describe('The articles that are news, most important first; empty when hasNews is false.'),
});

const SYSTEM = `You are a sales-intelligence analyst who watches the news about one company for a B2B salesperson.\n${GROUND_RULES}`;

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

/** `"Acme Corp" (cloud OR "data center")`: the company, and any of its keywords when it has some. */
function newsQuery(companyName: string, keywords: string[]) {
  const quote = (term: string) => (/\s/.test(term) ? `"${term.replace(/"/g, '')}"` : term.replace(/"/g, ''));
  const company = `"${companyName.replace(/"/g, '')}"`;
  const terms = keywords
    .map((k) => k.trim())
    .filter(Boolean)
    .map(quote);
  return terms.length === 0 ? company : `${company} (${terms.join(' OR ')})`;
}

export const newsAlertHandler: AlertHandler = async (run, deps, signal) => {
  const [alert] = await deps.db
    .select({
      companyName: sonarAlerts.companyName,
      keywords: sonarAlerts.keywords,
      active: sonarAlerts.active,
      to: alertRecipientFor(sonarAlerts.notificationEmail),
    })
    .from(sonarAlerts)
    .innerJoin(users, eq(users.id, sonarAlerts.userId))
    .where(and(eq(sonarAlerts.id, run.alertId), eq(sonarAlerts.userId, run.userId)));
  if (!alert) throw new AlertSkip('the alert no longer exists');
  if (!alert.active) throw new AlertSkip('the alert is inactive');
  const companyName = alert.companyName.trim();
  if (!companyName) throw new AlertSkip('the alert has no company name');

  const now = deps.now();
  const since = await lastScan(deps.db, run.alertId, run.id, now);
  const days = Math.max(1, Math.ceil((now.getTime() - since.getTime()) / DAY_MS));
  let found: SourceDocument[];
  try {
    const query = newsQuery(companyName, alert.keywords);
    found = (await deps.sources.news.search({ query, days, limit: ARTICLES_SEARCHED, readBudgetMs: ALERT_READ_BUDGET_MS }, signal))
      .documents;
  } catch (err) {
    if (err instanceof SourceError) throw new Error(`news search failed: ${err.message}`);
    throw err;
  }
  const seen = await loadSentArticles(deps.db, run.userId, now);
  const fresh = seen.keepNew(found.filter((doc) => doc.publishedAt && Date.parse(doc.publishedAt) > since.getTime()));
  const searched = { since: since.toISOString(), found: found.length, fresh: fresh.length };

  if (fresh.length === 0) {
    return {
      async commit(tx) {
        await tx.insert(sonarResults).values({
          userId: run.userId,
          alertId: run.alertId,
          companyName,
          hasNews: false,
          sent: false,
          perplexityResponse: { hasNews: false, analysis: null, searched },
        });
        return { mail: null, outcome: `no new articles since ${since.toISOString()} (${found.length} found, all seen or older)` };
      },
    };
  }

  const render = (headline: string, analysis: string, items: EmailArticle[]) =>
    renderNewsAlertEmail({
      companyName,
      keywords: alert.keywords,
      headline,
      analysis,
      articles: items,
      links: {
        viewInApp: deps.links.app(`/aurora-os/company-news?company=${encodeURIComponent(companyName)}`),
        manage: deps.links.app('/sonar-os/news'),
        unsubscribe: deps.links.unsubscribe('news', run.alertId).page,
      },
    });

  /** The run's result row and e-mail, with what another run mailed this user meanwhile left out. */
  const mailing = async (analysis: { headline: string; summary: string; items: EmailArticle[] }, stored: Record<string, unknown>) => {
    const email = await render(analysis.headline, analysis.summary, analysis.items);
    return {
      async commit(tx: DbExecutor) {
        const articles = analysis.items;
        const unsent = await claimUnsentArticles(tx, run.userId, articles, now);
        const result = { userId: run.userId, alertId: run.alertId, companyName, hasNews: true };
        if (unsent.length === 0) {
          await tx.insert(sonarResults).values({ ...result, sent: false, perplexityResponse: { ...stored, alreadySent: true } });
          return {
            mail: null,
            outcome: `no e-mail: its ${plural(articles.length, 'article')} reached this user in another run's e-mail meanwhile`,
          };
        }
        const dropped = articles.length - unsent.length;
        await tx.insert(sonarResults).values({
          ...result,
          sent: true,
          perplexityResponse: dropped ? { ...stored, analysis: { ...analysis, items: unsent } } : stored,
        });
        return {
          mail: {
            to: alert.to,
            ...(dropped ? await render(analysis.headline, analysis.summary, unsent) : email),
            kind: 'news-alert',
            unsubscribe: { kind: 'news' as const, alertId: run.alertId },
          },
          outcome:
            `${plural(unsent.length, 'new article')} of ${fresh.length}${stored.analysed === false ? ' (not analysed: no AI provider configured)' : ''}; e-mail queued` +
            (dropped ? ` (${dropped} dropped: in another run's e-mail meanwhile)` : ''),
        };
      },
    };
  };

  if (!deps.ai.configured) {
    const items = fresh.slice(0, DIGEST_MAX_ARTICLES).map(digestArticle);
    const analysis = { headline: plural(items.length, 'new article'), summary: NOT_ANALYSED, items };
    return mailing(analysis, { hasNews: true, analysed: false, analysis, searched });
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

  // Only articles this run retrieved reach the mail; title and publisher come from the article.
  const grounding = new Grounding(fresh, citations);
  const byUrl = new Map(fresh.map((doc) => [grounding.source(doc.url)?.url ?? doc.url, doc]));
  const articles: EmailArticle[] = [];
  for (const item of output.items) {
    const source = grounding.source(item.url);
    const doc = source ? byUrl.get(source.url) : undefined;
    if (!doc || articles.some((a) => a.url === doc.url)) continue;
    articles.push({ ...digestArticle(doc), summary: mailText(item.why) || null });
  }
  const hasNews = output.hasNews && articles.length > 0 && output.headline.trim() !== '';
  const analysis = { headline: mailText(output.headline), summary: mailText(output.analysis), items: articles };
  const stored = { hasNews, analysis: hasNews ? analysis : null, model, searched };

  if (!hasNews) {
    return {
      async commit(tx) {
        await tx
          .insert(sonarResults)
          .values({ userId: run.userId, alertId: run.alertId, companyName, hasNews: false, sent: false, perplexityResponse: stored });
        return { mail: null, outcome: `no news in ${fresh.length} new articles` };
      },
    };
  }
  return mailing(analysis, stored);
};

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** Where this alert's previous successful scan ended; the first scan looks FIRST_SCAN_DAYS back. */
async function lastScan(db: Database, alertId: string, runId: string, now: Date): Promise<Date> {
  const { rows } = await db.execute<{ at: Date | string | null }>(sql`
    select max(started_at) as at from alert_runs
     where alert_id = ${alertId} and kind = 'news' and status = 'succeeded' and id <> ${runId}`);
  const at = rows[0]?.at ? new Date(rows[0].at) : null;
  const earliest = new Date(now.getTime() - MAX_SCAN_DAYS * DAY_MS);
  if (!at) return new Date(now.getTime() - FIRST_SCAN_DAYS * DAY_MS);
  return at < earliest ? earliest : at;
}
