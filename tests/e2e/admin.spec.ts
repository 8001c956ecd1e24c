// The operator console's journeys (issue 28 §3) in Chromium against the real server: an operator
// invites from the console and the invitee registers from the mail; a suspended user's open session
// ends on their next navigation, they cannot sign in and their alert does not run; a deleted user
// leaves nothing in any table; anyone but an operator gets the 404 page at /admin.
import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config.ts';
import { insertNewsAlert, insertNewsletter } from '../support/factories.ts';
import { userIdColumns, userRowsLeft } from '../support/user-rows.ts';
import {
  admin,
  completeProfile,
  db,
  expect,
  guideSeenIn,
  linkIn,
  signedInUser,
  sql,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures.ts';

test.describe.configure({ timeout: 180_000 });

/** A signed-in operator (made one the only way there is: the CLI's grant-operator) on the console's `section`. */
async function operatorOn(page: Page, section = '') {
  const operator = await signedInUser(page, { firstName: 'Olive', lastName: 'Operator' });
  expect((await admin('grant-operator', operator.email)).at(-1)).toMatch(/is now an operator/);
  await page.goto(`/admin${section}`);
  await expect(page.getByRole('heading', { name: 'Operator console', level: 1 })).toBeVisible();
  return operator;
}

/** A user signed in on a browser of their own (its own cookies), on /homepage. */
async function userElsewhere(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await guideSeenIn(context);
  const page = await context.newPage();
  const user = await signedInUser(page);
  return { context, page, user };
}

test('an operator invites from the console; the invitee gets the mail and registers', async ({ page, browser }) => {
  await operatorOn(page);
  // The menu leads operators to the console.
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Operator console' })).toBeAttached();

  const email = uniqueEmail('console-invitee');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Sent');

  const mail = await waitForMail(email, /invitation/i);
  const invitee = await browser.newContext({ baseURL: E2E_BASE_URL });
  await guideSeenIn(invitee);
  const other = await invitee.newPage();
  await other.goto(linkIn(mail, '/invite-only?token='));
  await expect(other.getByLabel('Email')).toHaveValue(email);
  await other.getByLabel('First name').fill('Ivy');
  await other.getByLabel('Last name').fill('Invitee');
  await other.getByLabel('Password').fill('secret-pass-1');
  await other.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/ivy');
  await other.getByLabel('Phone').fill('+1 919 555 0199');
  await other.getByRole('button', { name: 'Create account' }).click();
  await expect(other.getByText('Registration successful!')).toBeVisible();
  await completeProfile(other);
  await invitee.close();

  // The console shows the invite used, and the action in the audit log.
  await page.getByLabel('Search by address').fill(email);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Used');
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'invite.create' })).toBeVisible();
});

test("suspending ends the user's open session at their next navigation, refuses their sign-in and pauses their alert", async ({
  page,
  browser,
}) => {
  const elsewhere = await userElsewhere(browser);
  const { user } = elsewhere;
  // An active alert the operator's run-alerts would run at once.
  await insertNewsAlert(db(), user.id, { companyName: 'Acme Robotics' });
  await operatorOn(page, '/users');
  await page.getByLabel('Search by address or name').fill(user.email);
  await page.getByRole('button', { name: `Suspend ${user.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${user.email}?` });
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(`${user.email} is suspended: signed out everywhere, and their alerts are paused.`)).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: user.email })
      .getByText(/^Suspended /),
  ).toBeVisible();

  // Their open page is signed out (at once when its live-update stream tells it the user changed;
  // at the latest on their next navigation).
  await elsewhere.page.goto('/library');
  await expect(elsewhere.page).toHaveURL(/\/login\?redirect_to=%2Flibrary$/);
  // Signing in again is refused, with the reason.
  await elsewhere.page.getByLabel('Email').fill(user.email);
  await elsewhere.page.getByLabel('Password').fill(user.password);
  await elsewhere.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(elsewhere.page.getByText('Your account is suspended. Please contact your administrator.')).toBeVisible();
  await elsewhere.context.close();

  // Their alert does not run (the operator's run-alerts goes through the workers' engine and schedule).
  expect((await admin('run-alerts', '--user', user.email)).at(-1)).toBe('No active alerts to run.');
  expect(await sql('SELECT 1 FROM alert_runs WHERE user_id = $1', [user.id])).toEqual([]);
  expect(await sql('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);
});

test('deleting a user (the address typed again) leaves nothing of theirs in any table', async ({ page, browser }) => {
  const elsewhere = await userElsewhere(browser);
  const { user } = elsewhere;
  await insertNewsAlert(db(), user.id);
  await insertNewsletter(db(), user.id);
  // Mail of theirs still queued: one about them, one to their address.
  await sql(
    `INSERT INTO mail_outbox (to_address, subject, text_body, kind, user_id, next_attempt_at)
     VALUES ($1, 'Alert', 'b', 'news-alert', $2, now() + interval '1 hour'), ($1, 'Code', 'b', 'otp', NULL, now() + interval '1 hour')`,
    [user.email, user.id],
  );
  await operatorOn(page, '/users');
  await page.getByLabel('Search by address or name').fill(user.email);
  await page.getByRole('button', { name: `Delete ${user.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${user.email}?` });
  const confirm = dialog.getByRole('button', { name: 'Delete for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type the user's e-mail address to confirm").fill(`${user.email}x`);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type the user's e-mail address to confirm").fill(user.email);
  await confirm.click();
  await expect(page.getByText(`${user.email} and everything of theirs was deleted.`)).toBeVisible();
  await expect(page.getByText('No user matches.')).toBeVisible();

  // Every table with a user id column (named user_id, or a foreign key to users) has no row of theirs.
  expect((await userIdColumns(sql)).length).toBeGreaterThanOrEqual(18);
  expect(await userRowsLeft(sql, user.id)).toEqual([]);
  expect(await sql('SELECT 1 FROM users WHERE id = $1 OR email = $2', [user.id, user.email])).toEqual([]);
  expect(await sql('SELECT 1 FROM mail_outbox WHERE to_address = $1', [user.email])).toEqual([]);
  expect(await sql('SELECT 1 FROM invites WHERE email = $1', [user.email])).toEqual([]);
  // Their open page is signed out at its next navigation.
  await elsewhere.page.goto('/library');
  await expect(elsewhere.page).toHaveURL(/\/login\?redirect_to=%2Flibrary$/);
  await elsewhere.context.close();
});

test('anyone but an operator gets the 404 page at /admin, and no console entry in the menu', async ({ page }) => {
  const signedOut = await page.goto('/admin');
  expect(signedOut?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await signedInUser(page);
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Library', exact: true })).toBeAttached();
  await expect(page.getByRole('link', { name: 'Operator console' })).toHaveCount(0);
  for (const path of ['/admin', '/admin/users']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Operator console' })).toHaveCount(0);
  }
  // Its API too.
  const api = await page.request.get('/api/admin/users');
  expect(api.status()).toBe(404);
});
