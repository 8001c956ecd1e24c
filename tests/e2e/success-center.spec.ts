import AxeBuilder from '@axe-core/playwright';
import { expect, signedInUser, test } from './support/fixtures.ts';

test('/success-center without a session goes to /login with the sign-in prompt', async ({ page }) => {
  await page.goto('/success-center');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fsuccess-center$/);
  await expect(page.getByText('Authentication required')).toBeVisible();
  await expect(page.getByText('Please login to continue.')).toBeVisible();
});

test('the Success Center shows the support contacts and the subscription', async ({ page }) => {
  await signedInUser(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Success Center', exact: true }).click();
  await expect(page).toHaveURL(/\/success-center$/);
  await expect(page).toHaveTitle('Success Center | Enterprise OS');
  await expect(page.getByRole('heading', { level: 1, name: 'Success Center' })).toBeVisible();

  // The contacts come from the server's SUPPORT_EMAIL / SUPPORT_CHAT_URL (tests/e2e/support/env.ts).
  const contact = page.getByRole('region', { name: 'Contact support' });
  await expect(contact.getByRole('link', { name: 'success@example.com' })).toHaveAttribute('href', 'mailto:success@example.com');
  const chat = contact.getByRole('link', { name: /WhatsApp/ });
  await expect(chat).toHaveAttribute('href', 'https://wa.me/15555550100');
  await expect(chat).toHaveAttribute('target', '_blank');
  await expect(contact.getByText('9am-5pm EST')).toBeVisible();
  await expect(contact.getByText('Email response within 24 hours')).toBeVisible();
  await expect(contact.getByText('not configured')).toHaveCount(0);

  const subscription = page.getByRole('region', { name: 'Your subscription' });
  await expect(subscription.getByText('Tier 2: Professional')).toBeVisible();
  await expect(subscription.getByText('Enterprise', { exact: true })).toBeVisible();
  await expect(subscription.getByText('3 AIR generations per month included')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Profile', exact: true }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the FAQ opens one answer at a time and can close it', async ({ page }) => {
  await signedInUser(page, { at: '/success-center' });
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await expect(faq.getByRole('heading', { level: 3 })).toHaveCount(3);
  const quality = faq.getByRole('button', { name: 'How are the prospects in a report chosen?' });
  const timing = faq.getByRole('button', { name: 'How long does a report take?' });
  const alerts = faq.getByRole('button', { name: 'Where are my Sonar OS alerts sent, and how do I change it?' });
  const openAnswers = faq.getByRole('region');
  for (const question of [quality, timing, alerts]) await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(openAnswers).toHaveCount(0);

  await quality.click();
  await expect(quality).toHaveAttribute('aria-expanded', 'true');
  await expect(openAnswers).toHaveCount(1);
  await expect(openAnswers).toContainText('quality score from 0.00 to 1.00');
  await expect(openAnswers).toContainText('Only prospects at or above the 0.80 cut-off are included');
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await timing.click();
  await expect(quality).toHaveAttribute('aria-expanded', 'false');
  await expect(timing).toHaveAttribute('aria-expanded', 'true');
  await expect(openAnswers).toHaveCount(1);
  await expect(openAnswers).toContainText('Reports arrive in your inbox within 24 hours of your request.');
  await expect(faq.getByText('0.80 cut-off')).toHaveCount(0);

  await alerts.click();
  await expect(timing).toHaveAttribute('aria-expanded', 'false');
  await expect(openAnswers).toHaveCount(1);
  await expect(openAnswers).toContainText('the alerts e-mail in your Profile');

  // The open answer closes again, leaving none open.
  await alerts.click();
  await expect(alerts).toHaveAttribute('aria-expanded', 'false');
  await expect(openAnswers).toHaveCount(0);

  // The answer's link leads to where the alerts e-mail is changed.
  await alerts.click();
  await openAnswers.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Alerts e-mail (optional)')).toBeVisible();
});
