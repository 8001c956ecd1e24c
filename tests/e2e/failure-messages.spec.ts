// The spec's failure messages (spec 01 §8) that need a failing server or network to appear: the
// failure is made at the HTTP boundary, the page is the real one.
import { createHash, randomBytes } from 'node:crypto';
import { E2E_BASE_URL } from '../../playwright.config.ts';
import {
  admin,
  afterRetries,
  completeProfile,
  expect,
  linkIn,
  registeredUser,
  signIn,
  sql,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures.ts';

const serverError = { status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } };

test('login: any failure other than a wrong password', async ({ page }) => {
  await page.route('**/api/auth/sign-in/email', (route) => route.fulfill(serverError));
  await signIn(page, { email: 'someone@example.com', password: 'whatever-1' });
  await expect(page.getByText("Hmm.. something's off. Give it another go.")).toBeVisible();
});

test('registration: a network failure, and an e-mail that already has an account', async ({ page }) => {
  const existing = await registeredUser();
  // An invite for an address that already has an account (the CLI refuses to issue one).
  const token = randomBytes(32).toString('base64url');
  await sql(`INSERT INTO invites (email, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    existing.email,
    createHash('sha256').update(token).digest('hex'),
  ]);
  await page.goto(`/invite-only?token=${token}`);
  await page.getByLabel('First name').fill('Dup');
  await page.getByLabel('Last name').fill('Licate');
  await expect(page.getByLabel('Email')).toHaveValue(existing.email);
  await page.getByLabel('Password').fill('secret-pass-1');
  await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/dup');
  await page.getByLabel('Phone').fill('+1 919 555 0103');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Failed to create user.')).toBeVisible();

  await page.route('**/api/accounts/registration', (route) => route.abort());
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
});

test('forgot password: a failure', async ({ page }) => {
  await page.route('**/api/auth/request-password-reset', (route) => route.abort());
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText("Hmm.. that didn't work. Is that the right email?")).toBeVisible();
});

test('reset password: the link is spent while the page is open', async ({ page }) => {
  const user = await registeredUser();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const link = linkIn(await waitForMail(user.email, /Reset your Enterprise OS password/), '/reset-password?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();

  const token = new URL(link, E2E_BASE_URL).searchParams.get('token');
  const spent = await fetch(`${E2E_BASE_URL}/api/accounts/password-links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: E2E_BASE_URL },
    body: JSON.stringify({ token, password: 'other-pass-1', confirmPassword: 'other-pass-1', purpose: 'reset' }),
  });
  expect(spent.status).toBe(200);

  await page.getByLabel('New password').fill('brand-new-pass');
  await page.getByLabel('Confirm password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Authentication Error')).toBeVisible();
  await expect(page.getByText('We could not verify your session. Your reset link may have expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('reset password: the server fails', async ({ page }) => {
  const user = await registeredUser();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.goto(linkIn(await waitForMail(user.email, /Reset your Enterprise OS password/), '/reset-password?token='));
  await page.route('**/api/accounts/password-links', (route) => route.fulfill(serverError));
  await page.getByLabel('New password').fill('brand-new-pass');
  await page.getByLabel('Confirm password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Failed to reset password')).toBeVisible();
});

test('create password: the invite link is spent while the page is open', async ({ page }) => {
  const email = uniqueEmail('spent-invite');
  const link = (await admin('create-user', email)).at(-1)!.replace(E2E_BASE_URL, '');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create your password' })).toBeVisible();
  const token = new URL(link, E2E_BASE_URL).searchParams.get('token');
  const spent = await fetch(`${E2E_BASE_URL}/api/accounts/password-links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: E2E_BASE_URL },
    body: JSON.stringify({ token, password: 'other-pass-1', confirmPassword: 'other-pass-1', purpose: 'invite' }),
  });
  expect(spent.status).toBe(200);
  await page.getByLabel('New password').fill('first-pass-1');
  await page.getByLabel('Confirm password').fill('first-pass-1');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Authentication error')).toBeVisible();
  await expect(page.getByText('Unable to verify your invite. Please try again.')).toBeVisible();
});

test('one-time code: sending fails; a verification that returns no session', async ({ page }) => {
  await page.route('**/api/auth/email-otp/send-verification-otp', (route) =>
    route.fulfill({
      status: 429,
      json: { error: { code: 'too_many_attempts', message: 'Too many attempts. Please wait a few minutes and try again.' } },
    }),
  );
  await page.goto('/email-otp');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Error sending OTP')).toBeVisible();
  await expect(page.getByText('Too many attempts. Please wait a few minutes and try again.')).toBeVisible();

  await page.unroute('**/api/auth/email-otp/send-verification-otp');
  await page.route('**/api/auth/sign-in/email-otp', (route) => route.fulfill({ status: 200, json: {} }));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('OTP Sent')).toBeVisible();
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Error verifying OTP')).toBeVisible();
  await expect(page.getByText('No session returned')).toBeVisible();
});

test('profile: loading fails; saving fails', async ({ page }) => {
  const user = await registeredUser();
  await signIn(page, user);
  await completeProfile(page);

  await page.route('**/api/profile', (route) => (route.request().method() === 'PUT' ? route.fulfill(serverError) : route.fallback()));
  await page.goto('/profile');
  await page.getByLabel('Job title').fill('Sales Director');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Update failed')).toBeVisible();

  await page.unroute('**/api/profile');
  // The page reads the profile through the app's session check.
  await page.route('**/api/profile/current', (route) => route.fulfill(serverError));
  await page.clock.install();
  await page.reload();
  // Reads are retried three times (1 s, 2 s, 4 s) before the page gives up.
  await afterRetries(page, page.getByRole('alert').filter({ hasText: 'Error loading profile' }));
  await page.unroute('**/api/profile/current');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Job title')).toBeVisible();
});

test('profile completion without a session asks to log in to complete the profile', async ({ page }) => {
  await page.goto('/profile-completion');
  await expect(page.getByText('Authentication required')).toBeVisible();
  await expect(page.getByText('Please login to complete your profile.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fprofile-completion$/);
});

test('a screen that fails to load shows the router error', async ({ page, consoleProblems }) => {
  // A screen loaded on demand (the sign-in page itself is in the main file).
  await page.route('**/assets/forgot-password-page-*.js', (route) => route.abort());
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  // The error page logs the error; here the journey made it.
  expect(await consoleProblems.take()).toEqual([
    expect.stringMatching(/^console error: TypeError: Failed to fetch dynamically imported module/),
  ]);
});
