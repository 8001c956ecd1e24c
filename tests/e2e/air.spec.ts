// Prospect OS live (issue 17): the request's rules, a report researched step by step while the page
// follows it, the report page and e-mail with their sources, credits (used, at 0, back on the 1st),
// a step whose source is down, and the page without an AI provider.
import AxeBuilder from '@axe-core/playwright';
import { companySiteUrl, expect, secondCompanySiteUrl, signedInOn, signedInUser, sql, test, waitForMail } from './support/fixtures.ts';
import { secondServer } from './support/second-server.ts';

const THIRTY = 'Warehouse robots; Ops, Finance';
const TWENTY_NINE = THIRTY.slice(0, -1);
const BE_THOROUGH = 'IMPORTANT: be thorough to receive an accurate prospect list';
const SOLUTION = 'Warehouse orchestration software; buyers are Supply Chain Operations and Finance leaders.';

const PIPELINE = [
  'Company Enrichment',
  'News Intelligence',
  'Social Listening',
  'Persona Builder',
  'Prospect Discovery',
  'Outreach Strategy',
  'Report Builder',
  'Instant Delivery',
] as const;

test('/air without a session goes to /login with the sign-in prompt', async ({ page }) => {
  await page.goto('/air');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fair$/);
  await expect(page.getByText('Authentication required')).toBeVisible();
  await expect(page.getByText('Please login to continue.')).toBeVisible();
});

test('AIR shows the real credits, the report promise and the eight live steps', async ({ page }) => {
  await signedInUser(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account Intelligence Report', exact: true }).click();
  await expect(page).toHaveURL(/\/air$/);
  await expect(page).toHaveTitle('Account Intelligence Report | Enterprise OS');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Intelligence Report' })).toBeVisible();
  await expect(page.getByText('AIR is not live yet.')).toHaveCount(0);

  const credits = page.getByRole('region', { name: 'Your credits' });
  await expect(credits).toContainText('3 credits available');
  await expect(credits).toContainText('of 3 this month');
  await expect(credits.getByText('Credit Refresh: 1st of the month')).toBeVisible();

  const promise = page.getByRole('region', { name: 'Every report is built to deliver' });
  await expect(promise.getByText('20 ICP-matched prospects')).toBeVisible();
  await expect(promise.getByText('15+ APIs')).toBeVisible();

  const steps = page.getByRole('list', { name: 'Under the Hood' }).getByRole('listitem');
  await expect(steps).toHaveCount(PIPELINE.length);
  for (const [index, name] of PIPELINE.entries()) {
    await expect(steps.nth(index).getByRole('heading', { level: 3 })).toHaveText(`${index + 1}.${name}`);
    await expect(steps.nth(index).getByText('Active', { exact: true })).toBeVisible();
  }
  await expect(page.getByText('In Development', { exact: true })).toHaveCount(0);
});

test('Email me the report needs a website and 30 trimmed characters', async ({ page }) => {
  await signedInUser(page, { at: '/air' });
  const website = page.getByLabel('Company Website');
  const solution = page.getByLabel('Solution & Buying Centers');
  const send = page.getByRole('button', { name: 'Email me the report' });
  const hint = page.getByText(BE_THOROUGH);

  // The profile's solution prefills the field; cleared, the rule shows.
  await expect(solution).toHaveValue(/Warehouse automation/);
  await solution.fill('');
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

  // A blank website disables the button; one that is not an address is refused on its field.
  await website.fill('   ');
  await expect(send).toBeDisabled();
  await website.fill('not a website');
  await send.click();
  await expect(page.getByText('Enter the company website as a web address, e.g. https://www.example.com')).toBeVisible();
  await expect(page).toHaveURL(/\/air$/);
});

test('a report runs its eight steps live, shows its sources, arrives by e-mail and uses a credit', async ({ page }) => {
  const user = await signedInUser(page, { at: '/air' });
  await page.getByLabel('Company Website').fill(companySiteUrl());
  await page.getByLabel('Solution & Buying Centers').fill(SOLUTION);
  await page.getByRole('button', { name: 'Email me the report' }).click();

  await expect(page).toHaveURL(/\/air\/reports\/[0-9a-f-]{36}$/);
  const steps = page.getByRole('list', { name: 'Report steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(8);
  // The fake model thinks for a moment at each AI step (SLOW_MODEL_SUBJECTS): a step is seen running.
  await expect(page.locator('[data-state="running"]').first()).toBeVisible();
  await expect(steps.filter({ hasText: 'Company Enrichment' })).toContainText(/Read \d+ pages of 127\.0\.0\.1/);
  await expect(page.locator('li[data-state="done"]')).toHaveCount(8, { timeout: 30_000 });

  // The report: the company from its site and SEC EDGAR, people with their sources, outreach.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Initech');
  const prospects = page.getByRole('region', { name: 'Prospects' });
  await expect(prospects.getByRole('rowheader', { name: 'Priya Raman' })).toBeVisible();
  await expect(prospects.getByRole('rowheader', { name: 'Lena Kowalczyk' })).toBeVisible();
  await expect(prospects.getByRole('rowheader', { name: 'Imogen Fabricated' })).toHaveCount(0);
  const source = prospects.getByRole('link').first();
  await expect(source).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\//);
  await expect(source).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('region', { name: 'Outreach strategy' })).toContainText('Priya');
  await expect(page.getByRole('region', { name: 'Sources' }).getByRole('link').first()).toBeVisible();

  const mail = await waitForMail(user.email, /^Account Intelligence Report: Initech$/);
  expect(mail.text).toContain('Priya Raman');
  expect(mail.text).toContain('Lena Kowalczyk');
  expect(mail.text).not.toContain('Imogen Fabricated');
  await expect(page.getByText(`E-mailed to ${user.email}`)).toBeVisible();

  // Back on /air: the report is listed and a credit is used.
  await page.goto('/air');
  await expect(page.getByRole('region', { name: 'Your credits' })).toContainText('2 credits available');
  await expect(page.getByRole('region', { name: 'Your reports' }).getByRole('link', { name: /Initech/ })).toBeVisible();
});

test('a step whose source is down says so, and the report goes on without it', async ({ page }) => {
  await signedInUser(page, { at: '/air' });
  // The fake site's second company: Hacker News answers 503 for it.
  await page.getByLabel('Company Website').fill(secondCompanySiteUrl());
  await page.getByLabel('Solution & Buying Centers').fill(SOLUTION);
  await page.getByRole('button', { name: 'Email me the report' }).click();
  await expect(page).toHaveURL(/\/air\/reports\//);
  const social = page.getByRole('list', { name: 'Report steps' }).getByRole('listitem').filter({ hasText: 'Social Listening' });
  await expect(social).toHaveAttribute('data-state', 'not_available', { timeout: 30_000 });
  await expect(social).toContainText('Not available');
  await expect(social).toContainText('Hacker News could not be reached');
  await expect(page.locator('li[data-state="done"]')).toHaveCount(7, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Vandelay');
  await expect(page.getByRole('region', { name: 'Social listening' })).toContainText('could not be reached');
});

test('at 0 credits the button waits for the 1st, and the credits come back with the new month', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(new Date());
  for (let i = 0; i < 3; i++) {
    await sql(
      `INSERT INTO air_reports (user_id, website, solution, credit_month, steps, status) VALUES ($1, $2, $3, $4, '[]', 'succeeded')`,
      [user.id, `https://used-${i}.example/`, SOLUTION, month],
    );
  }
  await page.goto('/air');
  const credits = page.getByRole('region', { name: 'Your credits' });
  await expect(credits).toContainText('0 credits available');
  await expect(credits).toContainText(/Your credits return on [A-Z][a-z]+ 1/);
  await page.getByLabel('Company Website').fill(companySiteUrl());
  await page.getByLabel('Solution & Buying Centers').fill(SOLUTION);
  await expect(page.getByRole('button', { name: 'Email me the report' })).toBeDisabled();

  // A month later (the reports now belong to last month): three credits again, without a reload.
  await sql(`UPDATE air_reports SET credit_month = '2000-01' WHERE user_id = $1`, [user.id]);
  await expect(credits).toContainText('3 credits available');
  await expect(page.getByRole('button', { name: 'Email me the report' })).toBeEnabled();
});

test('without an AI provider the page says so and starts nothing', async ({ browser, page: firstServerPage }) => {
  const user = await signedInUser(firstServerPage, { at: null });
  const { context, page } = await signedInOn(browser, (await secondServer('withoutAi')).url, user, '/air');
  await expect(page.getByRole('alert').filter({ hasText: /AI/ })).toBeVisible();
  await page.getByLabel('Company Website').fill(companySiteUrl());
  await page.getByLabel('Solution & Buying Centers').fill(SOLUTION);
  await expect(page.getByRole('button', { name: 'Email me the report' })).toBeDisabled();
  expect(await sql(`SELECT id FROM air_reports WHERE user_id = $1`, [user.id])).toEqual([]);
  await context.close();
});
