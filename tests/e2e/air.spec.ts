import AxeBuilder from '@axe-core/playwright';
import { expect, signedInUser, test } from './support/fixtures.ts';

const THIRTY = 'Warehouse robots; Ops, Finance';
const TWENTY_NINE = THIRTY.slice(0, -1);
const BE_THOROUGH = 'IMPORTANT: be thorough to receive an accurate prospect list';

const PIPELINE = [
  ['Company Enrichment', 'Active'],
  ['News Intelligence', 'Active'],
  ['Social Listening', 'Active'],
  ['Persona Builder', 'Active'],
  ['Prospect Discovery', 'Active'],
  ['Outreach Strategy', 'Active'],
  ['Report Builder', 'In Development'],
  ['Instant Delivery', 'In Development'],
] as const;

test('/air without a session goes to /login with the sign-in prompt', async ({ page }) => {
  await page.goto('/air');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fair$/);
  await expect(page.getByText('Authentication required')).toBeVisible();
  await expect(page.getByText('Please login to continue.')).toBeVisible();
});

test('AIR shows credits, the report promise and the pipeline, and says it is not live yet', async ({ page }) => {
  await signedInUser(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account Intelligence Report', exact: true }).click();
  await expect(page).toHaveURL(/\/air$/);
  await expect(page).toHaveTitle('Account Intelligence Report | Enterprise OS');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Intelligence Report' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('AIR is not live yet.');

  const credits = page.getByRole('region', { name: 'Your credits' });
  await expect(credits).toContainText('0 credits available');
  await expect(credits.getByText('Credit Refresh: 1st of the month')).toBeVisible();

  const promise = page.getByRole('region', { name: 'Every report is built to deliver' });
  await expect(promise.getByText('20 ICP-matched prospects')).toBeVisible();
  await expect(promise.getByText('15+ APIs')).toBeVisible();

  await expect(page.getByRole('heading', { level: 2, name: 'Under the Hood' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Under the Hood' }).getByRole('listitem');
  await expect(steps).toHaveCount(PIPELINE.length);
  for (const [index, [name, state]] of PIPELINE.entries()) {
    const step = steps.nth(index);
    await expect(step.getByRole('heading', { level: 3 })).toHaveText(`${index + 1}.${name}`);
    await expect(step.getByText(state, { exact: true })).toBeVisible();
    await expect(step.getByText(state === 'Active' ? 'In Development' : 'Active', { exact: true })).toHaveCount(0);
  }
});

test('Email me the report needs a website and 30 trimmed characters, then only says Coming soon!', async ({ page }) => {
  await signedInUser(page, { at: '/air' });
  const website = page.getByLabel('Company Website');
  const solution = page.getByLabel('Solution & Buying Centers');
  const send = page.getByRole('button', { name: 'Email me the report' });
  const hint = page.getByText(BE_THOROUGH);

  await expect(send).toBeDisabled();
  await expect(page.getByText('0/30 characters (30 more needed)')).toBeVisible();

  // The hint waits until the field is left with too little text.
  await solution.fill('Warehouse robots');
  await expect(page.getByText('16/30 characters (14 more needed)')).toBeVisible();
  await expect(hint).toBeHidden();
  await solution.blur();
  await expect(hint).toBeVisible();
  await expect(solution).toHaveAttribute('aria-invalid', 'true');
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // 29 characters inside surrounding spaces are not enough; 30 are.
  await website.fill('https://www.northwind.example');
  await solution.fill(`   ${TWENTY_NINE}   `);
  await expect(page.getByText('29/30 characters (1 more needed)')).toBeVisible();
  await expect(send).toBeDisabled();
  await expect(hint).toBeVisible();
  await solution.fill(`   ${THIRTY}   `);
  await expect(page.getByText('30 characters', { exact: true })).toBeVisible();
  await expect(send).toBeEnabled();
  await expect(hint).toBeHidden();
  await expect(solution).not.toHaveAttribute('aria-invalid');

  // Shortening again brings both back; a blank website disables the button too.
  await solution.fill(TWENTY_NINE);
  await expect(send).toBeDisabled();
  await expect(hint).toBeVisible();
  await solution.fill(THIRTY);
  await expect(send).toBeEnabled();
  await website.fill('   ');
  await expect(send).toBeDisabled();
  await website.fill('northwind.example');
  await expect(send).toBeEnabled();

  // Nothing is sent or stored: the click makes no request to the API.
  const apiWrites: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') apiWrites.push(`${request.method()} ${request.url()}`);
  });
  await send.click();
  await expect(page.getByText('Coming soon!')).toBeVisible();
  await expect(website).toHaveValue('northwind.example');
  await expect(solution).toHaveValue(THIRTY);
  expect(apiWrites).toEqual([]);
});
