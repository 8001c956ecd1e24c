// The database itself: the spec's tables and columns, the per-user limits it enforces whatever
// path writes, and the NOTIFY that drives live updates.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/server/db/migrate.ts';
import { type TestRuntime, uniqueEmail } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

async function newUser() {
  const id = randomUUID();
  await rt.pool.query('INSERT INTO users (id, email, name) VALUES ($1, $2, $3)', [id, uniqueEmail('schema'), 'Schema User']);
  return id;
}

const specColumns: Record<string, string[]> = {
  users: [
    'id',
    'first_name',
    'last_name',
    'email',
    'linkedin_profile_url',
    'phone',
    'job_title',
    'company_name',
    'solution_type',
    'solution_description',
    'target_industries',
    'primary_value_prop',
    'alerts_email',
    'profile_completed',
    'posthog_enabled',
  ],
  sonar_alerts: [
    'id',
    'user_id',
    'active',
    'company_name',
    'keywords',
    'delivery_days',
    'delivery_time',
    'notification_email',
    'search_id',
    'created_at',
    'updated_at',
  ],
  sonar_results: ['id', 'user_id', 'company_name', 'has_news', 'sent', 'processed_at', 'perplexity_response'],
  newsletter_alerts: [
    'id',
    'user_id',
    'active',
    'industry',
    'regions',
    'industry_categories',
    'portfolio',
    'delivery_schedule',
    'notification_email',
    'last_checked',
    'updated_at',
  ],
  newsletter_results: ['id', 'user_id', 'sent', 'processed_at'],
  earnings_tracking: [
    'id',
    'user_id',
    'active',
    'company_name',
    'keywords',
    'notification_timing',
    'notification_email',
    'ticker',
    'created_at',
    'updated_at',
  ],
  earnings_tracking_results: [
    'tracking_id',
    'earnings_date',
    'confidence_score',
    'source_url',
    'status',
    'notification_status',
    'notification_sent_at',
    'transcript_status',
    'transcript_sent_at',
    'alert_counter',
    'user_id',
  ],
  feature_interest: ['user_id', 'feature_name', 'notification_email'],
};

describe('tables', () => {
  it.each(Object.entries(specColumns))('%s has the spec columns', async (table, columns) => {
    const { rows } = await rt.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [table],
    );
    const present = rows.map((r) => r.column_name);
    expect(present.length, `table ${table} exists`).toBeGreaterThan(0);
    expect(present).toEqual(expect.arrayContaining(columns));
  });

  it('list columns are text arrays', async () => {
    const { rows } = await rt.pool.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'public' AND (table_name, column_name) IN
          (('users','target_industries'), ('sonar_alerts','keywords'), ('sonar_alerts','delivery_days'), ('newsletter_alerts','regions'))`,
    );
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.data_type, `${r.table_name}.${r.column_name}`).toBe('ARRAY');
  });
});

describe('per-user limits in the database', () => {
  const insertSonar = (userId: string) =>
    rt.pool.query('INSERT INTO sonar_alerts (user_id, company_name) VALUES ($1, $2)', [userId, 'Acme']);
  const insertEarnings = (userId: string) =>
    rt.pool.query('INSERT INTO earnings_tracking (user_id, company_name) VALUES ($1, $2)', [userId, 'Acme']);

  it('allows 6 news alerts per user and refuses the 7th; another user is unaffected', async () => {
    const a = await newUser();
    const b = await newUser();
    for (let i = 0; i < 6; i++) await insertSonar(a);
    await expect(insertSonar(a)).rejects.toThrow(/per-user limit/);
    await insertSonar(b);
    const { rows } = await rt.pool.query<{ user_id: string; n: number }>(
      'SELECT user_id, count(*)::int AS n FROM sonar_alerts WHERE user_id = ANY($1) GROUP BY user_id',
      [[a, b]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.user_id, r.n]))).toEqual({ [a]: 6, [b]: 1 });
  });

  it('the news-alert limit holds under concurrent inserts', async () => {
    const a = await newUser();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => insertSonar(a)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    const { rows } = await rt.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sonar_alerts WHERE user_id = $1', [a]);
    expect(rows[0]!.n).toBe(6);
  });

  it('allows 3 earnings alerts per user and refuses the 4th', async () => {
    const a = await newUser();
    for (let i = 0; i < 3; i++) await insertEarnings(a);
    await expect(insertEarnings(a)).rejects.toThrow(/per-user limit/);
  });

  it('allows one newsletter per user', async () => {
    const a = await newUser();
    const b = await newUser();
    await rt.pool.query('INSERT INTO newsletter_alerts (user_id) VALUES ($1)', [a]);
    await expect(rt.pool.query('INSERT INTO newsletter_alerts (user_id) VALUES ($1)', [a])).rejects.toThrow(
      /newsletter_alerts_user_id_unique/,
    );
    await rt.pool.query('INSERT INTO newsletter_alerts (user_id) VALUES ($1)', [b]);
  });

  it('refuses a portfolio of more than 25 companies', async () => {
    const company = (i: number) => ({ company_name: `Company ${i}`, keywords: [] });
    const a = await newUser();
    const b = await newUser();
    const portfolio26 = JSON.stringify(Array.from({ length: 26 }, (_, i) => company(i)));
    await expect(rt.pool.query('INSERT INTO newsletter_alerts (user_id, portfolio) VALUES ($1, $2)', [a, portfolio26])).rejects.toThrow(
      /newsletter_portfolio_max_25/,
    );
    const portfolio25 = JSON.stringify(Array.from({ length: 25 }, (_, i) => company(i)));
    await rt.pool.query('INSERT INTO newsletter_alerts (user_id, portfolio) VALUES ($1, $2)', [b, portfolio25]);
    await expect(rt.pool.query('UPDATE newsletter_alerts SET portfolio = $2 WHERE user_id = $1', [b, portfolio26])).rejects.toThrow(
      /newsletter_portfolio_max_25/,
    );
  });
});

describe('live-update notifications', () => {
  it('announces a new news alert on user_rows with table, op and owner', async () => {
    const userId = await newUser();
    const listener = new pg.Client({ connectionString: rt.databaseUrl });
    await listener.connect();
    try {
      await listener.query('LISTEN user_rows');
      const received = new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no notification within 5 s')), 5000);
        listener.on('notification', (msg) => {
          const payload = JSON.parse(msg.payload ?? '{}') as Record<string, unknown>;
          if (payload.table === 'sonar_alerts' && payload.userId === userId) {
            clearTimeout(timer);
            resolve(payload);
          }
        });
      });
      await rt.pool.query('INSERT INTO sonar_alerts (user_id, company_name) VALUES ($1, $2)', [userId, 'Acme']);
      expect(await received).toEqual({ table: 'sonar_alerts', op: 'INSERT', userId });
    } finally {
      await listener.end();
    }
  });
});

describe("the article store's words", () => {
  const vectorsDiffer = `SELECT count(*)::int AS n FROM articles
    WHERE url_key LIKE 'backfill.example.com/%' AND search_vector IS DISTINCT FROM to_tsvector('english', coalesce(title, '') || ' ' || text)`;

  it('are stored by the trigger on every write, and filled for older rows in batches before the index is built at start-up', async () => {
    await rt.pool.query(
      `INSERT INTO articles (url_key, url, title, text, status)
       SELECT 'backfill.example.com/' || n, 'https://backfill.example.com/' || n, 'Story ' || n, 'The board approved plan ' || n || '.', 'ok'
         FROM generate_series(1, 2500) n`,
    );
    expect((await rt.pool.query(vectorsDiffer)).rows[0].n).toBe(0);
    await rt.pool.query(`UPDATE articles SET text = 'Layoffs at the plant.' WHERE url_key = 'backfill.example.com/7'`);
    expect((await rt.pool.query(vectorsDiffer)).rows[0].n).toBe(0);

    // As an installation older than migration 0012 has it: no words stored, the index on the expression.
    await rt.pool.query(`UPDATE articles SET search_vector = NULL WHERE url_key LIKE 'backfill.example.com/%'`);
    await rt.pool.query('DROP INDEX articles_search_vector_idx');
    await rt.pool.query(
      `CREATE INDEX articles_search_idx ON articles USING gin (to_tsvector('english', coalesce(title, '') || ' ' || text))`,
    );
    await runMigrations(rt.db, rt.pool);
    expect((await rt.pool.query(vectorsDiffer)).rows[0].n).toBe(0);
    const { rows } = await rt.pool.query<{ name: string; valid: boolean }>(
      `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = 'articles'::regclass AND c.relname LIKE 'articles_search%'`,
    );
    expect(rows).toEqual([{ name: 'articles_search_vector_idx', valid: true }]);
  });
});
