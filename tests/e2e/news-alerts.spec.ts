// News alerts (/sonar-os/news, spec 02 §2, §4, §5, §8, §9): whole journeys through the cards, every
// message a user can meet, the limits, and live updates from another browser and from the database.
import type { Page } from '@playwright/test';
import { sql as sqlExpression } from 'drizzle-orm';
import { newsAlertFieldMessages, newsAlertMessages } from '../../src/shared/news-alerts.ts';
import { insertNewsAlert } from '../support/factories.ts';
import { db, expect, expectDefaultEmail, guideSeenIn, signedInUser, signInByApi, sql, test } from './support/fixtures.ts';

// Whole journeys on a machine shared with other suites: more time than a single step needs.
test.describe.configure({ timeout: 180_000 });

const text = newsAlertMessages;
const card = (page: Page, n: number) => page.getByRole('region', { name: `Alert ${n}` });
const cards = (page: Page) => page.getByRole('region', { name: /^Alert \d$/ });

/** The toast in front: its title and, when given, its description. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

type Seed = { company: string; keywords?: string[]; days?: string[]; hour?: number; active?: boolean };
/** Alerts written straight to the database, oldest first, delivered at `hour` New York time. */
async function seedAlerts(userId: string, seeds: Seed[]) {
  const ids: string[] = [];
  for (const seed of seeds) {
    const row = await insertNewsAlert(db(), userId, {
      active: seed.active ?? false,
      companyName: seed.company,
      keywords: seed.keywords ?? [],
      deliveryDays: seed.days ?? ['MON'],
      deliveryTime: sqlExpression`(date_trunc('day', now() AT TIME ZONE 'America/New_York') + make_interval(hours => ${seed.hour ?? 9}::int)) AT TIME ZONE 'America/New_York'`,
      createdAt: sqlExpression`clock_timestamp()`,
    });
    ids.push(row.id);
  }
  return ids;
}

const alertRows = (userId: string) =>
  sql<{
    id: string;
    active: boolean;
    company_name: string;
    keywords: string[];
    delivery_days: string[];
    notification_email: string | null;
    search_id: string;
    hour: number;
  }>(
    `SELECT id, active, company_name, keywords, delivery_days, notification_email, search_id,
       extract(hour from delivery_time AT TIME ZONE 'America/New_York')::int AS hour
     FROM sonar_alerts WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );

async function openNewsAlerts(page: Page) {
  await page.goto('/sonar-os/news');
  await expect(page.getByRole('heading', { name: 'News Alerts', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^News Alerts \| /);
}

test('create, edit, activate and deactivate an alert', async ({ page }) => {
  const user = await signedInUser(page, { alertsEmail: 'alerts.desk@example.com', at: null });
  await openNewsAlerts(page);

  // Three unsaved cards: inactive, 9:00 AM, no address of their own (the default one); nothing to save yet.
  await expect(cards(page)).toHaveCount(3);
  const first = card(page, 1);
  await expect(first.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await expect(first.getByLabel('Delivery time (ET)')).toHaveValue('9');
  await expect(first.getByLabel('Delivery time (ET)').locator('option:checked')).toHaveText('9:00 AM');
  await expect(first.getByLabel('Delivery time (ET)').locator('option')).toHaveText([
    'Select a time',
    ...['6:00 AM', '7:00 AM', '8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM'],
    ...['1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM', '6:00 PM'],
  ]);
  await expectDefaultEmail(first, 'alerts.desk@example.com');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  // Activating without the required fields is refused.
  await first.getByRole('switch', { name: 'Active' }).click();
  await expectToast(page, text.cannotActivate, text.requiredFields);
  await expect(first.getByRole('switch', { name: 'Active' })).not.toBeChecked();

  await first.getByLabel('Company name').fill('Acme Robotics');
  await expect(first.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await first.getByLabel('Keywords').fill('merger, , layoffs ');
  await expect(first.getByText('Separate keywords with commas. 18/200 characters')).toBeVisible();
  await first.getByRole('button', { name: 'WED' }).click();
  await first.getByRole('button', { name: 'MON' }).click();
  await expect(first.getByRole('button', { name: 'MON' })).toHaveAttribute('aria-pressed', 'true');
  await expect(first.getByRole('button', { name: 'TUE' })).toHaveAttribute('aria-pressed', 'false');
  await first.getByRole('switch', { name: 'Active' }).click();
  await expect(first.getByRole('switch', { name: 'Active' })).toBeChecked();
  await first.getByRole('button', { name: 'Save Changes' }).click();
  // The 3-second confirmation first: closing the toast can take longer than that on a slow machine.
  await expect(first.getByText('All changes saved')).toBeVisible();
  await expectToast(page, text.created);
  await expect(first.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(first.getByText('Not saved')).toHaveCount(0);
  await expect(first.getByLabel('Keywords')).toHaveValue('merger, layoffs');

  const [created] = await alertRows(user.id);
  expect(created).toMatchObject({
    active: true,
    company_name: 'Acme Robotics',
    keywords: ['merger', 'layoffs'],
    delivery_days: ['MON', 'WED'],
    notification_email: null,
    hour: 9,
  });
  await expectDefaultEmail(first, 'alerts.desk@example.com');
  // The confirmation shows for 3 seconds, then goes.
  await expect(first.getByText('All changes saved')).toBeHidden({ timeout: 10_000 });

  // Edit: a new time and new keywords (a new search), then deactivate.
  await first.getByLabel('Delivery time (ET)').selectOption({ label: '2:00 PM' });
  await first.getByLabel('Keywords').fill('acquisition');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  // The 3-second confirmation first: closing the toast can take longer than that on a slow machine.
  await expect(first.getByText('All changes saved')).toBeVisible();
  await expectToast(page, text.updated);
  const [edited] = await alertRows(user.id);
  expect(edited).toMatchObject({ id: created!.id, keywords: ['acquisition'], hour: 14, active: true });
  expect(edited!.search_id).not.toBe(created!.search_id);

  await first.getByRole('switch', { name: 'Active' }).click();
  await expect(first.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.updated);
  await expect.poll(async () => (await alertRows(user.id))[0]?.active).toBe(false);
  expect((await alertRows(user.id))[0]!.search_id).toBe(edited!.search_id);

  // Everything is still there after a reload; turning it back on needs no more than a click.
  await page.reload();
  await expect(card(page, 1).getByLabel('Company name')).toHaveValue('Acme Robotics');
  await expect(card(page, 1).getByLabel('Delivery time (ET)')).toHaveValue('14');
  await expect(card(page, 1).getByRole('button', { name: 'WED' })).toHaveAttribute('aria-pressed', 'true');
  await card(page, 1).getByRole('switch', { name: 'Active' }).click();
  await card(page, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.updated);
  await expect.poll(async () => (await alertRows(user.id))[0]?.active).toBe(true);
});

test('validation: required fields, activation, keyword length and e-mail', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await openNewsAlerts(page);
  const first = card(page, 1);
  await expectDefaultEmail(first, user.email);

  // Missing company, days and time.
  await first.getByLabel('Delivery time (ET)').selectOption({ label: 'Select a time' });
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.cannotSave, text.requiredFields);
  await expect(first.getByText(newsAlertFieldMessages.companyName)).toBeVisible();
  await expect(first.getByText(newsAlertFieldMessages.deliveryDays)).toBeVisible();
  await expect(first.getByText(newsAlertFieldMessages.deliveryHour)).toBeVisible();
  await expect(first.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');

  // With a company and a day, activation still needs a time.
  await first.getByLabel('Company name').fill('<b>Bold</b> Co');
  await expect(first.getByText(newsAlertFieldMessages.companyName)).toHaveCount(0);
  await first.getByRole('button', { name: 'FRI' }).click();
  await first.getByRole('switch', { name: 'Active' }).click();
  await expectToast(page, text.cannotActivate, text.requiredFields);
  await expect(first.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await first.getByLabel('Delivery time (ET)').selectOption({ label: '6:00 PM' });

  // Keywords stop at 200 characters.
  await first.getByLabel('Keywords').fill('k'.repeat(250));
  await expect(first.getByLabel('Keywords')).toHaveValue('k'.repeat(200));
  await expect(first.getByText('Separate keywords with commas. 200/200 characters')).toBeVisible();

  // A bad notification address.
  await first.getByLabel('Notification email').fill('not-an-email');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.cannotSave, newsAlertFieldMessages.notificationEmail);
  await expect(first.getByText(newsAlertFieldMessages.notificationEmail)).toBeVisible();
  expect(await alertRows(user.id)).toEqual([]);

  await first.getByLabel('Notification email').fill('');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.created);
  const [row] = await alertRows(user.id);
  expect(row).toMatchObject({ company_name: '<b>Bold</b> Co', keywords: ['k'.repeat(200)], delivery_days: ['FRI'], hour: 18 });
  expect(row!.notification_email).toBeNull();
  await page.reload();
  await expect(card(page, 1).getByLabel('Company name')).toHaveValue('<b>Bold</b> Co');

  // An address of its own is stored; emptying the field again stores NULL (the default address).
  await card(page, 1).getByLabel('Notification email').fill('desk@example.com');
  await card(page, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.updated);
  await expect.poll(async () => (await alertRows(user.id))[0]?.notification_email).toBe('desk@example.com');
  await page.reload();
  await expect(card(page, 1).getByLabel('Notification email')).toHaveValue('desk@example.com');
  await card(page, 1).getByLabel('Notification email').fill('');
  await card(page, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.updated);
  await expect.poll(async () => (await alertRows(user.id))[0]?.notification_email).toBeNull();
  await expectDefaultEmail(card(page, 1), user.email);
});

test('failures: loading, creating, saving and deleting', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  const [, , , fourth] = await seedAlerts(user.id, [{ company: 'One' }, { company: 'Two' }, { company: 'Three' }, { company: 'Four' }]);

  // Loading fails (a 4xx is not retried), then Try again works.
  await page.route('**/api/news-alerts', (route) =>
    route.fulfill({ status: 429, json: { error: { code: 'rate_limited', message: 'Too many requests.' } } }),
  );
  await openNewsAlerts(page);
  await expectToast(page, text.loadError);
  await expect(page.getByRole('alert').filter({ hasText: text.loadError })).toBeVisible();
  await page.unroute('**/api/news-alerts');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page)).toHaveCount(4);

  const serverError = { status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side.' } } };
  await page.route('**/api/news-alerts*', (route) => (route.request().method() === 'GET' ? route.fallback() : route.fulfill(serverError)));
  await page.route('**/api/news-alerts/*', (route) => (route.request().method() === 'GET' ? route.fallback() : route.fulfill(serverError)));

  await card(page, 1).getByLabel('Company name').fill('One renamed');
  await card(page, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.saveFailed);
  await expect(card(page, 1).getByRole('button', { name: 'Save Changes' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Alert' }).click();
  const fifth = card(page, 5);
  await fifth.getByLabel('Company name').fill('Five');
  await fifth.getByRole('button', { name: 'THU' }).click();
  await fifth.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.createFailed, 'Something went wrong on our side.');

  await card(page, 4).getByRole('button', { name: 'Delete alert' }).click();
  await expectToast(page, text.deleteFailed);
  await expect(card(page, 4).getByLabel('Company name')).toHaveValue('Four');

  expect((await alertRows(user.id)).map((r) => [r.id === fourth, r.company_name])).toEqual([
    [false, 'One'],
    [false, 'Two'],
    [false, 'Three'],
    [true, 'Four'],
  ]);
});

test('limits: Add Alert stops at six cards and a seventh alert is refused', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await seedAlerts(
    user.id,
    ['One', 'Two', 'Three', 'Four'].map((company) => ({ company })),
  );
  await openNewsAlerts(page);
  await expect(cards(page)).toHaveCount(4);
  await expect(page.getByText('4/6 saved')).toBeVisible();

  const add = page.getByRole('button', { name: 'Add Alert' });
  await add.click();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(cards(page)).toHaveCount(6);
  await expect(add).toBeDisabled();

  // Card 5 is saved from the page; card 6 is filled in while a sixth alert arrives from elsewhere.
  await card(page, 5).getByLabel('Company name').fill('Five');
  await card(page, 5).getByRole('button', { name: 'SAT' }).click();
  await card(page, 5).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.created);
  await expect(page.getByText('5/6 saved')).toBeVisible();

  await card(page, 6).getByLabel('Company name').fill('Seven');
  await card(page, 6).getByRole('button', { name: 'SUN' }).click();
  await seedAlerts(user.id, [{ company: 'Six from elsewhere' }]);
  await expect(page.getByText('6/6 saved')).toBeVisible();
  await expect(cards(page)).toHaveCount(7);
  await expect(card(page, 6).getByLabel('Company name')).toHaveValue('Six from elsewhere');
  await expect(card(page, 7).getByLabel('Company name')).toHaveValue('Seven');
  await expect(add).toBeDisabled();

  await card(page, 7).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.createFailed, text.limitReached);
  expect(await alertRows(user.id)).toHaveLength(6);

  // The unsaved seventh card can go; the saved ones stay.
  await card(page, 7).getByRole('button', { name: 'Delete alert' }).click();
  await expect(cards(page)).toHaveCount(6);
});

test('the first three alerts cannot be deleted; a fourth can', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  const ids = await seedAlerts(user.id, [{ company: 'One' }]);
  await openNewsAlerts(page);
  await expect(cards(page)).toHaveCount(3);

  // A placeholder among the first three is one of the first three alerts too.
  await card(page, 2).getByRole('button', { name: 'Delete alert' }).click();
  await expectToast(page, text.cannotDeleteTitle, text.cannotDelete);
  await expect(cards(page)).toHaveCount(3);

  ids.push(...(await seedAlerts(user.id, [{ company: 'Two' }, { company: 'Three' }, { company: 'Four' }])));
  await expect(cards(page)).toHaveCount(4);
  for (const n of [1, 2, 3]) {
    await card(page, n).getByRole('button', { name: 'Delete alert' }).click();
    await expectToast(page, text.cannotDeleteTitle, text.cannotDelete);
  }
  await expect(cards(page)).toHaveCount(4);
  expect(await alertRows(user.id)).toHaveLength(4);

  await card(page, 4).getByRole('button', { name: 'Delete alert' }).click();
  await expect(cards(page)).toHaveCount(3);
  await expect.poll(async () => (await alertRows(user.id)).map((r) => r.id)).toEqual(ids.slice(0, 3));
  await expect(page.getByText('3/6 saved')).toBeVisible();

  // An unsaved fourth card is simply removed.
  await page.getByRole('button', { name: 'Add Alert' }).click();
  await expect(cards(page)).toHaveCount(4);
  await card(page, 4).getByRole('button', { name: 'Delete alert' }).click();
  await expect(cards(page)).toHaveCount(3);
});

test('live updates from another browser and from the database', async ({ page, browser }) => {
  const user = await signedInUser(page, { at: null });
  const [first, second] = await seedAlerts(user.id, [
    { company: 'Initech', keywords: ['layoffs'] },
    { company: 'Globex', days: ['TUE'], hour: 10 },
  ]);
  await openNewsAlerts(page);
  await expect(card(page, 2).getByLabel('Company name')).toHaveValue('Globex');

  // The user is typing in card 1 (dirty) when the alert changes elsewhere: the edits stay.
  await card(page, 1).getByLabel('Keywords').fill('layoffs, typed here');

  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.210.0.7' } });
  await guideSeenIn(other);
  const otherPage = await other.newPage();
  await signInByApi(otherPage, user);
  await openNewsAlerts(otherPage);
  await card(otherPage, 2).getByLabel('Company name').fill('Globex Corporation');
  await card(otherPage, 2).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(otherPage, text.updated);
  await card(otherPage, 1).getByLabel('Company name').fill('Initech Renamed');
  await card(otherPage, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(otherPage, text.updated);

  // The clean card follows; the dirty one keeps what was typed.
  await expect(card(page, 2).getByLabel('Company name')).toHaveValue('Globex Corporation');
  await expect(card(page, 1).getByLabel('Keywords')).toHaveValue('layoffs, typed here');
  await expect(card(page, 1).getByLabel('Company name')).toHaveValue('Initech');
  await expect(card(page, 1).getByRole('button', { name: 'Save Changes' })).toBeVisible();

  // A new alert created in the other browser appears here.
  await card(otherPage, 3).getByLabel('Company name').fill('Hooli');
  await card(otherPage, 3).getByRole('button', { name: 'THU' }).click();
  await card(otherPage, 3).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(otherPage, text.created);
  await expect(card(page, 3).getByLabel('Company name')).toHaveValue('Hooli');
  await other.close();

  // Direct SQL: an update, an insert and a delete show without a reload.
  await sql(`UPDATE sonar_alerts SET company_name = 'Globex Industries', active = true WHERE id = $1`, [second]);
  await expect(card(page, 2).getByLabel('Company name')).toHaveValue('Globex Industries');
  await expect(card(page, 2).getByRole('switch', { name: 'Active' })).toBeChecked();
  await seedAlerts(user.id, [{ company: 'Pied Piper' }]);
  await expect(cards(page)).toHaveCount(4);
  await expect(card(page, 4).getByLabel('Company name')).toHaveValue('Pied Piper');
  await sql(`DELETE FROM sonar_alerts WHERE company_name = 'Pied Piper' AND user_id = $1`, [user.id]);
  await expect(cards(page)).toHaveCount(3);

  // Deleted elsewhere while this page has unsaved edits on it: the card stays, unsaved, with the edits.
  await seedAlerts(user.id, [{ company: 'Hooli XYZ', days: ['WED'] }]);
  await expect(card(page, 4).getByLabel('Company name')).toHaveValue('Hooli XYZ');
  await card(page, 4).getByLabel('Keywords').fill('typed before the delete');
  await sql(`DELETE FROM sonar_alerts WHERE company_name = 'Hooli XYZ' AND user_id = $1`, [user.id]);
  await expectToast(page, 'This alert was deleted elsewhere. Your unsaved changes are kept as a new card.');
  await expect(cards(page)).toHaveCount(4);
  await expect(card(page, 4).getByText('Not saved')).toBeVisible();
  await expect(card(page, 4).getByLabel('Company name')).toHaveValue('Hooli XYZ');
  await expect(card(page, 4).getByLabel('Keywords')).toHaveValue('typed before the delete');
  // Saved again, it is a new alert.
  await card(page, 4).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.created);
  await expect
    .poll(async () => (await alertRows(user.id)).filter((r) => r.company_name === 'Hooli XYZ').map((r) => r.keywords))
    .toEqual([['typed before the delete']]);
  await expect(card(page, 4).getByText('Not saved')).toHaveCount(0);

  // Saving the dirty card now writes the user's edits over the other browser's.
  await card(page, 1).getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, text.updated);
  await expect
    .poll(async () => (await alertRows(user.id)).find((r) => r.id === first))
    .toMatchObject({ company_name: 'Initech', keywords: ['layoffs', 'typed here'] });
});
