// Retention (spec 01 §9: logs kept 90 days) and expired auth rows, once a day. Alert runs and the
// record of sent articles are kept as long: the engine reads back at most 30 days of runs, and
// compares new articles with the last 90 days of sent ones. The shared article store (publisher
// pages read, Google News links decoded) is kept 90 days too: no search looks further back.

import type pg from 'pg';
import type { PgBoss } from 'pg-boss';

const QUEUE = 'housekeeping';

export async function scheduleHousekeeping(boss: PgBoss, pool: pg.Pool) {
  await boss.createQueue(QUEUE);
  await boss.schedule(QUEUE, '17 3 * * *', null, { tz: 'America/New_York' });
  await boss.work(QUEUE, async () => {
    await pool.query(`DELETE FROM mail_outbox WHERE created_at < now() - interval '90 days' AND status <> 'pending'`);
    await pool.query(`DELETE FROM alert_runs WHERE created_at < now() - interval '90 days' AND status NOT IN ('queued', 'running')`);
    await pool.query(`DELETE FROM sent_articles WHERE sent_at < now() - interval '90 days'`);
    await pool.query(`DELETE FROM articles WHERE fetched_at < now() - interval '90 days'`);
    await pool.query(`DELETE FROM google_news_links WHERE checked_at < now() - interval '90 days'`);
    await pool.query(`DELETE FROM verifications WHERE expires_at < now() - interval '1 day'`);
    await pool.query(`DELETE FROM sessions WHERE expires_at < now()`);
    await pool.query(`DELETE FROM auth_attempts WHERE window_start < now() - interval '1 day'`);
  });
}
