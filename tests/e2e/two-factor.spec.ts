// Two-factor sign-in with an authenticator app (issue 30 §1), whole journeys in Chromium: the
// codes are computed in the test from the key the page shows, as a phone's app would.
import type { Page } from '@playwright/test';
import { twoFactorTexts } from '../../src/shared/two-factor.ts';
import { totp } from '../support/totp.ts';
import { expect, signedInUser, type TestUser, test, waitForMail } from './support/fixtures.ts';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/two-factor(\?|$)/);
  await expect(page.getByRole('heading', { name: twoFactorTexts.stepTitle })).toBeVisible();
}

/** Turns two-factor sign-in on from the profile; the key and the backup codes the page showed. */
async function enrol(page: Page, password: string) {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' }).or(page.locator('[aria-labelledby="two-factor-title"]'));
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(twoFactorTexts.passwordRequired)).toBeVisible();
  await dialog.getByLabel('Password').fill('not-my-password-1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(twoFactorTexts.wrongPassword)).toBeVisible();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const key = (await dialog.getByTestId('manual-key').textContent())!.replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);

  await dialog.getByLabel('Code from the app').fill('000000' === totp(key) ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText(twoFactorTexts.invalidCode)).toBeVisible();
  await dialog.getByLabel('Code from the app').fill(totp(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const list = dialog.getByRole('list', { name: 'Backup codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const backupCodes = await list.getByRole('listitem').allTextContents();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('enterprise-os-backup-codes.txt');
  await dialog.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByText('10 of 10 backup codes left')).toBeVisible();
  return { key, backupCodes };
}

test('two-factor sign-in: enrol from the profile, sign in with the app, with a backup code once, and a trusted device', async ({
  page,
}) => {
  const user = await signedInUser(page, { at: '/profile' });
  const { key, backupCodes } = await enrol(page, user.password);
  await signOut(page);

  // The password alone is not enough: the code from the app is asked, a wrong one is refused.
  await passwordStep(page, user);
  await page.getByLabel('Authentication code').fill(totp(key, { step: 5 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(twoFactorTexts.invalidCode)).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await signOut(page);

  // A backup code works once.
  await passwordStep(page, user);
  await page.getByRole('button', { name: twoFactorTexts.useBackupCode }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await page.goto('/profile');
  await expect(page.getByText('9 of 10 backup codes left')).toBeVisible();
  await signOut(page);

  await passwordStep(page, user);
  await page.getByRole('button', { name: twoFactorTexts.useBackupCode }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(twoFactorTexts.invalidBackupCode)).toBeVisible();
  await expect(page).toHaveURL(/\/two-factor(\?|$)/);

  // "Trust this device": the next sign-in here asks for the password only.
  await page.getByRole('button', { name: twoFactorTexts.useApp }).click();
  await page.getByLabel('Authentication code').fill(totp(key));
  await page.getByLabel(twoFactorTexts.trustDevice).check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await signOut(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/homepage$/);
});

test('two-factor sign-in: asked after the e-mailed code too; turned off with the password and a code', async ({ page }) => {
  const user = await signedInUser(page, { at: '/profile' });
  const { key, backupCodes } = await enrol(page, user.password);
  await signOut(page);

  // The e-mailed code is a first factor: the app's code is still asked for.
  await page.goto('/email-otp');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const mail = await waitForMail(user.email, /is your Enterprise OS code/);
  await page.getByLabel('Code').fill(mail.text.match(/\b(\d{6})\b/)![1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/two-factor(\?|$)/);
  await page.getByLabel('Authentication code').fill(totp(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/sonar-os\/news$/);

  await page.goto('/profile');
  const card = page.locator('[aria-labelledby="two-factor-title"]');
  await card.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByText(twoFactorTexts.disableCodeRequired)).toBeVisible();
  // A backup code: the app's current code was just used to sign in, and may be in its last seconds.
  await dialog.getByLabel('Code from your app, or a backup code').fill(backupCodes[0]!);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByText(/^Off\./)).toBeVisible();
});
