// One thing that happened, told once (issue 31): a filing and five stories about the same new CFO
// are one event. An event found again — the same company, a kind in common, within MERGE_DAYS —
// takes the new document as one more source (trigger_events.merged) and tells nobody again;
// otherwise it is a new event with one 'trigger' run per user who wants it, and their jobs, in the
// same transaction (the run engine then sends each user's message once).
import type pg from 'pg';
import type { TriggerKind } from '../../../shared/triggers.ts';
import { inTransaction } from '../../db/transaction.ts';

/** How long after an event a document about the same company and kind is the same event. */
export const MERGE_DAYS = 3;

export type NewEvent = {
  eventKey: string;
  companyKey: string;
  cik: string | null;
  companyName: string;
  kinds: TriggerKind[];
  title: string;
  summary: string;
  source: { url: string; title: string; publisher: string; text: string; urlKey?: string; titleKey?: string };
  publishedAt: string | null;
  /** When it was found, if before now (an earnings check's move, told by the poller a little later). */
  foundAt?: string | null;
  /**
   * Whether another event of the company and kind within MERGE_DAYS is this one (a filing and its
   * stories). An earnings-date move is its own event, known by its key (company and new date): a
   * second move within days is news of its own.
   */
  mergeSameKind?: boolean;
  /** The users who want it (one run each). */
  users: string[];
};

export type Told = { eventId: string; merged: boolean; runs: number };

/**
 * Records `event` (or merges it into the same event found lately) and queues its runs through
 * `queue`, all in one transaction. The company's events are locked while this decides, so two
 * workers finding the same event at once make one.
 */
export async function tellEvent(
  pool: pg.Pool,
  queue: (client: pg.PoolClient, runIds: string[]) => Promise<void>,
  event: NewEvent,
): Promise<Told> {
  return inTransaction(pool, async (client) => {
    // One decision per company at a time (two pollers, a filing and a story at once).
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`trigger-event:${event.companyKey}`]);
    const again = await client.query<{ id: string }>('SELECT id FROM trigger_events WHERE event_key = $1', [event.eventKey]);
    if (again.rows[0]) return { eventId: again.rows[0].id, merged: true, runs: 0 };
    const same = await client.query<{ id: string }>(
      `SELECT id FROM trigger_events
        WHERE $4::boolean AND company_key = $1 AND kinds && $2::text[] AND found_at > now() - make_interval(days => $3)
        ORDER BY found_at LIMIT 1`,
      [event.companyKey, event.kinds, MERGE_DAYS, event.mergeSameKind !== false],
    );
    if (same.rows[0]) {
      await client.query(`UPDATE trigger_events SET merged = merged || $2::jsonb WHERE id = $1`, [
        same.rows[0].id,
        JSON.stringify([
          { url: event.source.url, title: event.source.title, publisher: event.source.publisher, publishedAt: event.publishedAt },
        ]),
      ]);
      return { eventId: same.rows[0].id, merged: true, runs: 0 };
    }
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO trigger_events (event_key, company_key, cik, company_name, kinds, title, summary, source, published_at, found_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, now())) RETURNING id`,
      [
        event.eventKey,
        event.companyKey,
        event.cik,
        event.companyName,
        event.kinds,
        event.title,
        event.summary,
        JSON.stringify(event.source),
        event.publishedAt,
        event.foundAt ?? null,
      ],
    );
    const eventId = inserted.rows[0]!.id;
    const runs = await client.query<{ id: string }>(
      `INSERT INTO alert_runs (kind, alert_id, user_id, slot)
       SELECT 'trigger', $1, u, u FROM unnest($2::text[]) AS u
       ON CONFLICT (kind, alert_id, slot) DO NOTHING
       RETURNING id`,
      [eventId, event.users],
    );
    const ids = runs.rows.map((r) => r.id);
    await queue(client, ids);
    return { eventId, merged: false, runs: ids.length };
  });
}
