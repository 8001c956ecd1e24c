// The newsletter screen (spec 02 §2, §4, §5, §8 "Newsletter", §9) through the real UI: create,
// edit, activate, every message a user can trigger, the 25-company limit and live updates.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { newsletterAlerts } from '../../src/server/db/schema.ts';
import { insertNewsletter, type SqlRow } from '../support/factories.ts';
import { afterRetries, db, expect, expectDefaultEmail, guideSeenIn, signedInUser, signInByApi, sql, test } from './support/fixtures.ts';

const stored = async (userId: string) =>
  (await sql<SqlRow<typeof newsletterAlerts>>('SELECT * FROM newsletter_alerts WHERE user_id = $1', [userId]))[0];

/** The newest toast says exactly this; it is closed afterwards so the next check sees a new one. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first().locator('[data-description]')).toHaveText(description);
  await toast.first().locator('[data-close-button]').click();
  await expect(toast).toHaveCount(0);
}

async function openNewsletter(page: Page) {
  await page.goto('/sonar-os/newsletter');
  await expect(page.getByRole('heading', { name: 'Portfolio & Industry Newsletter' })).toBeVisible();
  await expect(page.getByLabel('Industry')).toBeVisible();
}

const companies = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ company_name: `Company ${i + from}`, keywords: ['alpha', 'beta'] }));

async function seedNewsletter(userId: string, portfolio = companies(1), industry = 'Logistics') {
  await insertNewsletter(db(), userId, { industry: [industry], regions: ['usa'], portfolio, notificationEmail: 'desk@example.com' });
}

// Whole journeys on 2 shared cores: give them room.
test.describe.configure({ timeout: 180_000 });

test('create, edit, activate and deactivate a newsletter', async ({ page }) => {
  const user = await signedInUser(page, { alertsEmail: 'alerts@example.com', at: null });
  await openNewsletter(page);
  await expect(page).toHaveTitle('Newsletter | Enterprise OS');
  await expect(page.getByText('WEEKLY DIGEST')).toBeVisible();

  // A new form: inactive, USA, the default schedule, no address of its own (the default one); nothing to save yet.
  await expect(page.getByRole('switch', { name: 'Newsletter Inactive' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'USA' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Delivery day')).toHaveValue('MON');
  await expect(page.getByLabel('Delivery time')).toHaveValue('09:00');
  await expect(page.getByLabel('Frequency')).toHaveValue('7d');
  await expectDefaultEmail(page, 'alerts@example.com');
  await expect(page.getByRole('button', { name: 'Create Newsletter' })).toBeHidden();
  await expect(page.getByText('6 to 8 keywords per company improve results')).toBeVisible();
  await expect(page.getByText('Leave these blank and the AI identifies the trends')).toBeVisible();
  await expect(page.getByText('With no region chosen, the newsletter covers the USA.')).toBeVisible();

  // The toggle marks the form dirty; saving without industry or company is refused.
  await page.getByRole('switch', { name: 'Newsletter Inactive' }).click();
  await expect(page.getByRole('switch', { name: 'Newsletter Active' })).toBeChecked();
  await page.getByRole('button', { name: 'Create Newsletter' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields');
  await page.getByLabel('Industry').fill('   ');
  await page.getByLabel('Company 1 name').fill('Acme Robotics');
  await page.getByRole('button', { name: 'Create Newsletter' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields');
  await page.getByLabel('Industry').fill('Warehouse Logistics');
  await page.getByLabel('Company 1 name').fill('   ');
  await page.getByRole('button', { name: 'Create Newsletter' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields');
  expect(await stored(user.id)).toBeUndefined();
  await expect(page.getByLabel('Industry')).toHaveAttribute('maxlength', '200');

  // Companies: a second row with a name, a third left empty (dropped on save).
  await page.getByLabel('Company 1 name').fill('Acme Robotics');
  await page.getByLabel('Company 1 keywords').fill(' robots, , warehouses ,AI ');
  await page.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByLabel('Company 2 name')).toBeFocused();
  await page.getByLabel('Company 2 name').fill('Beta Freight');
  await page.getByRole('button', { name: 'Add Company' }).click();

  // Regions: Global alone; another region clears Global.
  await page.getByRole('button', { name: 'Global' }).click();
  await expect(page.getByRole('button', { name: 'Global' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'USA' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'UK' }).click();
  await page.getByRole('button', { name: 'Europe' }).click();
  await expect(page.getByRole('button', { name: 'Global' })).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('checkbox', { name: 'Market Expansion' }).check();
  await page.getByRole('checkbox', { name: 'Innovation & R&D' }).check();
  await page.getByLabel('Delivery day').selectOption({ label: 'Wednesday' });
  await page.getByLabel('Delivery time').selectOption({ label: '2:00 PM' });
  await page.getByLabel('Frequency').selectOption({ label: 'Bi-weekly' });

  await page.getByRole('button', { name: 'Create Newsletter' }).click();
  // The brief confirmation first: closing the toast can take longer than it stays on a slow machine.
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expectToast(page, 'Newsletter created successfully.');
  await expect(page.getByRole('button', { name: /Newsletter$/ })).toBeHidden();
  expect(await stored(user.id)).toMatchObject({
    active: true,
    industry: ['Warehouse Logistics'],
    regions: ['uk', 'europe'],
    industry_categories: ['market_expansion', 'innovation_rd'],
    portfolio: [
      { company_name: 'Acme Robotics', keywords: ['robots', 'warehouses', 'AI'] },
      { company_name: 'Beta Freight', keywords: [] },
    ],
    delivery_schedule: { delivery_day: 'WED', delivery_time: '14:00', frequency: '14d' },
    notification_email: null,
    last_checked: null,
  });
  await expectDefaultEmail(page, 'alerts@example.com');
  // The confirmation is brief, and the dropped empty row is gone from the reloaded form.
  await expect(page.getByText('All changes saved')).toBeHidden();
  await expect(page.getByLabel('Company 3 name')).toHaveCount(0);
  await expect(page.getByLabel('Company 1 keywords')).toHaveValue('robots, warehouses, AI');

  // Edit: the button now updates; saving resets last_checked.
  await sql('UPDATE newsletter_alerts SET last_checked = now() WHERE user_id = $1', [user.id]);
  await page.getByLabel('Industry').fill('Cold Chain Logistics');
  await page.getByRole('button', { name: 'Remove company 2' }).click();
  await page.getByLabel('Notification email').fill('not-an-email');
  await page.getByRole('button', { name: 'Update Newsletter' }).click();
  await expectToast(page, 'Error', 'Failed to save newsletter configuration');
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await page.getByLabel('Notification email').fill('desk@example.com');
  await page.getByRole('button', { name: 'Update Newsletter' }).click();
  await expectToast(page, 'Newsletter updated successfully.');
  expect(await stored(user.id)).toMatchObject({
    active: true,
    industry: ['Cold Chain Logistics'],
    portfolio: [{ company_name: 'Acme Robotics', keywords: ['robots', 'warehouses', 'AI'] }],
    notification_email: 'desk@example.com',
    last_checked: null,
  });
  // Emptied again: back to NULL, the default address.
  await page.getByLabel('Notification email').fill('');
  await page.getByRole('button', { name: 'Update Newsletter' }).click();
  await expectToast(page, 'Newsletter updated successfully.');
  expect((await stored(user.id))?.notification_email).toBeNull();

  // Deactivate, then activate again.
  await page.getByRole('switch', { name: 'Newsletter Active' }).click();
  await expect(page.getByRole('switch', { name: 'Newsletter Inactive' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Update Newsletter' }).click();
  await expectToast(page, 'Newsletter updated successfully.');
  expect((await stored(user.id))?.active).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Newsletter Inactive' })).not.toBeChecked();
  await expect(page.getByLabel('Industry')).toHaveValue('Cold Chain Logistics');
  // No stored address: the field stays empty and names the default one.
  await expectDefaultEmail(page, 'alerts@example.com');
  await page.getByRole('switch', { name: 'Newsletter Inactive' }).click();
  await page.getByRole('button', { name: 'Update Newsletter' }).click();
  await expectToast(page, 'Newsletter updated successfully.');
  expect((await stored(user.id))?.active).toBe(true);
});

test("the form offers the spec's choices in order, marks the required fields and says Saving...", async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await openNewsletter(page);
  const options = (label: string) => page.getByLabel(label).locator('option').allTextContents();
  expect(await options('Frequency')).toEqual(['Weekly', 'Bi-weekly', 'Monthly']);
  expect(await options('Delivery day')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  expect(await options('Delivery time')).toEqual(
    ['6', '7', '8', '9', '10', '11'].map((h) => `${h}:00 AM`).concat(['12', '1', '2', '3', '4', '5', '6'].map((h) => `${h}:00 PM`)),
  );
  // Defaults of a new newsletter (spec 02 §3): Monday, 09:00, weekly, USA, inactive.
  await expect(page.getByLabel('Delivery day')).toHaveValue('MON');
  await expect(page.getByLabel('Delivery time')).toHaveValue('09:00');
  await expect(page.getByLabel('Frequency')).toHaveValue('7d');
  await expect(page.getByRole('switch', { name: 'Newsletter Inactive' })).not.toBeChecked();
  const regions = page.getByRole('group', { name: 'Regions' }).getByRole('button');
  expect(await regions.allTextContents()).toEqual(['USA', 'Canada', 'UK', 'Europe', 'Middle East', 'Africa', 'APAC', 'LATAM', 'Global']);
  await expect(regions.filter({ hasText: 'USA' })).toHaveAttribute('aria-pressed', 'true');
  const topics = page.getByRole('group', { name: /Industry categories/ }).locator('label');
  expect(await topics.allTextContents()).toEqual([
    'Competitive Shifts',
    'Strategic Alliances',
    'Market Expansion',
    'Technology Adoption',
    'Innovation & R&D',
    'Investment Activity',
    'Regulatory Changes',
    'Customer Experience',
    'Operational Efficiency',
    'Financial Performance',
    'Market Consolidation',
    'Leadership Changes',
  ]);
  // Required markers: industry, company watchlist, day, time, frequency; the others carry none.
  for (const label of ['Industry', 'Delivery day', 'Delivery time', 'Frequency']) {
    await expect(page.locator('label').filter({ hasText: new RegExp(`^${label}\\*$`) })).toHaveCount(1);
  }
  await expect(page.locator('legend').filter({ hasText: 'Company watchlist' })).toContainText('*');
  await expect(page.locator('legend').filter({ hasText: 'Industry categories' })).not.toContainText('*');

  // While the request is under way the button says Saving...
  await page.getByLabel('Industry').fill('Fintech');
  await page.getByLabel('Company 1 name').fill('Ledger Co');
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/newsletter', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Create Newsletter' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expectToast(page, 'Newsletter created successfully.');
  expect(await stored(user.id)).toMatchObject({ industry: ['Fintech'] });
});

test('25 companies: Add Company is disabled, the list is collapsed and expands', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await seedNewsletter(user.id, companies(25));
  await openNewsletter(page);

  // Collapsed: two rows, the count of the rest, and the hint.
  await expect(page.getByLabel('Company 1 name')).toHaveValue('Company 1');
  await expect(page.getByLabel('Company 2 name')).toHaveValue('Company 2');
  await expect(page.getByLabel('Company 3 name')).toHaveCount(0);
  await expect(page.getByText('23 more companies...')).toBeVisible();
  await expect(page.getByText('expand list by clicking arrow above')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const arrow = page.getByRole('button', { name: 'Expand company list' });
  await expect(arrow).toHaveAttribute('aria-expanded', 'false');
  await arrow.click();
  const collapse = page.getByRole('button', { name: 'Collapse company list' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Company 25 name')).toHaveValue('Company 25');
  await expect(page.getByText('23 more companies...')).toBeHidden();
  await collapse.click();
  await expect(page.getByLabel('Company 3 name')).toHaveCount(0);

  // At 25, Add Company stays focusable but only explains the limit.
  const add = page.getByRole('button', { name: 'Add Company' });
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await add.focus();
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Maximum Limit Reached', 'You can track up to 25 companies');
  // A pointer click too (forced: Playwright counts aria-disabled as not clickable).
  await add.click({ force: true });
  await expectToast(page, 'Maximum Limit Reached', 'You can track up to 25 companies');
  await expect(page.getByLabel('Company 26 name')).toHaveCount(0);
  await expect(page.getByText('23 more companies...')).toBeVisible();

  // One fewer: adding is possible again, once, and the new row is shown.
  await page.getByRole('button', { name: 'Remove company 1' }).click();
  await expect(page.getByText('22 more companies...')).toBeVisible();
  await expect(add).not.toHaveAttribute('aria-disabled');
  await add.click();
  await expect(page.getByLabel('Company 25 name')).toBeFocused();
  await page.getByLabel('Company 25 name').fill('Newcomer Inc');
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Update Newsletter' }).click();
  await expectToast(page, 'Newsletter updated successfully.');
  const saved = await stored(user.id);
  expect(saved?.portfolio).toHaveLength(25);
  expect(saved?.portfolio[0]?.company_name).toBe('Company 2');
  expect(saved?.portfolio[24]?.company_name).toBe('Newcomer Inc');
});

test('signed out, the screen sends the person to sign in', async ({ page }) => {
  await page.goto('/sonar-os/newsletter');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fsonar-os%2Fnewsletter$/);
  await expectToast(page, 'Authentication required', 'Please login to continue.');
});

test('a failed save and a failed load say so', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await openNewsletter(page);
  await page.getByLabel('Industry').fill('Fintech');
  await page.getByLabel('Company 1 name').fill('Ledger Co');
  await page.route('**/api/newsletter', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Create Newsletter' }).click();
  await expectToast(page, 'Error', 'Failed to save newsletter configuration');
  // The edits are still there to try again.
  await expect(page.getByLabel('Industry')).toHaveValue('Fintech');
  expect(await stored(user.id)).toBeUndefined();
  await page.unroute('**/api/newsletter');
  await page.getByRole('button', { name: 'Create Newsletter' }).click();
  await expectToast(page, 'Newsletter created successfully.');

  // Loading fails (after the query's retries): a toast and an inline Try again.
  await page.route('**/api/newsletter', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Down' } } }),
  );
  await page.clock.install();
  await page.reload();
  await afterRetries(page, page.getByRole('alert').filter({ hasText: 'Error loading newsletter config' }));
  await expectToast(page, 'Error loading newsletter config', 'Please try again later.');
  await page.unroute('**/api/newsletter');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Industry')).toHaveValue('Fintech');
});

test('live updates from another browser and from the database', async ({ page, browser }) => {
  const user = await signedInUser(page, { at: null });
  await openNewsletter(page);
  await expect(page.getByLabel('Industry')).toHaveValue('');

  // A second browser of the same user creates the newsletter: the open page shows it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await guideSeenIn(otherPage);
  await signInByApi(otherPage, user);
  await openNewsletter(otherPage);
  await otherPage.getByLabel('Industry').fill('Renewable Energy');
  await otherPage.getByLabel('Company 1 name').fill('Sunrise Power');
  await otherPage.getByRole('switch', { name: 'Newsletter Inactive' }).click();
  await otherPage.getByRole('button', { name: 'Create Newsletter' }).click();
  await expect(otherPage.getByText('Newsletter created successfully.')).toBeVisible();

  await expect(page.getByLabel('Industry')).toHaveValue('Renewable Energy');
  await expect(page.getByLabel('Company 1 name')).toHaveValue('Sunrise Power');
  await expect(page.getByRole('switch', { name: 'Newsletter Active' })).toBeChecked();
  await expectDefaultEmail(page, user.email);
  expect((await stored(user.id))?.notification_email).toBeNull();

  // The second browser updates it.
  await otherPage.getByLabel('Industry').fill('Offshore Wind');
  await otherPage.getByRole('button', { name: 'Update Newsletter' }).click();
  await expect(otherPage.getByText('Newsletter updated successfully.')).toBeVisible();
  await expect(page.getByLabel('Industry')).toHaveValue('Offshore Wind');
  await other.close();

  // A change made directly in the database.
  await sql(
    `UPDATE newsletter_alerts SET industry = '{Hydrogen}', active = false,
       delivery_schedule = '{"delivery_day":"FRI","delivery_time":"11:00","frequency":"30d"}' WHERE user_id = $1`,
    [user.id],
  );
  await expect(page.getByLabel('Industry')).toHaveValue('Hydrogen');
  await expect(page.getByRole('switch', { name: 'Newsletter Inactive' })).not.toBeChecked();
  await expect(page.getByLabel('Delivery day')).toHaveValue('FRI');
  await expect(page.getByLabel('Frequency')).toHaveValue('30d');

  // A form being edited keeps its edits when the server's values change.
  await page.getByLabel('Industry').fill('Geothermal');
  const reloaded = page.waitForResponse((r) => r.url().endsWith('/api/newsletter') && r.request().method() === 'GET');
  await sql(`UPDATE newsletter_alerts SET industry = '{Nuclear}', portfolio = $2::jsonb WHERE user_id = $1`, [
    user.id,
    JSON.stringify(companies(2, 7)),
  ]);
  expect((await (await reloaded).json()).newsletter.industry).toBe('Nuclear');
  await expect(page.getByLabel('Industry')).toHaveValue('Geothermal');
  await expect(page.getByLabel('Company 1 name')).toHaveValue('Sunrise Power');
  await expect(page.getByRole('button', { name: 'Update Newsletter' })).toBeVisible();

  // A new alerts e-mail in the profile becomes the default shown here, edits still kept.
  await sql('UPDATE users SET alerts_email = $2 WHERE id = $1', [user.id, 'moved.alerts@example.com']);
  await expectDefaultEmail(page, 'moved.alerts@example.com');
  await expect(page.getByLabel('Industry')).toHaveValue('Geothermal');
  await sql('UPDATE users SET alerts_email = NULL WHERE id = $1', [user.id]);
  await expectDefaultEmail(page, user.email);
  expect((await stored(user.id))?.notification_email).toBeNull();
});
