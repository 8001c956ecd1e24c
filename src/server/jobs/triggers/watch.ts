// Who watches which company for trigger events (issue 31): every alert that opted in ("Also tell me
// as it happens") with the companies it names — a news alert's company, the newsletter's portfolio,
// an earnings alert's ticker or company — and each name resolved to EDGAR's CIK through the ticker
// list the product already reads (sec.ts findCompany's rules: ticker first, then the name). A
// resolution is kept in company_ciks, so a name is looked up once (a miss again after a day).
import { sql } from 'drizzle-orm';
import type { AlertType } from '../../../shared/channels.ts';
import type { TriggerKind } from '../../../shared/triggers.ts';
import type { Database } from '../../db/client.ts';
import { normaliseTicker, padCik, type SecSource, type TickerRow } from '../../sources/sec/sec.ts';
import { normaliseCompanyName } from '../../sources/web/company-name.ts';

export type Watcher = {
  userId: string;
  alertType: AlertType;
  alertId: string;
  kinds: TriggerKind[];
  name: string;
  /** Where the alert's e-mails go: its own address, else the user's alerts address, else the account's. */
  recipient: string;
};

/** How a watched name is kept in company_ciks: as the user wrote it, in one case and spacing. */
export const watchKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The active, opted-in alerts of users who are not suspended, one row per company each names. */
export async function loadWatchers(db: Pick<Database, 'execute'>, only?: { userId: string }): Promise<Watcher[]> {
  const { rows } = await db.execute<{
    user_id: string;
    alert_type: AlertType;
    alert_id: string;
    kinds: TriggerKind[];
    name: string;
    recipient: string;
  }>(sql`
    select s.user_id, s.alert_type, s.alert_id::text, s.kinds, n.name,
           coalesce(nullif(btrim(n.email), ''), nullif(u.alerts_email, ''), u.email) as recipient
      from trigger_subscriptions s
      join users u on u.id = s.user_id and u.suspended_at is null
      cross join lateral (
        select a.company_name as name, a.notification_email as email from sonar_alerts a
         where s.alert_type = 'news' and a.id = s.alert_id and a.active
        union all
        select p->>'company_name', a.notification_email from newsletter_alerts a, jsonb_array_elements(a.portfolio) p
         where s.alert_type = 'newsletter' and a.id = s.alert_id and a.active
        union all
        select coalesce(nullif(btrim(r.ticker), ''), a.company_name), a.notification_email from earnings_tracking a
          left join earnings_tracking_results r on r.tracking_id = a.id
         where s.alert_type = 'earnings' and a.id = s.alert_id and a.active
      ) n
     where n.name is not null and btrim(n.name) <> ''
       ${only ? sql`and s.user_id = ${only.userId}` : sql``}`);
  return rows.map((r) => ({
    userId: r.user_id,
    alertType: r.alert_type,
    alertId: r.alert_id,
    kinds: r.kinds,
    name: r.name,
    recipient: r.recipient,
  }));
}

type TickerIndex = { byTicker: Map<string, TickerRow>; byName: Map<string, TickerRow> };
const indexes = new WeakMap<TickerRow[], TickerIndex>();

/** findCompany's rules over maps: built once per ticker list (about 10,000 rows), not once per name. */
function indexOf(rows: TickerRow[]): TickerIndex {
  let index = indexes.get(rows);
  if (!index) {
    index = { byTicker: new Map(), byName: new Map() };
    for (const row of rows) {
      const ticker = normaliseTicker(row.ticker);
      if (!index.byTicker.has(ticker)) index.byTicker.set(ticker, row);
      const name = normaliseCompanyName(row.title);
      // EDGAR lists the largest companies first: the first of a shared name is the likely one.
      if (name && !index.byName.has(name)) index.byName.set(name, row);
    }
    indexes.set(rows, index);
  }
  return index;
}

function resolve(index: TickerIndex, name: string): TickerRow | null {
  return index.byTicker.get(normaliseTicker(name)) ?? index.byName.get(normaliseCompanyName(name)) ?? null;
}

/** Each watched name's CIK (null: EDGAR does not know it), resolving the names not yet kept. */
export async function watchedCiks(db: Pick<Database, 'execute'>, sec: SecSource, names: string[], signal?: AbortSignal) {
  const byKey = new Map(names.map((name) => [watchKey(name), name]));
  const keys = [...byKey.keys()];
  const ciks = new Map<string, string | null>();
  if (keys.length === 0) return ciks;
  const { rows } = await db.execute<{ name_key: string; cik: string | null; stale: boolean }>(sql`
    select name_key, cik, (cik is null and resolved_at < now() - interval '1 day') as stale
      from company_ciks where name_key = any(${sql.param(keys)}::text[])`);
  for (const row of rows) if (!row.stale) ciks.set(row.name_key, row.cik);
  const missing = keys.filter((key) => !ciks.has(key));
  if (missing.length === 0) return ciks;
  const index = indexOf(await sec.companies(signal));
  const resolved = missing.map((key) => {
    const row = resolve(index, byKey.get(key)!);
    ciks.set(key, row ? padCik(row.cik_str) : null);
    return { key, cik: row ? padCik(row.cik_str) : null, ticker: row?.ticker ?? null, title: row?.title ?? null };
  });
  await db.execute(sql`
    insert into company_ciks (name_key, cik, ticker, edgar_name, resolved_at)
    select *, now() from unnest(${sql.param(resolved.map((r) => r.key))}::text[], ${sql.param(resolved.map((r) => r.cik))}::text[],
                                ${sql.param(resolved.map((r) => r.ticker))}::text[], ${sql.param(resolved.map((r) => r.title))}::text[])
    on conflict (name_key) do update set cik = excluded.cik, ticker = excluded.ticker, edgar_name = excluded.edgar_name,
                                         resolved_at = excluded.resolved_at`);
  return ciks;
}

/** Who an event is about: EDGAR's company when the name resolved, else the name as watched. */
export const companyKeyOf = (cik: string | null | undefined, name: string) => (cik ? `cik:${cik}` : `name:${watchKey(name)}`);

/** The watchers by the company key their name resolves to. */
export async function watchersByCompany(db: Pick<Database, 'execute'>, sec: SecSource, watchers: Watcher[], signal?: AbortSignal) {
  const ciks = await watchedCiks(
    db,
    sec,
    watchers.map((w) => w.name),
    signal,
  );
  const byCompany = new Map<string, Watcher[]>();
  for (const watcher of watchers) {
    const key = companyKeyOf(ciks.get(watchKey(watcher.name)), watcher.name);
    // Appended in place: copying the list per watcher made a company watched by thousands quadratic.
    const list = byCompany.get(key);
    if (list) list.push(watcher);
    else byCompany.set(key, [watcher]);
  }
  return { byCompany, ciks };
}
