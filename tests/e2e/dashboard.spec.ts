// The home dashboard: an empty account, the same page filling up live as rows are written by SQL
// (as the scanners and the other screens would), card links, AIR and Wolfebot live, the footer, and
// a load failure.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { insertEarningsResult, insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../support/factories.ts';
import { afterRetries, db, expect, signedInUser, sql, test } from './support/fixtures.ts';

const toast = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');
const cards = (page: Page) => page.getByRole('region', { name: 'Sonar OS alerts' });
const card = (page: Page, title: string) => cards(page).getByRole('link', { name: new RegExp(`^${title} `) });
/** The figure shown under a label in a block. */
const figure = (page: Page, block: string, label: string) =>
  page.getByRole('region', { name: block }).getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
const currentMonth = () =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'America/New_York' }).format(new Date());
const platformBlock = (page: Page) => page.getByRole('region', { name: currentMonth() });
const platformFigure = async (page: Page, label: string) =>
  Number(
    (await platformBlock(page).getByText(label, { exact: true }).locator('xpath=following-sibling::dd').textContent())?.replaceAll(',', ''),
  );

test('an empty dashboard fills up live as alerts are set up and companies are scanned', async ({ page }) => {
  const user = await signedInUser(page);
  await expect(page.getByRole('heading', { name: 'Enterprise OS', level: 1 })).toBeVisible();
  await expect(page.getByText('Inbox-First Intelligence')).toBeVisible();

  // Empty: nothing active, nothing sent, nothing scanned.
  for (const [title, count] of [
    ['News Alerts', '0/6'],
    ['Newsletter', '0/1'],
    ['Earnings Alerts', '0/3'],
  ] as const) {
    await expect(card(page, title)).toContainText(count);
    await expect(card(page, title).getByRole('img', { name: 'Not at maximum' })).toBeVisible();
  }
  await expect(page.getByText('Get started by setting up your Alerts monitoring preferences in each section below')).toBeVisible();
  for (const label of ['News alerts sent', 'Newsletters sent', 'Earnings alerts sent']) {
    await expect(figure(page, 'All-Time Activity', label)).toHaveText('0');
  }
  await expect(page.getByText('Your alerts will show up here once companies in your portfolio are scanned')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(platformBlock(page)).toContainText('Platform-wide this month');
  const monitoredBefore = await platformFigure(page, 'Total Companies Monitored');
  const sentBefore = await platformFigure(page, 'Total Alerts Sent');

  // Some alerts: a few below each maximum (no reload from here on: every change arrives live).
  for (const i of [1, 2, 3]) await insertNewsAlert(db(), user.id, { active: i <= 2, companyName: `Acme ${i}` });
  await expect(card(page, 'News Alerts')).toContainText('2/6');
  await expect(page.getByText('Get started by setting up your Alerts monitoring preferences in each section below')).toBeVisible();

  // Then every slot active, results sent, and 35 scans in the last 30 days (the table shows 30).
  await sql(`UPDATE sonar_alerts SET active = true WHERE user_id = $1`, [user.id]);
  for (const i of [1, 2, 3]) await insertNewsAlert(db(), user.id, { companyName: `More ${i}` });
  await insertNewsletter(db(), user.id);
  // A tracking and its result in one transaction: the server's own earnings check never sees one without the other.
  for (const i of [1, 2, 3]) {
    await db().transaction(async (tx) => {
      const tracking = await insertEarningsTracking(tx, user.id, { companyName: `Ticker ${i}` });
      await insertEarningsResult(tx, tracking, { alertCounter: 2, notificationSentAt: new Date() });
    });
  }
  await sql(`INSERT INTO newsletter_results (user_id, sent) VALUES ($1, true), ($1, true), ($1, false)`, [user.id]);
  await sql(
    `INSERT INTO sonar_results (user_id, company_name, has_news, sent, processed_at, perplexity_response)
     SELECT $1, 'Filler ' || i, false, false, now() - i * interval '12 hours', NULL FROM generate_series(1, 33) i`,
    [user.id],
  );
  await sql(
    `INSERT INTO sonar_results (user_id, company_name, has_news, sent, processed_at, perplexity_response) VALUES
       ($1, 'Globex', true, true, now() - interval '2 minutes', $2::jsonb),
       ($1, 'Initech', true, true, now() - interval '1 minute', $3::jsonb)`,
    [user.id, JSON.stringify({ hasNews: true, analysis: { headline: 'Globex opens a new plant' } }), JSON.stringify('{not json')],
  );

  for (const [title, count] of [
    ['News Alerts', '6/6'],
    ['Newsletter', '1/1'],
    ['Earnings Alerts', '3/3'],
  ] as const) {
    await expect(card(page, title)).toContainText(count);
    await expect(card(page, title).getByRole('img', { name: 'Maximum reached' })).toBeVisible();
  }
  await expect(page.getByText('Great job! Your Sonar OS Alerts are fully configured and actively monitoring')).toBeVisible();
  await expect(figure(page, 'All-Time Activity', 'News alerts sent')).toHaveText('2');
  await expect(figure(page, 'All-Time Activity', 'Newsletters sent')).toHaveText('2');
  await expect(figure(page, 'All-Time Activity', 'Earnings alerts sent')).toHaveText('6');

  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Company Scanned', 'Has News', 'Sent', 'Headline']);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(31);
  // Newest first; an unreadable stored response shows '-'.
  await expect(rows.nth(1).getByRole('cell')).toHaveText([/\d/, 'Initech', 'Yes', 'Yes', '-']);
  await expect(rows.nth(2).getByRole('cell')).toHaveText([/\d/, 'Globex', 'Yes', 'Yes', 'Globex opens a new plant']);
  await expect(rows.nth(3).getByRole('cell')).toHaveText([/\d/, 'Filler 1', 'No', 'No', '-']);
  await expect(rows.nth(30).getByRole('cell').nth(1)).toHaveText('Filler 28');
  // The date is the reader's locale's (en-US in this browser).
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(await rows.nth(1).locator('time').getAttribute('datetime').then(String)),
    ),
  );
  // 30 rows scroll inside a box of at most 400 px whose header stays put.
  const box = page.getByTestId('recent-activity-scroll');
  const { height, scrolls } = await box.evaluate((el) => ({ height: el.clientHeight, scrolls: el.scrollHeight > el.clientHeight }));
  expect(height).toBeLessThanOrEqual(400);
  expect(scrolls).toBe(true);
  await box.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(table.getByRole('columnheader', { name: 'Headline' })).toBeInViewport();

  // The platform counts everyone's month (other journeys may add to it meanwhile), this user's
  // scans of this month included; sent this month: 2 news results, 2 newsletters, 3 earnings.
  const [mine] = await sql<{ scans: number }>(
    `SELECT count(*)::int AS scans FROM sonar_results
      WHERE user_id = $1 AND processed_at >= date_trunc('month', now() AT TIME ZONE 'America/New_York') AT TIME ZONE 'America/New_York'`,
    [user.id],
  );
  await expect.poll(() => platformFigure(page, 'Total Companies Monitored')).toBeGreaterThanOrEqual(monitoredBefore + mine!.scans);
  await expect.poll(() => platformFigure(page, 'Total Alerts Sent')).toBeGreaterThanOrEqual(sentBefore + 2 + 2 + 3);

  // One more scan, written straight into the database, appears without a reload.
  await sql(
    `INSERT INTO sonar_results (user_id, company_name, has_news, sent, perplexity_response) VALUES ($1, 'Umbrella', true, false, $2::jsonb)`,
    [user.id, JSON.stringify({ hasNews: true, analysis: { headline: 'Umbrella recalls a product' } })],
  );
  await expect(rows.nth(1).getByRole('cell')).toHaveText([/\d/, 'Umbrella', 'Yes', 'No', 'Umbrella recalls a product']);
  await expect(rows).toHaveCount(31);

  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('each card opens its Sonar OS screen', async ({ page }) => {
  await signedInUser(page);
  for (const [title, path] of [
    ['News Alerts', '/sonar-os/news'],
    ['Newsletter', '/sonar-os/newsletter'],
    ['Earnings Alerts', '/sonar-os/earnings'],
  ] as const) {
    await card(page, title).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/homepage$/);
  }
});

test('AIR is live: its card links to /air, with no interest toggle', async ({ page }) => {
  await signedInUser(page);
  const air = page.getByRole('article', { name: 'Account Intelligence Report (AIR)' });
  await expect(air).toContainText('Live');
  await expect(air.getByRole('button', { name: 'Notify me when available' })).toHaveCount(0);
  await air.getByRole('link', { name: 'Request a report' }).click();
  await expect(page).toHaveURL(/\/air$/);
});

test('Wolfebot is live: its card links to /wolfebot, with no interest toggle', async ({ page }) => {
  await signedInUser(page);
  const wolfebot = page.getByRole('article', { name: 'Wolfebot' });
  await expect(wolfebot).toContainText('Live');
  await expect(wolfebot.getByRole('button', { name: 'Notify me when available' })).toHaveCount(0);
  await wolfebot.getByRole('link', { name: 'Ask Wolfebot' }).click();
  await expect(page).toHaveURL(/\/wolfebot$/);
});

test('the footer: company page when configured, support and legal pages, version', async ({ page }) => {
  await signedInUser(page);
  const footer = page.getByRole('navigation', { name: 'Dashboard footer' });
  await expect(footer.getByRole('link', { name: 'Success Center' })).toHaveAttribute('href', '/success-center');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/tos');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(page.getByText('v2.0.4', { exact: true })).toBeVisible();
  // This server has no company page configured: no link to nowhere.
  await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveCount(0);

  // A deployment that configures one shows it, opening in a new tab.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), companyLinkedinUrl: 'https://www.linkedin.com/company/example' } });
  });
  await page.reload();
  const linkedin = footer.getByRole('link', { name: 'LinkedIn' });
  await expect(linkedin).toHaveAttribute('href', 'https://www.linkedin.com/company/example');
  await expect(linkedin).toHaveAttribute('target', '_blank');

  await footer.getByRole('link', { name: 'Success Center' }).click();
  await expect(page).toHaveURL(/\/success-center$/);
});

test('a dashboard that cannot load says so and can be retried', async ({ page }) => {
  let failing = true;
  await page.route('**/api/dashboard', (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"x","message":"down"}}' })
      : route.fallback(),
  );
  await page.clock.install();
  await signedInUser(page);
  await expect(page.getByLabel('Loading dashboard')).toBeVisible();
  // Failed loads are retried three times (1 s, 2 s, 4 s) before the user is told.
  await afterRetries(page, toast(page).filter({ hasText: 'Error loading dashboard' }));
  await expect(toast(page)).toContainText('Please try again later.');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(card(page, 'News Alerts')).toContainText('0/6');
});
