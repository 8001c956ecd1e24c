import AxeBuilder from '@axe-core/playwright';
import { expect, signedInUser, test } from './support/fixtures.ts';

test('/wolfebot without a session goes to /login with the sign-in prompt', async ({ page }) => {
  await page.goto('/wolfebot');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fwolfebot$/);
  await expect(page.getByText('Authentication required')).toBeVisible();
});

test('Wolfebot Assistant is a coming-soon page: 8 example chats and a composer, all disabled', async ({ page }) => {
  await signedInUser(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wolfebot Assistant', exact: true }).click();
  await expect(page).toHaveURL(/\/wolfebot$/);
  await expect(page).toHaveTitle('Wolfebot Assistant | Enterprise OS');
  await expect(page.getByRole('heading', { level: 1, name: 'Wolfebot Assistant' })).toBeVisible();
  await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();

  const chats = page.getByRole('list', { name: 'Conversations' }).getByRole('button');
  await expect(chats).toHaveCount(8);
  for (const chat of await chats.all()) await expect(chat).toBeDisabled();
  await expect(chats.first()).toHaveText('Prep for Acme discovery call');

  const input = page.getByRole('textbox', { name: 'Message Wolfebot' });
  await expect(input).toBeDisabled();
  await expect(input).toHaveAttribute('placeholder', /coming soon/i);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

  await expect(page.getByRole('region', { name: 'What Wolfebot will do' }).getByRole('heading', { level: 3 })).toHaveCount(4);

  // Only this page: the sign-in toast may still be fading in, which axe reads as low contrast.
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The note's link leads to the Home toggle that asks for a launch notification.
  await page.getByRole('note').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByRole('article', { name: 'Wolfebot' }).getByRole('button', { name: 'Notify me when available' })).toBeVisible();
});
