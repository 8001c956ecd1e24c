import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures.ts';

test('landing page: badge, heading, tagline, Sign In, Request Access in a new tab', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Built by a former B2B sales pro').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enterprise OS by the provider');
  await expect(page.getByText('An inbox-first intelligence platform built to maximize selling time for B2B sales teams')).toBeVisible();
  const requestAccess = page.getByRole('link', { name: 'Request Access' });
  await expect(requestAccess).toHaveAttribute('target', '_blank');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('/hello shows stats, pricing plans and Get Started', async ({ page }) => {
  await page.goto('/hello');
  await expect(page.getByText('2,500+')).toBeVisible();
  const pricing = page.getByRole('region', { name: 'Pricing' });
  for (const [plan, price, features] of [
    ['Starter', '$99', '4/12'],
    ['Professional', '$199', '8/12'],
    ['Enterprise', 'Custom', '12/12'],
  ] as const) {
    await pricing.getByRole('button', { name: plan, exact: true }).click();
    await expect(pricing.getByRole('button', { name: plan, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(pricing.getByText(price, { exact: true })).toBeVisible();
    await expect(pricing.getByText(`${features} features included`)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('legal pages state the terms and offer Login and Dashboard', async ({ page }) => {
  await page.goto('/tos');
  await expect(page.getByText(/North Carolina/).first()).toBeVisible();
  await expect(page.getByText(/24 hours/).first()).toBeVisible();
  await expect(page.getByText(/90 days/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/homepage');
  await page.goto('/privacy-policy');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

for (const path of ['/', '/hello', '/tos', '/privacy-policy', '/login', '/email-otp', '/forgot-password', '/invite-only?token=x']) {
  test(`no serious or critical accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test("a signed-out visitor's pages make no request that fails (the session check answers 'nobody', not 401)", async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  for (const path of ['/', '/hello', '/tos', '/login', '/forgot-password']) {
    const session = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/profile/current');
    await page.goto(path);
    expect((await session).status()).toBe(200);
  }
  expect(failed).toEqual([]);
});
