// Earnings alerts (/sonar-os/earnings): the 3-card grid, creating and editing alerts, every message a
// user can trigger, the checker's result on active cards, live updates from elsewhere, and the private
// calendar link (created, fetched without a session, regenerated, revoked).
import type { Page } from '@playwright/test';
import { sql as sqlExpression } from 'drizzle-orm';
import { insertEarningsTracking } from '../support/factories.ts';
import { parseCalendar } from '../support/ical.ts';
import { afterRetries, db, expect, expectDefaultEmail, guideSeenIn, signedInUser, signInByApi, sql, test } from './support/fixtures.ts';

const PATH = '/sonar-os/earnings';

// Whole journeys with many steps, on machines shared with other suites.
test.describe.configure({ timeout: 120_000 });

const card = (page: Page, n: number) => page.getByRole('region', { name: `Earnings Alert ${n}` });

/** Asserts a toast with this title (and description), then closes it so the next check sees only new ones. */
async function expectToast(page: Page, title: string, description?: string) {
  let toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await expect(toast).toHaveCount(1);
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toHaveCount(0);
}

type AlertRow = {
  id: string;
  active: boolean;
  company_name: string;
  keywords: string | null;
  notification_timing: string;
  notification_email: string | null;
};
const alertsOf = (userId: string) =>
  sql<AlertRow>(
    `SELECT id, active, company_name, keywords, notification_timing, notification_email
       FROM earnings_tracking WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );

/** Alerts created straight in the database, oldest first. */
async function seedAlerts(userId: string, ...companies: string[]) {
  const ids: string[] = [];
  for (const [i, company] of companies.entries()) {
    const row = await insertEarningsTracking(db(), userId, {
      companyName: company,
      createdAt: sqlExpression`now() - make_interval(mins => ${companies.length - i})`,
    });
    ids.push(row.id);
  }
  return ids;
}

test('the 3-card grid: every validation message, then a new alert', async ({ page }) => {
  const user = await signedInUser(page, { alertsEmail: 'dana.alerts@example.com', at: PATH });
  await expect(page).toHaveTitle('Earnings Alerts | Enterprise OS');
  await expect(page.getByRole('heading', { name: 'Earnings Alerts', level: 1 })).toBeVisible();
  await expect(page.getByText('QUARTERLY INSIGHTS')).toBeVisible();

  // Three empty cards with the default timing and no address of their own (the default one), nothing to save.
  await expect(page.getByRole('region', { name: /^Earnings Alert \d$/ })).toHaveCount(3);
  for (const n of [1, 2, 3]) {
    await expect(card(page, n).getByText('Not set up yet')).toBeVisible();
    await expectDefaultEmail(card(page, n), 'dana.alerts@example.com');
    await expect(card(page, n).getByLabel('Notification timing')).toHaveValue('24h');
    await expect(card(page, n).getByRole('switch', { name: 'Active' })).not.toBeChecked();
  }
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(card(page, 1).getByLabel('Notification timing').locator('option')).toHaveText([
    '24 hours before',
    '48 hours before',
    '1 week before',
  ]);

  const first = card(page, 1);
  // Activating needs a company name; the switch stays off.
  await first.getByRole('switch', { name: 'Active' }).click();
  await expectToast(page, 'Cannot activate alert', 'Please fill in all required fields first.');
  await expect(first.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await first.getByLabel('Company name').fill('   ');
  await first.getByRole('switch', { name: 'Active' }).click();
  await expectToast(page, 'Cannot activate alert', 'Please fill in all required fields first.');

  // Saving needs a company name too.
  await first.getByLabel('Keywords').fill('guidance, margins');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Cannot save alert', 'Company name is required.');
  await expect(first.getByText('Company name is required.')).toBeVisible();
  // … and a notification address that is one.
  await first.getByLabel('Company name').fill('Apple');
  await first.getByLabel('Notification email').fill('not-an-email');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Cannot save alert', 'Enter a valid e-mail address');
  await expect(await alertsOf(user.id)).toEqual([]);

  await first.getByLabel('Notification email').fill('ir.watch@example.com');
  await first.getByRole('switch', { name: 'Active' }).click();
  await expect(first.getByRole('switch', { name: 'Active' })).toBeChecked();
  await first.getByLabel('Notification timing').selectOption({ label: '1 week before' });
  await first.getByRole('button', { name: 'Save Changes' }).click();
  // The 3-second confirmation first: closing the toast can take longer than that on a slow machine.
  await expect(first.getByText('All changes saved')).toBeVisible();
  await expectToast(page, 'New alert created successfully.');
  await expect(first.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  expect(await alertsOf(user.id)).toEqual([
    {
      id: expect.any(String),
      active: true,
      company_name: 'Apple',
      keywords: 'guidance, margins',
      notification_timing: '1w',
      notification_email: 'ir.watch@example.com',
    },
  ]);
  // Active and saved: the checker has not looked it up yet.
  await expect(first.getByText('Tracking')).toBeVisible();
  await expect(first.getByText('Next Earnings')).toBeVisible();
  await expect(first.getByText('TBD')).toBeVisible();
  await expect(first.getByText('Checking')).toBeVisible();
  await expect(first.getByRole('link', { name: 'Verify' })).toHaveCount(0);
  // The confirmation goes away on its own (after 3 seconds).
  await expect(first.getByText('All changes saved')).toBeHidden({ timeout: 10_000 });
  await expect(card(page, 2).getByText('Not set up yet')).toBeVisible();
  await expect(card(page, 3).getByText('Not set up yet')).toBeVisible();
});

test('edit, deactivate and activate an alert; a second one inactive; all of it persists', async ({ page }) => {
  const user = await signedInUser(page, { alertsEmail: 'dana.alerts@example.com', at: null });
  const [appleId] = await seedAlerts(user.id, 'Apple');
  await sql(
    "UPDATE earnings_tracking SET keywords = 'guidance, margins', notification_timing = '1w', notification_email = 'ir.watch@example.com' WHERE id = $1",
    [appleId],
  );
  await page.goto(PATH);
  const first = card(page, 1);
  await expect(first.getByLabel('Company name')).toHaveValue('Apple');
  await expect(first.getByText('Next Earnings')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  // Edit, and blanking the company of a saved alert is refused as well.
  await first.getByLabel('Company name').fill('');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Cannot save alert', 'Company name is required.');
  await first.getByLabel('Company name').fill('Apple Inc.');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  // The 3-second confirmation first: closing the toast can take longer than that on a slow machine.
  await expect(first.getByText('All changes saved')).toBeVisible();
  await expectToast(page, 'Alert updated successfully.');
  expect((await alertsOf(user.id))[0]).toMatchObject({ company_name: 'Apple Inc.', active: true });

  // Deactivate: the Next Earnings line goes with it.
  await first.getByRole('switch', { name: 'Active' }).click();
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Alert updated successfully.');
  await expect(first.getByText('Next Earnings')).toHaveCount(0);
  expect((await alertsOf(user.id))[0]).toMatchObject({ active: false });
  // … and activate again.
  await first.getByRole('switch', { name: 'Active' }).click();
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Alert updated successfully.');
  await expect(first.getByText('Next Earnings')).toBeVisible();
  expect((await alertsOf(user.id))[0]).toMatchObject({ active: true });

  // A second alert, inactive: saved but without the Next Earnings line. The e-mail left empty means the default.
  const second = card(page, 2);
  await second.getByLabel('Company name').fill('Nvidia');
  await expectDefaultEmail(second, 'dana.alerts@example.com');
  await second.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'New alert created successfully.');
  await expect(second.getByText('Tracking')).toBeVisible();
  await expect(second.getByText('Next Earnings')).toHaveCount(0);
  await expectDefaultEmail(second, 'dana.alerts@example.com');
  await expect(second.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  // The order and values persist.
  await page.reload();
  await expect(card(page, 1).getByLabel('Company name')).toHaveValue('Apple Inc.');
  await expect(card(page, 1).getByLabel('Notification timing')).toHaveValue('1w');
  await expect(card(page, 1).getByLabel('Keywords')).toHaveValue('guidance, margins');
  await expect(card(page, 2).getByLabel('Company name')).toHaveValue('Nvidia');
  await expect(card(page, 2).getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await expectDefaultEmail(card(page, 2), 'dana.alerts@example.com');
  await expect(card(page, 3).getByText('Not set up yet')).toBeVisible();
  expect((await alertsOf(user.id)).map((a) => [a.company_name, a.notification_email])).toEqual([
    ['Apple Inc.', 'ir.watch@example.com'],
    ['Nvidia', null],
  ]);
});

test('the status badge, Next Earnings date and Verify link follow the results, live', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  const [apple, nvidia, tesla] = await seedAlerts(user.id, 'Apple', 'Nvidia', 'Tesla');
  // Each result row says the checker has just looked (checked_at now), so no check falls due and the
  // e2e server's own worker cannot overwrite the rows this test writes.
  const setResult = (trackingId: string, status: string | null, score: number | null, date: string | null, url: string | null) =>
    sql(
      `INSERT INTO earnings_tracking_results (tracking_id, user_id, status, confidence_score, earnings_date, source_url, checked_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (tracking_id) DO UPDATE SET status = $3, confidence_score = $4, earnings_date = $5, source_url = $6, checked_at = now()`,
      [trackingId, user.id, status, score, date, url],
    );
  for (const id of [apple!, nvidia!, tesla!]) await setResult(id, 'pending', null, null, null);
  await page.goto(PATH);
  await expect(page.getByRole('region', { name: /^Earnings Alert \d$/ })).toHaveCount(3);
  await expect(page.getByText('Not set up yet')).toHaveCount(0);
  for (const n of [1, 2, 3]) {
    await expect(card(page, n).getByText('TBD')).toBeVisible();
    await expect(card(page, n).getByText('Checking')).toBeVisible();
  }

  const badge = (n: number, label: string) => card(page, n).locator('[data-tone]').filter({ hasText: label });

  // Rows inserted by the checker appear without a reload.
  await setResult(apple!, 'confirmed', 0.8, '2025-03-05T21:00:00Z', 'https://investor.example.com/apple-q1');
  await expect(card(page, 1).getByText('Mar 5, 2025')).toBeVisible();
  await expect(badge(1, 'Confirmed')).toHaveAttribute('data-tone', 'green');
  const verify = card(page, 1).getByRole('link', { name: 'Verify' });
  await expect(verify).toHaveAttribute('href', 'https://investor.example.com/apple-q1');
  await expect(verify).toHaveAttribute('target', '_blank');
  await expect(verify).toHaveAttribute('rel', 'noopener noreferrer');

  await setResult(nvidia!, 'confirmed', 0.5, '2025-05-28T20:00:00Z', 'javascript:alert(1)');
  await expect(card(page, 2).getByText('May 28, 2025')).toBeVisible();
  await expect(badge(2, 'Tentative')).toHaveAttribute('data-tone', 'yellow');
  await expect(card(page, 2).getByRole('link', { name: 'Verify' })).toHaveCount(0);

  await setResult(tesla!, null, 0.49, null, null);
  await expect(badge(3, 'Tentative')).toHaveAttribute('data-tone', 'red');
  await expect(card(page, 3).getByText('TBD')).toBeVisible();

  await setResult(tesla!, 'confirmed', null, null, null);
  await expect(badge(3, 'Tentative')).toHaveAttribute('data-tone', 'red');
  await setResult(tesla!, 'confirmed', 0.79, null, null);
  await expect(badge(3, 'Tentative')).toHaveAttribute('data-tone', 'yellow');

  // The status wins over the score.
  await setResult(apple!, 'not_found', 0.95, null, 'https://investor.example.com/apple-q1');
  await expect(badge(1, 'Not Announced')).toBeVisible();
  await expect(card(page, 1).getByText('TBD')).toBeVisible();
  await setResult(nvidia!, 'error', 0.95, null, null);
  await expect(badge(2, 'Verification Error')).toBeVisible();
  await setResult(tesla!, 'pending', 0.95, null, null);
  await expect(badge(3, 'Checking')).toBeVisible();

  // An alert switched off elsewhere loses its Next Earnings line, live as well.
  await sql('UPDATE earnings_tracking SET active = false WHERE id = $1', [apple]);
  await expect(card(page, 1).getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await expect(card(page, 1).getByText('Next Earnings')).toHaveCount(0);
  await expect(card(page, 2).getByText('Next Earnings')).toBeVisible();
});

test('changes from a second browser and from the database appear live; unsaved edits stay', async ({ page, browser }) => {
  const user = await signedInUser(page, { at: PATH });
  await expect(card(page, 1).getByText('Not set up yet')).toBeVisible();

  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.250.1.1' } });
  await guideSeenIn(other);
  const otherPage = await other.newPage();
  await signInByApi(otherPage, user);
  await otherPage.goto(PATH);
  await card(otherPage, 1).getByLabel('Company name').fill('Apple');
  await card(otherPage, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(otherPage, 'New alert created successfully.');

  // The untouched card follows the server.
  await expect(card(page, 1).getByLabel('Company name')).toHaveValue('Apple');
  await expect(card(page, 1).getByText('Tracking')).toBeVisible();

  // Unsaved edits here: one on the saved card, one on an empty card.
  await card(page, 1).getByLabel('Company name').fill('Apple (my edit)');
  await card(page, 2).getByLabel('Company name').fill('Nvidia');

  await card(otherPage, 1).getByLabel('Notification timing').selectOption('48h');
  await card(otherPage, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(otherPage, 'Alert updated successfully.');
  await card(otherPage, 2).getByLabel('Company name').fill('Microsoft');
  await card(otherPage, 2).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(otherPage, 'New alert created successfully.');
  await expect.poll(async () => (await alertsOf(user.id)).length).toBe(2);

  // The new alert takes the second place; the empty card being typed into moves after it, edits intact.
  await expect(card(page, 2).getByLabel('Company name')).toHaveValue('Microsoft');
  await expect(card(page, 3).getByLabel('Company name')).toHaveValue('Nvidia');
  await expect(card(page, 3).getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await expect(card(page, 1).getByLabel('Company name')).toHaveValue('Apple (my edit)');
  await expect(card(page, 1).getByLabel('Notification timing')).toHaveValue('24h');

  // A change straight in the database.
  await sql("UPDATE earnings_tracking SET keywords = 'GPUs, data centers' WHERE user_id = $1 AND company_name = 'Microsoft'", [user.id]);
  await expect(card(page, 2).getByLabel('Keywords')).toHaveValue('GPUs, data centers');
  await expect(card(otherPage, 2).getByLabel('Keywords')).toHaveValue('GPUs, data centers');

  // Saving the edit here wins; the other browser follows.
  await card(page, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Alert updated successfully.');
  await expect(card(otherPage, 1).getByLabel('Company name')).toHaveValue('Apple (my edit)');
  await card(page, 3).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'New alert created successfully.');
  await expect(card(otherPage, 3).getByLabel('Company name')).toHaveValue('Nvidia');
  await expect(otherPage.getByText('Not set up yet')).toHaveCount(0);
  await other.close();
});

test('a 4th alert is refused with the limit message', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await seedAlerts(user.id, 'Apple', 'Nvidia');
  // Without live updates this page does not learn of the third alert, as if both saves raced.
  await page.route('**/api/events', (route) => route.abort());
  await page.goto(PATH);
  await card(page, 3).getByLabel('Company name').fill('Tesla');
  await seedAlerts(user.id, 'Microsoft');
  await card(page, 3).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Cannot save alert', 'You can track up to 3 companies for earnings.');
  await expect(card(page, 3).getByLabel('Company name')).toHaveValue('Tesla');
  expect((await alertsOf(user.id)).map((a) => a.company_name)).toEqual(['Apple', 'Nvidia', 'Microsoft']);
});

test('saving and loading can fail', async ({ page }) => {
  await signedInUser(page, { at: PATH });
  await page.route('**/api/earnings-alerts', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await card(page, 1).getByLabel('Company name').fill('Apple');
  await card(page, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Failed to save changes. Please try again.');
  await expect(card(page, 1).getByLabel('Company name')).toHaveValue('Apple');
  await expect(card(page, 1).getByRole('button', { name: 'Save Changes' })).toBeVisible();

  await page.unroute('**/api/earnings-alerts');
  await page.route('**/api/earnings-alerts', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } }),
  );
  await page.clock.install();
  await page.reload();
  // Reads are retried three times (1 s, 2 s, 4 s) before the page gives up.
  await afterRetries(page, page.getByRole('alert').filter({ hasText: 'Error loading earnings tracking' }));
  await expectToast(page, 'Error loading earnings tracking', 'Please try again later.');
  await page.unroute('**/api/earnings-alerts');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: /^Earnings Alert \d$/ })).toHaveCount(3);
});

test('the private calendar link: created on the page, subscribed to without a session, regenerated and revoked', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  const [apple] = await seedAlerts(user.id, 'Apple');
  // checked_at now: no check of the e2e server's worker falls due and overwrites the row.
  await sql(
    `INSERT INTO earnings_tracking_results (tracking_id, user_id, status, confidence_score, earnings_date, source_url, provider, ticker, checked_at)
     VALUES ($1, $2, 'confirmed', 0.9, '2030-10-30T00:00:00Z', 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings', 'Nasdaq', 'AAPL', now())`,
    [apple, user.id],
  );
  await page.goto(PATH);
  await expect(card(page, 1).getByText('Confirmed by the company')).toBeVisible();
  await expect(card(page, 1).getByRole('link', { name: 'Nasdaq' })).toHaveAttribute(
    'href',
    'https://www.nasdaq.com/market-activity/stocks/aapl/earnings',
  );

  const block = page.getByRole('region', { name: 'Earnings calendar' });
  await expect(block.getByText('You have no calendar link.')).toBeVisible();
  await block.getByRole('button', { name: 'Create calendar link' }).click();
  const link = block.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/^webcal:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = (await link.inputValue()).replace(/^webcal:/, 'http:');

  // A calendar app: no cookie, no origin.
  const feed = await fetch(first);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const events = parseCalendar(await feed.text()).events;
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ summary: 'Apple (AAPL) earnings call (confirmed)', allDay: true, day: '2030-10-30' });
  expect(events[0]!.uid).toMatch(new RegExp(`^earnings-${apple}@`));

  await block.getByRole('button', { name: 'Regenerate' }).click();
  await expect(link).not.toHaveValue(first.replace(/^http:/, 'webcal:'));
  const second = (await link.inputValue()).replace(/^webcal:/, 'http:');
  expect((await fetch(first)).status).toBe(404);
  expect((await fetch(second)).status).toBe(200);

  await block.getByRole('button', { name: 'Revoke' }).click();
  await expect(block.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
  expect((await fetch(second)).status).toBe(404);
  // Still none after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Earnings calendar' }).getByText('You have no calendar link.')).toBeVisible();
});
