import { expect, registeredUser, sql, test, uniqueEmail, waitForMail } from './support/fixtures.ts';

test('code sign-in: request, 60-second resend countdown, wrong code, right code → /sonar-os', async ({ page }) => {
  const user = await registeredUser();
  await sql('UPDATE users SET profile_completed = true WHERE email = $1', [user.email]);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/email-otp$/);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('OTP Sent')).toBeVisible();
  const resend = page.getByRole('button', { name: /Resend code in (60|59|58)s/ });
  await expect(resend).toBeDisabled();

  const mail = await waitForMail(user.email, /is your Enterprise OS code/);
  const code = mail.text.match(/\b(\d{6})\b/)![1]!;

  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Error verifying OTP')).toBeVisible();

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByText('You are now logged in!')).toBeVisible();
  await expect(page).toHaveURL(/\/sonar-os\/news$/);
});

test('a code for an address without an account creates nothing', async ({ page }) => {
  const email = uniqueEmail('stranger');
  await page.goto('/email-otp');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('OTP Sent')).toBeVisible();
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Error verifying OTP')).toBeVisible();
  expect(await sql('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(0);
});
