import { admin, completeProfile, expect, linkIn, registeredUser, signIn, sql, test, uniqueEmail, waitForMail } from './support/fixtures.ts';

test('operator invites → invitee registers (and is signed in) → completes profile → /homepage', async ({ page }) => {
  const email = uniqueEmail('invitee');
  const output = await admin('invite', email);
  const printed = output.at(-1)!;
  expect(printed).toMatch(/\/invite-only\?token=/);

  // The same link arrives by e-mail.
  const mail = await waitForMail(email, /invitation/i);
  const path = linkIn(mail, '/invite-only?token=');
  expect(printed).toContain(path);

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // The invited address is filled in and cannot be changed.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).not.toBeEditable();

  // Every field is required.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('LinkedIn URL is required')).toBeVisible();
  await expect(page.getByText('Phone is required')).toBeVisible();

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Password').fill('abc');
  await page.getByLabel('LinkedIn URL').fill('not a url');
  await page.getByLabel('Phone').fill('+1 919 555 0101');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Enter a valid URL (https://…)')).toBeVisible();

  // A common password is refused with the reasons, under the field and in the toast.
  await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/ada');
  await page.getByLabel('Password').fill('123456');
  await page.getByRole('button', { name: 'Create account' }).click();
  const reasons = 'This password is too easy to guess. This is a heavily used password. Add more words that are less common.';
  await expect(page.getByText(reasons)).toHaveCount(2);

  // Changing the password removes the cause: the toast and the field's error close.
  await page.getByLabel('Password').fill('secret-pass-1');
  await expect(page.getByText(reasons)).toHaveCount(0);

  // Registering signs the user in and goes on to completing the profile, with no stale toast.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page.getByText(reasons)).toHaveCount(0);
  await completeProfile(page);
  await expect(page.getByRole('heading', { name: 'Enterprise OS', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `Ada Lovelace ${email}` })).toBeAttached();

  // A used invite cannot register again (nor tell its address).
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-pass-1');
  await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/ada');
  await page.getByLabel('Phone').fill('+1 919 555 0101');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Invalid invite token or email mismatch')).toBeVisible();
});

test('registration without a token says so; a signed-in user without a token goes to /homepage', async ({ page }) => {
  await page.goto('/invite-only');
  await expect(page.getByText('Invalid invite link - missing token')).toBeVisible();
  const user = await registeredUser();
  await sql('UPDATE users SET profile_completed = true WHERE email = $1', [user.email]);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/homepage$/);
  await page.goto('/invite-only');
  await expect(page).toHaveURL(/\/homepage$/);
});

test('an expired or revoked invite is refused', async ({ page }) => {
  const email = uniqueEmail('revoked');
  const link = (await admin('invite', email)).at(-1)!;
  expect((await admin('revoke-invite', email)).at(-1)).toContain('Revoked 1');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('First name').fill('Rev');
  await page.getByLabel('Last name').fill('Oked');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-pass-1');
  await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/rev');
  await page.getByLabel('Phone').fill('+1 919 555 0102');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Invalid invite token or email mismatch')).toBeVisible();
  expect((await admin('list-invites')).join('\n')).toMatch(new RegExp(`${email.replace(/[.+]/g, '\\$&')}\\s+revoked`));
});
