import { expect, registeredUser, signIn, sql, test, waitForMail } from './support/fixtures.ts';

test('login validates, refuses a wrong password with the spec message, and returns to the origin', async ({ page }) => {
  const user = await registeredUser();
  await sql('UPDATE users SET profile_completed = true WHERE email = $1', [user.email]);

  // Guard: a protected page sends the visitor to /login, remembering where they were.
  await page.goto('/sonar-os/earnings?tab=1');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fsonar-os%2Fearnings%3Ftab%3D1$/);
  await expect(page.getByText('Authentication required')).toBeVisible();
  await expect(page.getByText('Please login to continue.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members only access' })).toBeVisible();
  await expect(page).toHaveTitle('Login | Enterprise OS');

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Access Restricted')).toBeVisible();
  await expect(page.getByText("Password didn't match the user record.")).toBeVisible();

  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/sonar-os\/earnings\?tab=1$/);
  await expect(page).toHaveTitle('Earnings Alerts | Enterprise OS');

  // A signed-in user on /login goes to /homepage.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page).toHaveTitle('Enterprise OS');
});

test('redirect_to to another site is ignored after sign-in', async ({ page }) => {
  const user = await registeredUser();
  await sql('UPDATE users SET profile_completed = true WHERE email = $1', [user.email]);
  await signIn(page, user, '/login?redirect_to=https://evil.example/steal');
  await expect(page).toHaveURL(/\/homepage$/);
  await page.goto('/login?redirect_to=//evil.example');
  await expect(page).toHaveURL(/\/homepage$/);
});

test('an unknown e-mail gets the generic sign-in failure', async ({ page }) => {
  await signIn(page, { email: 'nobody-here@example.com', password: 'whatever1' });
  await expect(page.getByText('Access Restricted')).toBeVisible();
});

test('password sign-in paused by wrong guesses: the owner is told for how long and signs in with a code', async ({ page }) => {
  const user = await registeredUser();
  await sql('UPDATE users SET profile_completed = true WHERE email = $1', [user.email]);
  // Someone else has tried ten wrong passwords for this account in the last minutes.
  await sql(`INSERT INTO auth_attempts (key, failures, window_start) VALUES ($1, 10, now())`, [`/sign-in/email:account:${user.email}`]);

  await signIn(page, user);
  await expect(page.getByText("Hmm.. something's off. Give it another go.")).toBeVisible();
  await expect(
    page.getByText(
      'Too many wrong passwords were tried for this account, so password sign-in is paused for 15 minutes. You can still sign in with a one-time code sent to your e-mail.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a code' }).click();
  await expect(page).toHaveURL(/\/email-otp$/);

  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('OTP Sent')).toBeVisible();
  const mail = await waitForMail(user.email, /is your Enterprise OS code/);
  await page.getByLabel('Code').fill(mail.text.match(/\b(\d{6})\b/)![1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('You are now logged in!')).toBeVisible();
});
