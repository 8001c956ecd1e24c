// The unsubscribe page (/unsubscribe?token=…), opened signed out from an alert e-mail's link: it names
// the alert, turns off exactly that alert with one click, says so, and leads to the alert's screen.
import { readFileSync } from 'node:fs';
import { sql as sqlExpression } from 'drizzle-orm';
import { createUnsubscribeToken, triggerAlertsSubject } from '../../src/server/mail/unsubscribe-token.ts';
import type { UnsubscribeLinkKind } from '../../src/shared/unsubscribe.ts';
import { insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../support/factories.ts';
import { E2E_ENV_FILE } from './support/env.ts';
import { afterRetries, db, expect, registeredUser, signIn, sql, test } from './support/fixtures.ts';

/** A link as the alert e-mails carry it, signed with the e2e server's secret. */
function unsubscribePath(kind: UnsubscribeLinkKind, subject: string) {
  const { AUTH_SECRET } = JSON.parse(readFileSync(E2E_ENV_FILE, 'utf8')) as { AUTH_SECRET: string };
  return `/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(AUTH_SECRET, kind, subject))}`;
}

async function userWithAlerts() {
  const user = await registeredUser();
  const [row] = await sql<{ id: string }>(
    `UPDATE users SET profile_completed = true, job_title = 'Account Executive', company_name = 'Acme Robotics',
       solution_type = 'Warehouse automation', solution_description = 'Autonomous picking robots.',
       target_industries = '{Logistics}', primary_value_prop = 'Cut picking costs by 40%' WHERE email = $1 RETURNING id`,
    [user.email],
  );
  const userId = row!.id;
  return {
    user,
    apple: (await insertNewsAlert(db(), userId, { companyName: 'Apple', createdAt: sqlExpression`now() - interval '1 minute'` })).id,
    microsoft: (await insertNewsAlert(db(), userId, { companyName: 'Microsoft' })).id,
    newsletter: (await insertNewsletter(db(), userId, { industry: ['Banking'] })).id,
    earnings: (await insertEarningsTracking(db(), userId, { companyName: 'Nvidia' })).id,
  };
}

const activeOf = async (table: string, id: string) =>
  (await sql<{ active: boolean }>(`SELECT active FROM ${table} WHERE id = $1`, [id]))[0]?.active;

test('signed out, one click turns off that news alert only; the settings screen shows it off', async ({ page }) => {
  const { user, apple, microsoft, newsletter } = await userWithAlerts();

  await page.goto(unsubscribePath('news', apple));
  await expect(page).toHaveTitle('Unsubscribe | Enterprise OS');
  await expect(page.getByRole('heading', { name: 'Unsubscribe from news alerts about Apple?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText("You're unsubscribed. You will not get these e-mails any more.");
  expect(await activeOf('sonar_alerts', apple)).toBe(false);
  expect(await activeOf('sonar_alerts', microsoft)).toBe(true);
  expect(await activeOf('newsletter_alerts', newsletter)).toBe(true);

  // The same link again: already off, nothing to click.
  await page.reload();
  await expect(page.getByRole('status')).toHaveText("You're already unsubscribed from news alerts about Apple.");
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Manage your alerts' }).click();
  await expect(page).toHaveURL(/\/login\?redirect_to=/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/sonar-os\/news$/);
  const apples = page.getByRole('region', { name: 'Alert 1' });
  await expect(apples.getByLabel('Company name')).toHaveValue('Apple');
  await expect(apples.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'Alert 2' }).getByRole('switch', { name: 'Active' })).toBeChecked();
});

test('newsletter and earnings wording; signed in works the same', async ({ page }) => {
  const { user, newsletter, earnings } = await userWithAlerts();
  await signIn(page, user);
  await expect(page).toHaveURL(/\/homepage$/);

  await page.goto(unsubscribePath('newsletter', newsletter));
  await expect(page.getByRole('heading', { name: 'Unsubscribe from your Banking newsletter?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText("You're unsubscribed. You will not get these e-mails any more.");
  expect(await activeOf('newsletter_alerts', newsletter)).toBe(false);
  await expect(page.getByRole('link', { name: 'Manage your alerts' })).toHaveAttribute('href', '/sonar-os/newsletter');

  await page.goto(unsubscribePath('earnings', earnings));
  await expect(page.getByRole('heading', { name: 'Unsubscribe from earnings alerts for Nvidia?' })).toBeVisible();
  expect(await activeOf('earnings_tracking', earnings)).toBe(true);
});

test('a trigger e-mail’s link turns off “as it happens” for its alerts only, and names them', async ({ page }) => {
  const { apple, microsoft, newsletter } = await userWithAlerts();
  const userId = (await sql<{ user_id: string }>('SELECT user_id FROM sonar_alerts WHERE id = $1', [apple]))[0]!.user_id;
  for (const [type, id] of [
    ['news', apple],
    ['news', microsoft],
    ['newsletter', newsletter],
  ])
    await sql(`INSERT INTO trigger_subscriptions (alert_type, alert_id, user_id, kinds) VALUES ($1, $2, $3, '{leadership}')`, [
      type,
      id,
      userId,
    ]);
  const subscribed = async () =>
    (await sql<{ alert_id: string }>('SELECT alert_id FROM trigger_subscriptions WHERE user_id = $1', [userId]))
      .map((r) => r.alert_id)
      .sort();

  await page.goto(
    unsubscribePath(
      'trigger',
      triggerAlertsSubject([
        { type: 'news', id: apple },
        { type: 'newsletter', id: newsletter },
      ]),
    ),
  );
  const named = 'your news alert for Apple and your Banking newsletter';
  await expect(page.getByRole('heading', { name: `Stop events as they happen from ${named}?` })).toBeVisible();
  expect(await subscribed()).toHaveLength(3);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `You're unsubscribed from events as they happen from ${named}. The alerts themselves are still on.`,
  );
  expect(await subscribed()).toEqual([microsoft]);
  expect(await activeOf('sonar_alerts', apple)).toBe(true);
  expect(await activeOf('newsletter_alerts', newsletter)).toBe(true);
});

test('an invalid link and a deleted alert say so', async ({ page }) => {
  await page.goto('/unsubscribe?token=news.not-a-real-token.x');
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.');
  await page.goto('/unsubscribe');
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.');

  const { earnings } = await userWithAlerts();
  await sql('DELETE FROM earnings_tracking WHERE id = $1', [earnings]);
  await page.goto(unsubscribePath('earnings', earnings));
  await expect(page.getByRole('alert')).toHaveText('This alert no longer exists.');
});

test('a server failure offers a retry; the loading state shows while it waits', async ({ page }) => {
  const { apple } = await userWithAlerts();
  let failing = true;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/unsubscribe?*', async (route) => {
    if (failing)
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' });
    await held;
    return route.continue();
  });
  await page.clock.install();
  await page.goto(unsubscribePath('news', apple));
  await afterRetries(page, page.getByRole('alert'));
  await expect(page.getByRole('alert')).toHaveText('We could not load this unsubscribe link. Please try again later.');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status', { name: 'Loading unsubscribe link' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Unsubscribe from news alerts about Apple?' })).toBeVisible();
});
