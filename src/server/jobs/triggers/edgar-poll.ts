// The EDGAR poller (issue 31): EDGAR's own "latest filings" feeds, read about once a minute by one
// worker at a time (a lease in source_polls), rather than every watched company's filings one by
// one — five feeds cost five requests a poll however many companies are watched, far within EDGAR's
// fair-access limit of 10 a second. Every entry goes into the sec_filings ledger once; a new one
// that is a trigger event (classify.ts) for a company someone watches becomes a trigger_events row
// and one 'trigger' run per user who wants its kind, with the runs' jobs, in one transaction: the
// run engine then writes each user's message and sends it once (engine.ts).
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { TriggerKind } from '../../../shared/triggers.ts';
import type { Database } from '../../db/client.ts';
import { log } from '../../lib/log.ts';
import { LATEST_FILING_FEEDS, type LatestFiling, type LatestFilingsSource } from '../../sources/sec/latest-filings.ts';
import { officerChanges } from '../../sources/sec/officers.ts';
import { SEC_PUBLISHER, type SecSource } from '../../sources/sec/sec.ts';
import { capText } from '../../sources/web/text.ts';
import { eventSummary, eventTitle, type FilingFacts, triggerKindsOf } from './classify.ts';
import { tellEvent } from './events.ts';
import { companyKeyOf, loadWatchers, watchersByCompany } from './watch.ts';

/** Entries EDGAR gives per page (its maximum). */
const PAGE_SIZE = 100;
/** Pages read per feed and poll at most: a burst of 500 filings of one form within a poll is far beyond EDGAR's busiest minutes. */
const MAX_PAGES = 5;
/** A filing older than this when first seen (a worker down for days, a first start) is kept in the ledger but told to nobody. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The text a trigger's "why it matters" is checked against. */
const SOURCE_TEXT_MAX = 20_000;
const LEASE = 'edgar';

export type EdgarPollDeps = {
  db: Database;
  pool: pg.Pool;
  sources: { latestFilings: LatestFilingsSource; sec: SecSource };
  /** Queues the runs' jobs through the transaction's client (worker.ts queueRuns). */
  queue: (client: pg.PoolClient, runIds: string[]) => Promise<void>;
  now: () => Date;
};

export type PollResult = { read: number; fresh: number; events: number; runs: number };

/**
 * Reads every feed down to the entries already in the ledger; returns the new ones. A `baseline`
 * read (no poll ever read the feeds) keeps one page of each feed and returns none: what was filed
 * before anyone listened is not news "as it happens".
 */
async function readFeeds(deps: EdgarPollDeps, baseline: boolean, signal?: AbortSignal): Promise<{ read: number; fresh: LatestFiling[] }> {
  let read = 0;
  const fresh: LatestFiling[] = [];
  for (const feed of LATEST_FILING_FEEDS) {
    for (let page = 0; page < (baseline ? 1 : MAX_PAGES); page++) {
      const entries = await deps.sources.latestFilings.page(feed, page * PAGE_SIZE, signal);
      read += entries.length;
      if (entries.length === 0) break;
      const inserted = await insertEntries(deps.db, entries);
      fresh.push(...entries.filter((entry) => inserted.has(`${entry.accession}|${entry.cik}`)));
      // Older entries than these were read by an earlier poll.
      if (inserted.size < entries.length || entries.length < PAGE_SIZE) break;
    }
  }
  return { read, fresh };
}

async function insertEntries(db: Database, entries: LatestFiling[]): Promise<Set<string>> {
  const column = <K extends keyof LatestFiling>(key: K) => sql.param(entries.map((e) => e[key]));
  const { rows } = await db.execute<{ accession: string; cik: string }>(sql`
    insert into sec_filings (accession, cik, role, form, company, items, accepted_at, index_url)
    select accession, cik, role, form, company, string_to_array(items, ','), accepted_at, index_url
      from unnest(${column('accession')}::text[], ${column('cik')}::text[], ${column('role')}::text[], ${column('form')}::text[],
                  ${column('company')}::text[], ${sql.param(entries.map((e) => e.items.join(',')))}::text[],
                  ${column('acceptedAt')}::timestamptz[], ${column('indexUrl')}::text[])
           as e(accession, cik, role, form, company, items, accepted_at, index_url)
    on conflict (accession, cik) do nothing
    returning accession, cik`);
  return new Set(rows.map((r) => `${r.accession}|${r.cik}`));
}

/** Who filed a Schedule 13D: the entry of the same accession in the role 'Filed by'. */
async function filedBy(db: Database, accession: string): Promise<string | null> {
  const { rows } = await db.execute<{ company: string }>(sql`
    select company from sec_filings where accession = ${accession} and role = 'Filed by' limit 1`);
  return rows[0]?.company ?? null;
}

/** What the filing states beyond the feed: the officers an 8-K names, a Form D's amounts; and its text. */
async function factsOf(deps: EdgarPollDeps, filing: LatestFiling, kinds: TriggerKind[], signal?: AbortSignal) {
  const facts: FilingFacts = {};
  let text = '';
  let url = filing.indexUrl;
  let title = `${filing.form} filed by ${filing.company}`;
  if (kinds.includes('funding')) {
    facts.offering = await deps.sources.latestFilings.offering(filing, signal);
  } else {
    const doc = await deps.sources.latestFilings.mainDocument(filing, signal);
    if (doc) {
      text = doc.text;
      url = doc.url;
      title = doc.title || title;
      if (kinds.includes('leadership')) facts.officers = officerChanges(doc.text);
    }
  }
  if (kinds.includes('activist')) facts.filedBy = await filedBy(deps.db, filing.accession);
  return { facts, text, url, title };
}

/** One poll: the feeds read, the new filings kept, and a trigger for each watched company's event. */
export async function pollEdgar(deps: EdgarPollDeps, signal?: AbortSignal): Promise<PollResult> {
  const { rows } = await deps.db.execute<{ listening: boolean; baseline: boolean }>(sql`
    select exists (select 1 from trigger_subscriptions) as listening,
           not exists (select 1 from source_polls where name = ${LEASE} and polled_at is not null) as baseline`);
  // Nobody asked for trigger events: EDGAR is not asked either.
  if (!rows[0]?.listening) return { read: 0, fresh: 0, events: 0, runs: 0 };
  const baseline = rows[0].baseline;
  const read0 = await readFeeds(deps, baseline, signal);
  // The feeds were read (empty ones too): from now on a new entry is news.
  await deps.db.execute(sql`
    insert into source_polls (name, polled_at) values (${LEASE}, now())
    on conflict (name) do update set polled_at = excluded.polled_at`);
  const { read } = read0;
  const fresh = baseline ? [] : read0.fresh;
  const now = deps.now().getTime();
  const candidates = fresh
    .map((filing) => ({ filing, kinds: triggerKindsOf(filing) }))
    .filter(({ filing, kinds }) => kinds.length > 0 && now - Date.parse(filing.acceptedAt) <= MAX_AGE_MS);
  const result: PollResult = { read, fresh: fresh.length, events: 0, runs: 0 };
  if (candidates.length === 0) return result;
  const { byCompany } = await watchersByCompany(deps.db, deps.sources.sec, await loadWatchers(deps.db), signal);
  for (const { filing, kinds } of candidates) {
    const watchers = byCompany.get(companyKeyOf(filing.cik, filing.company));
    if (!watchers) continue;
    // A user is told once, whichever of their alerts watch the company, if one of them wants a kind it is.
    const users = [...new Set(watchers.filter((w) => w.kinds.some((k) => kinds.includes(k))).map((w) => w.userId))];
    if (users.length === 0) continue;
    const { facts, text, url, title } = await factsOf(deps, filing, kinds, signal);
    const summary = eventSummary(filing.company, kinds, facts);
    const told = await tellEvent(deps.pool, deps.queue, {
      eventKey: `sec:${filing.accession}`,
      companyKey: companyKeyOf(filing.cik, filing.company),
      cik: filing.cik,
      companyName: filing.company,
      kinds,
      title: eventTitle(filing.company, kinds),
      summary,
      source: { url, title, publisher: SEC_PUBLISHER, text: capText(`${summary}\n\n${text}`, SOURCE_TEXT_MAX) },
      publishedAt: filing.acceptedAt,
      users,
    });
    if (told.merged) continue;
    result.events += 1;
    result.runs += told.runs;
    log.info('trigger event found', { accession: filing.accession, cik: filing.cik, kinds: kinds.join(','), users: told.runs });
  }
  return result;
}
