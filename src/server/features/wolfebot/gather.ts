// What a Wolfebot answer is grounded on (issue 27 §3), gathered before the model is called, on
// every provider (no tool calling needed): the user's library and the articles behind it, fresh
// news when the question asks what is new about a company (without the stories the user was
// already sent), and what SEC EDGAR and the earnings calendars say when it asks about filings,
// figures or dates. Numbered for the model, which cites them as [n].
import { and, eq, sql } from 'drizzle-orm';
import { type LibraryKind, libraryKindLabels } from '../../../shared/library.ts';
import type { Database } from '../../db/client.ts';
import { wolfebotConversations } from '../../db/schema.ts';
import { loadSentArticles } from '../../jobs/articles/seen-articles.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { companyKey } from '../../library/keep.ts';
import { retrieveFromLibrary } from '../../library/retrieve.ts';
import type { News } from '../../sources/news/index.ts';
import type { EarningsCalendarSource } from '../../sources/sec/earnings-calendar.ts';
import { EIGHT_K_ITEMS } from '../../sources/sec/eight-k-items.ts';
import type { SecCompanySource } from '../../sources/sec/sec-company.ts';
import type { AnswerDocument } from './check.ts';
import { detectCompany, detectSince, includesSent, wantsFilings, wantsNews } from './parse.ts';

/** Where the documents come from. */
export type GroundingSources = {
  db: Database;
  news: News;
  secCompany: SecCompanySource;
  earningsCalendar: EarningsCalendarSource;
};

/** A question as retrieval sees it: who asked what, in which conversation, when. */
export type AskedQuestion = {
  deps: GroundingSources;
  userId: string;
  conversationId: string;
  question: string;
  now: Date;
};

/** Fresh news per question: a few stories, read within a few seconds. */
const NEWS_LIMIT = 8;
const NEWS_READ_BUDGET_MS = 8000;
const NEWS_DEFAULT_DAYS = 30;
const NEWS_MAX_DAYS = 90;
const NEWS_PASSAGE_CHARS = 1500;
/** The SEC and the earnings calendar get this long for one question; an answer goes on without them after it. */
const SEC_BUDGET_MS = 8000;
/** Filings listed per question (the latest 10-K and 10-Q and the 8-Ks of the last 12 months, newest first). */
const SEC_FILINGS_LISTED = 12;
const DAY_MS = 86_400_000;

/**
 * The companies this user follows anywhere: alerts, newsletter portfolios, earnings, reports, the
 * library's newest items (NULLS LAST as library_items_user_created_idx is declared: the index serves
 * the order, where the created_at index alone would walk every user's items).
 */
async function knownCompanies(db: Database, userId: string): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select company_name as name from sonar_alerts where user_id = ${userId} and company_name <> ''
    union select p->>'company_name' from newsletter_alerts n, jsonb_array_elements(n.portfolio) p where n.user_id = ${userId}
    union select company_name from earnings_tracking where user_id = ${userId}
    union select company_name from air_reports where user_id = ${userId} and company_name is not null
    union select unnest(companies) from (
      select companies from library_items where user_id = ${userId}
       order by created_at desc nulls last, id desc nulls last limit 500) recent`);
  return rows.map((r) => r.name).filter((name): name is string => Boolean(name?.trim()));
}

/** When the user last asked about `company` in Wolfebot, before this question. */
async function lastAskedAbout(asked: AskedQuestion, company: string): Promise<Date | null> {
  const { rows } = await asked.deps.db.execute<{ at: Date | string | null }>(sql`
    select max(created_at) as at from wolfebot_messages
     where user_id = ${asked.userId} and role = 'user' and created_at < ${asked.now.toISOString()}::timestamptz
       and strpos(lower(text), ${company.toLowerCase()}) > 0`);
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** The documents an answer may cite, numbered from 1: the library's items, their articles, then fresh news, then the SEC's. */
export async function gatherDocuments(asked: AskedQuestion): Promise<AnswerDocument[]> {
  const { deps, userId, question, now } = asked;
  const company = detectCompany(question, await knownCompanies(deps.db, userId));
  const sinceAsked = detectSince(question, now);
  let since: Date | null = sinceAsked?.kind === 'date' ? sinceAsked.date : null;
  if (sinceAsked?.kind === 'last_conversation' && company) since = await lastAskedAbout(asked, company);
  if (company) {
    await deps.db
      .update(wolfebotConversations)
      .set({ lastCompany: company })
      .where(and(eq(wolfebotConversations.id, asked.conversationId), eq(wolfebotConversations.userId, userId)));
  }

  const library = await retrieveFromLibrary(deps.db, userId, question, {
    ...(company ? { companyKey: companyKey(company) } : {}),
    ...(since ? { since } : {}),
  });
  const documents: AnswerDocument[] = [];
  const add = (doc: Omit<AnswerDocument, 'n'>) => documents.push({ ...doc, n: documents.length + 1 });
  for (const item of library.items) {
    add({
      title: item.title,
      url: `/library/${item.id}`,
      kind: 'library',
      libraryItemId: item.id,
      text: `${libraryKindLabels[item.kind as LibraryKind]} from ${item.createdAt.slice(0, 10)}. ${item.text}`,
    });
  }
  const urls = new Set<string>();
  for (const passage of library.passages) {
    urls.add(passage.url);
    add({
      title: passage.title ?? passage.url,
      url: passage.url,
      kind: 'article',
      libraryItemId: passage.itemId,
      text: [passage.publisher, passage.publishedAt?.slice(0, 10), passage.text].filter(Boolean).join(' · '),
      publishedAt: passage.publishedAt ?? null,
    });
  }

  if (company && wantsNews(question)) {
    for (const doc of await freshNews(asked, company, since)) {
      if (urls.has(doc.url)) continue;
      urls.add(doc.url);
      add({
        title: doc.title ?? doc.url,
        url: doc.url,
        kind: 'news',
        text: [doc.publisher, doc.publishedAt?.slice(0, 10), doc.text].filter(Boolean).join(' · '),
        publishedAt: doc.publishedAt,
      });
    }
  }
  if (company && wantsFilings(question)) {
    for (const doc of await filingsAndDates(asked, company)) add(doc);
  }
  return documents;
}

/**
 * What SEC EDGAR and the earnings calendars say about `company`: its latest reported figures, its
 * recent filings (8-K items named) and its next earnings date, as documents the answer may cite.
 * Bounded by SEC_BUDGET_MS; a company EDGAR does not know, or a source that fails, adds nothing.
 */
async function filingsAndDates(asked: AskedQuestion, company: string): Promise<Omit<AnswerDocument, 'n'>[]> {
  const { deps, now } = asked;
  const signal = AbortSignal.timeout(SEC_BUDGET_MS);
  const documents: Omit<AnswerDocument, 'n'>[] = [];
  try {
    const match = await deps.secCompany.resolve(company, null, signal);

    if (!match) return [];
    const [profile, figures, next] = await Promise.all([
      deps.secCompany.profile(match.cik, signal),
      deps.secCompany.figures(match.cik, signal).catch(() => []),
      deps.earningsCalendar.nextEarnings(match.ticker, now, signal).catch(() => null),
    ]);
    if (figures.length > 0) {
      documents.push({
        title: `${profile.name}: figures reported to the SEC`,
        url: profile.profileUrl,
        kind: 'sec',
        text: figures.map((f) => `${f.label}: ${figureValue(f.value, f.unit)} (${f.form} filed ${f.filed})`).join('\n'),
      });
    }
    if (profile.filings.length > 0) {
      documents.push({
        title: `${profile.name}: recent SEC filings`,
        url: profile.profileUrl,
        kind: 'sec',
        text: profile.filings
          .slice(0, SEC_FILINGS_LISTED)
          .map((f) => {
            const items = f.items.map((item) => `item ${item}${EIGHT_K_ITEMS[item] ? ` (${EIGHT_K_ITEMS[item]!.title})` : ''}`);
            return `${f.filingDate}: ${f.form}${items.length ? `, ${items.join(', ')}` : ''}${f.reportDate ? `, for the period ended ${f.reportDate}` : ''}`;
          })
          .join('\n'),
      });
    }
    if (next) {
      const day = next.date.slice(0, 10);
      const status = next.confidence >= 0.8 ? 'confirmed' : 'tentative';
      documents.push({
        title: `${profile.name} (${next.ticker}): next earnings date`,
        url: next.sourceUrl,
        kind: 'sec',
        text: `${profile.name} (${next.ticker}) is expected to report earnings on ${day} (${longDate(day)}), ${status}, according to ${next.provider}.`,
      });
    }
  } catch (err) {
    log.warn('wolfebot SEC lookup failed', { error: errorMessage(err) });
  }
  return documents;
}

/** A reported figure as written in filings and as people say it: "USD 391,035,000,000 ($391.04 billion)". */
function figureValue(value: number, unit: string) {
  const exact = `${unit} ${value.toLocaleString('en-US')}`;
  if (unit !== 'USD' || Math.abs(value) < 1e6) return exact;
  const [scale, word] = Math.abs(value) >= 1e9 ? [1e9, 'billion'] : [1e6, 'million'];
  return `${exact} ($${(value / scale).toFixed(2)} ${word})`;
}

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

/** News about `company` since `since` (the last 30 days without one), without what the user was already sent unless asked. */
async function freshNews(asked: AskedQuestion, company: string, since: Date | null) {
  const { deps, userId, question, now } = asked;
  const days = since ? Math.min(NEWS_MAX_DAYS, Math.max(1, Math.ceil((now.getTime() - since.getTime()) / DAY_MS))) : NEWS_DEFAULT_DAYS;
  try {
    const result = await deps.news.search({ terms: { phrases: [company] }, days, limit: NEWS_LIMIT, readBudgetMs: NEWS_READ_BUDGET_MS });
    let documents = result.documents.filter((d) => !since || !d.publishedAt || new Date(d.publishedAt) >= since);
    if (!includesSent(question)) documents = (await loadSentArticles(deps.db, userId, now)).keepNew(documents);
    return documents.map((d) => ({ ...d, text: d.text.slice(0, NEWS_PASSAGE_CHARS) }));
  } catch (err) {
    // The library still answers when the news cannot be reached.
    log.warn('wolfebot news search failed', { error: errorMessage(err) });
    return [];
  }
}
