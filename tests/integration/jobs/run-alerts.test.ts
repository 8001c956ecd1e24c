// The operator's `npm run admin -- run-alerts [--user <email>]`, run as the real CLI against the
// local fakes: every active alert of the user runs now, its e-mails reach SMTP, and a second run
// finds nothing new to send.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeEarningsCalendars, startFakeEarningsCalendars } from '../../fakes/nasdaq.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { productModel } from '../../fakes/product-model.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { runAdmin } from '../../support/admin-cli.ts';
import { insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let news: FakeNews;
let sec: FakeSec;
let calendars: FakeEarningsCalendars;
let smtp: FakeSmtp;

beforeAll(async () => {
  [ai, news, sec, calendars, smtp] = await Promise.all([
    startFakeOpenAi({ handler: productModel() }),
    startFakeNews(),
    startFakeSec(),
    startFakeEarningsCalendars(),
    startFakeSmtp(),
  ]);
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), sec?.stop(), calendars?.stop(), smtp?.stop()]);
});

const admin = (...args: string[]) =>
  runAdmin(args, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-product-model',
    GOOGLE_NEWS_BASE_URL: news.url,
    GDELT_BASE_URL: news.url,
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    SEC_USER_AGENT: 'Enterprise OS tests ops@example.com',
    NASDAQ_BASE_URL: calendars.url,
  });

it('runs every active alert of one user now, once, and e-mails what it found', async () => {
  const user = await registerUser(rt);
  const other = await registerUser(rt);
  for (const owner of [user.id, other.id]) {
    await insertNewsAlert(rt.db, owner, { companyName: 'Wayne Enterprises', deliveryDays: ['MON'], deliveryTime: sql`now()` });
  }
  await insertNewsletter(rt.db, user.id, { industry: ['Fintech'], portfolio: [{ company_name: 'Stripe', keywords: ['payments'] }] });
  await insertEarningsTracking(rt.db, user.id, { companyName: 'Apple Inc.' });
  await insertNewsAlert(rt.db, user.id, { active: false, companyName: 'Inactive Co' });

  const first = await admin('run-alerts', '--user', user.email);
  expect(first.code, first.stderr).toBe(0);
  const runLines = first.lines.filter((l) => l.startsWith(user.email));
  expect(runLines.map((l) => l.split(/\s+/)[1]).sort()).toEqual(['earnings_check', 'news', 'newsletter']);
  for (const line of runLines) expect(line).toMatch(/ succeeded /);
  expect(first.lines.at(-1)).toBe('3 run(s), 2 e-mail(s) sent; see mail-log for delivery.');
  const received = smtp.messages.filter((m) => m.to.includes(user.email));
  expect(received.map((m) => m.subject).sort()).toEqual([
    expect.stringMatching(/^Fintech digest · /),
    expect.stringMatching(/^Wayne Enterprises /),
  ]);
  // The other user's alert did not run.
  expect(smtp.messages.filter((m) => m.to.includes(other.email))).toHaveLength(0);
  const { rows } = await rt.pool.query('SELECT status, earnings_date FROM earnings_tracking_results WHERE user_id = $1', [user.id]);
  expect(rows).toHaveLength(1);

  // Run again at once: the same articles are not sent twice.
  const second = await admin('run-alerts', '--user', user.email);
  expect(second.code, second.stderr).toBe(0);
  expect(second.lines.at(-1)).toBe('3 run(s), 0 e-mail(s) sent; see mail-log for delivery.');
  expect(smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(2);
}, 120_000);

it('names an unknown user instead of running anything', async () => {
  const result = await admin('run-alerts', '--user', 'nobody-here@example.com');
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('No account for nobody-here@example.com.');
}, 60_000);
