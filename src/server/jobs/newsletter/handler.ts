// The newsletter run (issue 5 "Newsletter"): one digest of the user's portfolio companies and
// industry since the last one. News is searched per company (with its keywords) and per trend
// topic (or once for the industry, when the AI is to identify the trends); what the user already
// received is dropped; one AI call groups and explains what is left, grounded in those articles,
// each sentence that states a fact checked against the articles it cites (issue 27 §4).
// Without an AI provider the new articles go out as they are, labelled as not analysed (digest.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { StatementCount } from '../../../shared/library.ts';
import { type Frequency, frequencyLabels, PORTFOLIO_LIMIT, type TrendTopic, trendTopicLabels } from '../../../shared/newsletter.ts';
import { ALERT_TIME_ZONE, REGIONS, type Region, regionLabels } from '../../../shared/sonar.ts';
import { Grounding, mailText } from '../../ai/grounding.ts';
import { numberedDocuments, type StatementDocument } from '../../ai/statements.ts';
import { alertRecipientFor } from '../../db/alert-recipient.ts';
import type { Database } from '../../db/client.ts';
import { newsletterAlerts, newsletterResults, users } from '../../db/schema.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import { articlesReceipt, renderNewsletterEmail } from '../../mail/alert-emails/index.ts';
import type { EmailArticle, NewsletterSection } from '../../mail/alert-emails/types.ts';
import type { News, NewsTerms } from '../../sources/news/index.ts';
import { pageKey } from '../../sources/web/site.ts';
import { capText, htmlToLine } from '../../sources/web/text.ts';
import { type SourceDocument, SourceError } from '../../sources/web/types.ts';
import { digestArticle, NOT_ANALYSED } from '../articles/digest.ts';
import { ALERT_READ_BUDGET_MS } from '../articles/scan.ts';
import { claimUnsentArticles, loadSentArticles, type SeenArticles } from '../articles/seen-articles.ts';
import { addCounts, checkText, droppedOnly, NO_STATEMENTS, withoutMarkers } from '../runs/statements.ts';
import { type AlertHandler, type AlertMail, type AlertRun, AlertSkip } from '../runs/types.ts';
import { newsletterEntry } from './library-entry.ts';
import {
  type NewsletterOutput,
  newsletterMaxOutputTokens,
  newsletterOutput,
  newsletterPrompt,
  newsletterSystem,
  type PromptSection,
} from './prompts.ts';

const DAY_MS = 86_400_000;
const FREQUENCY_DAYS: Record<Frequency, number> = { '7d': 7, '14d': 14, '30d': 30 };
/** However long since the last digest, one covers at most this many days. */
const MAX_PERIOD_DAYS = 30;
const COMPANY_SEARCH_LIMIT = 5;
const TOPIC_SEARCH_LIMIT = 5;
/** One broad industry search when no topics are chosen: the AI finds the trends in it. */
const TRENDS_SEARCH_LIMIT = 15;
const TREND_TITLE_MAX = 80;

type NewsletterRow = {
  id: string;
  active: boolean;
  industry: string[];
  regions: string[];
  industryCategories: string[];
  portfolio: { company_name: string; keywords: string[] }[];
  frequency: Frequency;
  lastChecked: Date | null;
  recipient: string;
};

export type Period = { start: Date; end: Date; days: number; label: string };

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: ALERT_TIME_ZONE });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: ALERT_TIME_ZONE });
const yearFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: ALERT_TIME_ZONE });
const yearOf = (date: Date) => yearFormat.format(date);
/** e.g. 2026-11-16, in the alerts' time zone. */
const isoDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ALERT_TIME_ZONE });
const isoDay = (date: Date) => isoDayFormat.format(date);

/** Since the last digest, else one frequency back; never more than 30 days. */
export function newsletterPeriod(frequency: Frequency, lastChecked: Date | null, now: Date): Period {
  const earliest = now.getTime() - MAX_PERIOD_DAYS * DAY_MS;
  const fallback = now.getTime() - FREQUENCY_DAYS[frequency] * DAY_MS;
  const since = lastChecked && lastChecked.getTime() < now.getTime() ? lastChecked.getTime() : fallback;
  const start = new Date(Math.max(since, earliest));
  const range =
    yearOf(start) === yearOf(now)
      ? `${shortDate.format(start)} – ${longDate.format(now)}`
      : `${longDate.format(start)} – ${longDate.format(now)}`;
  return {
    start,
    end: now,
    days: Math.max(1, Math.ceil((now.getTime() - start.getTime()) / DAY_MS)),
    label: `${frequencyLabels[frequency]} · ${range}`,
  };
}

export type Search = { section: PromptSection; terms: NewsTerms; limit: number };

/** Company searches first (portfolio order, at most 25), then one per trend topic, or one for the industry's trends. */
export function newsletterSearches(industry: string, portfolio: NewsletterRow['portfolio'], topics: string[]): Search[] {
  const industryTerm = industry.replace(/"/g, ' ').replace(/\s+/g, ' ').trim();
  const companies = portfolio
    .filter((c) => c.company_name.trim())
    .slice(0, PORTFOLIO_LIMIT)
    .map(
      (c): Search => ({
        section: {
          kind: 'company',
          title: c.company_name.trim(),
          keywords: c.keywords.map((k) => k.trim()).filter(Boolean),
          documents: [],
        },
        // The company as a phrase, and any one of its keywords.
        terms: { phrases: [c.company_name], anyOf: c.keywords },
        limit: COMPANY_SEARCH_LIMIT,
      }),
    );
  const known = topics.filter((t): t is TrendTopic => t in trendTopicLabels);
  const topicSearches = known.length
    ? known.map(
        (topic): Search => ({
          section: { kind: 'topic', title: trendTopicLabels[topic], keywords: [], documents: [] },
          terms: { words: [industryTerm, trendTopicLabels[topic]] },
          limit: TOPIC_SEARCH_LIMIT,
        }),
      )
    : [
        {
          section: { kind: 'trends', title: `${industryTerm} trends`, keywords: [], documents: [] },
          terms: { words: [industryTerm, 'trends'] },
          limit: TRENDS_SEARCH_LIMIT,
        } satisfies Search,
      ];
  return [...companies, ...topicSearches];
}

/** The first chosen region; 'global' (or anything unknown) searches without a region (the USA edition). */
export function searchRegion(regions: string[]): Region | undefined {
  const first = regions[0];
  return first && first !== 'global' && (REGIONS as readonly string[]).includes(first) ? (first as Region) : undefined;
}

type Retrieval = { searches: Search[]; failures: string[]; articles: number };

/**
 * Runs the searches one after another (the news source paces requests per host anyway) and files
 * each new article under its search's section. A failing search is noted; all failing is an error.
 */
async function retrieve(
  news: News,
  searches: Search[],
  period: Period,
  region: Region | undefined,
  seen: SeenArticles,
  signal: AbortSignal,
): Promise<Retrieval> {
  const failures: string[] = [];
  let articles = 0;
  let lastError = '';
  for (const search of searches) {
    signal.throwIfAborted();
    let documents: SourceDocument[];
    try {
      const query = { terms: search.terms, days: period.days, region, limit: search.limit, readBudgetMs: ALERT_READ_BUDGET_MS };
      documents = (await news.search(query, signal)).documents;
    } catch (err) {
      if (!(err instanceof SourceError) || signal.aborted) throw err;
      failures.push(search.section.title);
      lastError = err.message;
      continue;
    }
    for (const doc of documents) {
      const at = doc.publishedAt ? Date.parse(doc.publishedAt) : Number.NaN;
      // An untitled article can be neither shown nor recognised later; one from before the period was in an earlier digest.
      if (!doc.title || !(at > period.start.getTime()) || seen.has(doc.url, doc.title)) continue;
      seen.add(doc.url, doc.title);
      search.section.documents.push(doc);
      articles += 1;
    }
  }
  if (searches.length > 0 && failures.length === searches.length) {
    throw new Error(`All ${searches.length} news searches failed (last: ${lastError})`);
  }
  return { searches, failures, articles };
}

/** Model text as one plain line: no tag nor web address the model may have copied from a document survives. */
const plain = (text: string) => mailText(htmlToLine(text));

/** The model's sections, grounded: items only from that section's own documents, each article once, empty sections dropped. */
export function groundDigest(sections: PromptSection[], output: NewsletterOutput): NewsletterSection[] {
  const used = new Set<string>();
  const itemsOf = (documents: PromptSection['documents'], items: NewsletterOutput['sections'][number]['items']) => {
    const grounding = new Grounding(documents);
    const kept: EmailArticle[] = [];
    for (const item of items) {
      const source = grounding.source(item.url);
      const key = source && pageKey(source.url);
      if (!source?.title || !key || used.has(key)) continue;
      used.add(key);
      kept.push({
        title: source.title,
        url: source.url,
        publisher: source.publisher,
        publishedAt: source.publishedAt,
        summary: plain(item.whyItMatters) || null,
        ...(source.headlineOnly ? { headlineOnly: true } : {}),
        ...(source.googleLink ? { googleLink: true } : {}),
      });
    }
    return kept;
  };

  const digest: NewsletterSection[] = [];
  let number = 0;
  for (const section of sections) {
    if (section.kind === 'trends') {
      for (const trend of output.trends) {
        const items = itemsOf(section.documents, trend.items);
        const title = capText(plain(trend.title), TREND_TITLE_MAX);
        if (items.length && title) digest.push({ kind: 'topic', title, summary: plain(trend.summary), items });
      }
      continue;
    }
    number += 1;
    const answer = output.sections.find((s) => s.section === number);
    if (!answer || section.documents.length === 0) continue;
    const items = itemsOf(section.documents, answer.items);
    if (items.length) digest.push({ kind: section.kind, title: section.title, summary: plain(answer.summary), items });
  }
  return digest;
}

export type CheckedDigest = {
  sections: NewsletterSection[];
  /** What was said in sections left out because none of their articles' sentences held: dropped, counted. */
  removed: StatementCount;
};

/**
 * Each sentence of the grounded digest checked against the documents it cites, numbered as the
 * prompt numbered them (issue 27 §4): failing sentences are dropped, an article whose "why" fails
 * altogether goes, and a section left without articles goes. Each section and article keeps its
 * count, so that a mail left with fewer articles counts only what it carries.
 */
export function checkDigest(sections: PromptSection[], digest: NewsletterSection[]): CheckedDigest {
  const all = sections.flatMap((s) => s.documents);
  const documents: StatementDocument[] = numberedDocuments(all);
  const numberOf = new Map<string, number>();
  all.forEach((doc, i) => {
    const key = pageKey(doc.url) ?? doc.url;
    if (!numberOf.has(key)) numberOf.set(key, i + 1);
  });
  let removed = NO_STATEMENTS;
  const kept: NewsletterSection[] = [];
  for (const section of digest) {
    const summary = checkText(documents, section.summary);
    let dropped = NO_STATEMENTS;
    const items: EmailArticle[] = [];
    for (const item of section.items) {
      // What an article is said to report is checked against that article, with or without its [n].
      const own = numberOf.get(pageKey(item.url) ?? item.url);
      const why = checkText(documents, item.summary ?? '', own ? [own] : []);
      if (why.unsupported) dropped = addCounts(dropped, droppedOnly(why.count));
      else items.push({ ...item, summary: why.text || null, statements: why.count });
    }
    const statements = addCounts(summary.count, dropped);
    if (items.length === 0) removed = addCounts(removed, droppedOnly(statements));
    // A trend's title is the model's name for it, not a statement: only its markers go.
    else kept.push({ ...section, title: withoutMarkers(section.title), summary: summary.text, items, statements });
  }
  return { sections: kept, removed };
}

/** What the e-mail's "N of M statements sourced" counts: the sections it carries, and what was left out for failing. */
export const digestStatements = (sections: NewsletterSection[], removed: StatementCount): StatementCount =>
  addCounts(removed, ...sections.flatMap((s) => [s.statements, ...s.items.map((i) => i.statements)]));

async function loadNewsletter(db: Database, run: AlertRun): Promise<NewsletterRow> {
  const [row] = await db
    .select({
      id: newsletterAlerts.id,
      active: newsletterAlerts.active,
      industry: newsletterAlerts.industry,
      regions: newsletterAlerts.regions,
      industryCategories: newsletterAlerts.industryCategories,
      portfolio: newsletterAlerts.portfolio,
      frequency: sql<Frequency>`${newsletterAlerts.deliverySchedule}->>'frequency'`,
      lastChecked: newsletterAlerts.lastChecked,
      // Spec 02 §3 and ADR 009: the newsletter's own address, else the user's alerts address, else the account's.
      recipient: alertRecipientFor(newsletterAlerts.notificationEmail),
    })
    .from(newsletterAlerts)
    .innerJoin(users, eq(users.id, newsletterAlerts.userId))
    .where(and(eq(newsletterAlerts.id, run.alertId), eq(newsletterAlerts.userId, run.userId)));
  if (!row) throw new AlertSkip('the newsletter no longer exists');
  if (!row.active) throw new AlertSkip('the newsletter is inactive');
  if (!row.industry[0]?.trim()) throw new AlertSkip('the newsletter has no industry');
  if (!row.portfolio.some((c) => c.company_name.trim())) throw new AlertSkip('the newsletter has no company in its portfolio');
  return { ...row, frequency: row.frequency in FREQUENCY_DAYS ? row.frequency : '7d' };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A digest's e-mail and the library item that keeps it. */
type Delivery = { mail: AlertMail; item: LibraryEntry };

function gapsNote(retrieval: Retrieval) {
  if (retrieval.failures.length === 0) return '';
  return `; ${retrieval.failures.length} of ${plural(retrieval.searches.length, 'search', 'searches')} failed (${retrieval.failures.join(', ')})`;
}

export const newsletterHandler = (async (run, deps, signal) => {
  const now = deps.now();
  const newsletter = await loadNewsletter(deps.db, run);

  const industry = newsletter.industry[0]!.trim();
  const period = newsletterPeriod(newsletter.frequency, newsletter.lastChecked, now);
  const seen = await loadSentArticles(deps.db, run.userId, now);
  const searches = newsletterSearches(industry, newsletter.portfolio, newsletter.industryCategories);
  const retrieval = await retrieve(deps.sources.news, searches, period, searchRegion(newsletter.regions), seen, signal);
  const sections = retrieval.searches.map((s) => s.section);

  /**
   * `render` writes the e-mail and its library item for the sections it is given: all of them, or
   * those left when another run mailed some articles meanwhile.
   */
  const finish = (
    digest: NewsletterSection[] | null,
    email: { delivery: Delivery; render: (sections: NewsletterSection[]) => Promise<Delivery> } | null,
    outcome: string,
  ) => ({
    // The searches began at the period's end, where the next digest starts: the run's scanned_at,
    // and the "found" of the mail's freshness receipt (the dashboard's found → delivered reads it).
    scannedAt: period.end,
    async commit(tx: Database) {
      let delivery: Delivery | null = null;
      let note = outcome;
      if (email && digest) {
        const items = digest.flatMap((section) => section.items);
        const unsent = new Set(await claimUnsentArticles(tx, run.userId, items, now));
        const left = digest
          .map((section) => ({ ...section, items: section.items.filter((item) => unsent.has(item)) }))
          .filter((s) => s.items.length > 0);
        if (left.length === 0)
          note = `no e-mail: its ${plural(items.length, 'article')} reached this user in another run's e-mail meanwhile`;
        else if (unsent.size < items.length) {
          delivery = await email.render(left);
          note += ` (${items.length - unsent.size} dropped: in another run's e-mail meanwhile)`;
        } else delivery = email.delivery;
      }
      await tx.insert(newsletterResults).values({ userId: run.userId, sent: delivery !== null, digest });
      // Plain SQL: drizzle's update would bump updated_at ($onUpdate), which the schedule reads as "the user saved".
      await tx.execute(
        sql`update newsletter_alerts set last_checked = ${period.end.toISOString()}::timestamptz where id = ${newsletter.id} and user_id = ${run.userId}`,
      );
      return delivery ? { ...delivery, outcome: note } : { mail: null, outcome: note };
    },
  });

  if (retrieval.articles === 0) return finish(null, null, `no new articles since ${isoDay(period.start)}${gapsNote(retrieval)}`);

  const regions = newsletter.regions.filter((r): r is Region => r in regionLabels).map((r) => regionLabels[r]);
  const render = async (sections: NewsletterSection[], note?: string, statements?: StatementCount): Promise<Delivery> => {
    // "Sent" is now: the mail is rendered right before the commit that queues it (once more inside
    // that commit when another run mailed some of its articles meanwhile).
    const receipt = articlesReceipt(
      sections.flatMap((section) => section.items),
      period.end.toISOString(),
      deps.now().toISOString(),
    );
    const mailed = { industry, periodLabel: period.label, regions, sections, note, receipt, ...(statements ? { statements } : {}) };
    const links = {
      // The run's id is its library item's (engine.ts), so the link is known before the commit.
      library: deps.links.libraryItem(run.id),
      viewInApp: deps.links.app('/homepage'),
      manage: deps.links.app('/sonar-os/newsletter'),
      unsubscribe: deps.links.unsubscribe('newsletter', newsletter.id).page,
    };
    return {
      mail: {
        to: newsletter.recipient,
        ...(await renderNewsletterEmail({ ...mailed, links })),
        kind: 'newsletter',
        unsubscribe: { kind: 'newsletter', alertId: newsletter.id },
      },
      item: newsletterEntry(mailed),
    };
  };
  const found = plural(retrieval.articles, 'new article');

  if (!deps.ai.configured) {
    const digest: NewsletterSection[] = sections
      .filter((section) => section.documents.length > 0)
      .map((section) => ({
        kind: section.kind === 'company' ? 'company' : 'topic',
        title: section.title,
        summary: '',
        items: section.documents.map(digestArticle),
      }));
    const renderDigest = (left: NewsletterSection[]) => render(left, NOT_ANALYSED);
    const items = digest.reduce((n, s) => n + s.items.length, 0);
    return finish(
      digest,
      { delivery: await renderDigest(digest), render: renderDigest },
      `${plural(items, 'article')} in ${plural(digest.length, 'section')} (not analysed: no AI provider configured); e-mail queued${gapsNote(retrieval)}`,
    );
  }

  const { output } = await deps.ai.run(
    run.userId,
    'newsletter',
    (ai) =>
      ai.generate({
        schema: newsletterOutput,
        system: newsletterSystem,
        prompt: newsletterPrompt({ industry, regions, periodLabel: period.label, sections }),
        signal,
        maxOutputTokens: newsletterMaxOutputTokens(sections),
      }),
    { background: true, signal },
  );

  const grounded = groundDigest(sections, output);
  if (grounded.length === 0) return finish(null, null, `${found}, but the AI's digest cited none of them; no e-mail${gapsNote(retrieval)}`);
  const { sections: digest, removed } = checkDigest(sections, grounded);
  if (digest.length === 0) {
    return finish(
      null,
      null,
      `${found}, but none of what the AI's digest said of them is supported by the articles it cites (${plural(removed.dropped, 'statement')} dropped); no e-mail${gapsNote(retrieval)}`,
    );
  }

  const renderChecked = (left: NewsletterSection[]) => render(left, undefined, digestStatements(left, removed));
  const delivery = await renderChecked(digest);
  const items = digest.reduce((n, s) => n + s.items.length, 0);
  return finish(
    digest,
    { delivery, render: renderChecked },
    `${plural(items, 'article')} in ${plural(digest.length, 'section')} of ${found}; e-mail queued${gapsNote(retrieval)}`,
  );
}) satisfies AlertHandler;
