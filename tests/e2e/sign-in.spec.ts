import { expect, registeredUser, signIn, sql, test } from './support/fixtures.ts';

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

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Access Restricted')).toBeVisible();
  await expect(page.getByText("Password didn't match the user record.")).toBeVisible();

  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
