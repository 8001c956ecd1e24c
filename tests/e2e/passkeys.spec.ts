// Passkeys (issue 30 §2) in Chromium, with its virtual authenticator (DevTools protocol's WebAuthn
// domain) standing in for the device: one added from the profile, named; signed in with from
// /login without a password; listed; removed, after which it signs in no more. And the passkey
// offered in the e-mail field's autofill (conditional UI).
import type { BrowserContext, Page } from '@playwright/test';
import { passkeyMessages } from '../../src/shared/passkeys.ts';
import { expect, signedInUser, sql, test } from './support/fixtures.ts';

/** A platform authenticator (like a laptop's fingerprint reader) that says yes to every prompt. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Chromium's virtual authenticator answers a conditional (autofill) request at once, as a user
 * picking the passkey from the list would: a browser without autofill for passkeys keeps the
 * button's journey apart from it.
 */
const withoutPasskeyAutofill = (page: Page) =>
  page.addInitScript(() => {
    if (window.PublicKeyCredential) window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });

const isPath = (path: string) => (request: { url(): string }) => new URL(request.url()).pathname === path;

test('a passkey added on the profile signs in from /login without a password, and no longer once removed', async ({ page, context }) => {
  await withoutPasskeyAutofill(page);
  const authenticator = await virtualAuthenticator(context, page);
  const user = await signedInUser(page, { at: '/profile' });
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText(passkeyMessages.empty)).toBeVisible();

  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name (optional)').fill('Work laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText(passkeyMessages.added)).toBeVisible();
  await expect(dialog).toBeHidden();
  const item = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await expect(item).toContainText('This device only');
  expect(await authenticator.credentials()).toHaveLength(1);
  const [row] = await sql<{ name: string }>('SELECT p.name FROM passkeys p JOIN users u ON u.id = p.user_id WHERE u.email = $1', [
    user.email,
  ]);
  expect(row?.name).toBe('Work laptop');

  await signOut(page);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  const passwordSignIns: string[] = [];
  page.on('request', (request) => {
    if (isPath('/api/auth/sign-in/email')(request)) passwordSignIns.push(request.url());
  });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByText("Let's go")).toBeVisible();
  expect(passwordSignIns).toEqual([]);

  await page.goto('/profile');
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove “Work laptop”?' });
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText(passkeyMessages.removed)).toBeVisible();
  await expect(section.getByText(passkeyMessages.empty)).toBeVisible();

  // The device still holds it, but the server no longer knows it.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(passkeyMessages.signInFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await authenticator.credentials()).toHaveLength(1);
});

test('/login offers the passkey in the e-mail field’s autofill as it loads, and it signs in', async ({ page, context }) => {
  await virtualAuthenticator(context, page);
  await signedInUser(page, { at: '/profile' });
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('dialog', { name: 'Add a passkey' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText(passkeyMessages.added)).toBeVisible();
  // No name, and a maker the plugin does not know (Chromium's virtual authenticator): "Passkey".
  await expect(section.getByRole('listitem')).toContainText('Passkey');

  // Signing out lands on /login, whose conditional request starts as it loads, without a click;
  // headless Chromium shows no autofill list, and its virtual authenticator answers for the user.
  const optionsFetched = page.waitForRequest(isPath('/api/auth/passkey/generate-authenticate-options'));
  const passwordSignIns: string[] = [];
  page.on('request', (request) => {
    if (isPath('/api/auth/sign-in/email')(request)) passwordSignIns.push(request.url());
  });
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await optionsFetched;
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByText("Let's go")).toBeVisible();
  expect(passwordSignIns).toEqual([]);
});
