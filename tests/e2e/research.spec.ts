// Aurora OS research in Chromium, through the real server and its fakes (AI fixture model, with a
// fixed 1.5 s latency for the runs whose progress is watched, Google News / GDELT, SEC EDGAR): every field, rule and message of spec 02
// §5/§8/§9 a user can trigger, the progress stages, grounded results and the Markdown copy.
// ('Invalid response' needs a server that breaks its own contract: research-run.test.tsx shows it.)
import type { Page } from '@playwright/test';
import { messages } from '../../src/shared/messages.ts';
import { researchMessages } from '../../src/shared/research.ts';
import { INVENTED_FIGURE, INVENTED_QUOTE, INVENTED_URL } from '../fakes/research-model.ts';
import { expect, publisherOrigin, signedInOn, signedInUser, test } from './support/fixtures.ts';
import { secondServer } from './support/second-server.ts';

const text = researchMessages;

/** The spec's sonner toast: title and description in one live region. */
/** A toast on screen (one leaving, already removed, still sits in the page while it fades out). */
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: title });

/** The choices of a select, in order (waits for the lazily loaded screen). */
async function expectOptions(page: Page, label: string, texts: string[]) {
  await expect(page.getByLabel(label).locator('option')).toHaveText(texts);
}

test.describe('company research', () => {
  test('prefills the company, refuses missing fields, shows progress, then a grounded result it can copy as Markdown', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInUser(page, { at: '/aurora-os/company-news?company=Acme%20Robotics' });
    await expect(page).toHaveTitle(/Company Research/);
    await expect(page.getByRole('heading', { name: 'Company Research', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue('Acme Robotics');

    // §9 option lists and defaults.
    await expectOptions(page, 'Timeframe', [
      'Select a timeframe',
      'Last 24 hours',
      'Last 48 hours',
      'Last 72 hours',
      'Last week',
      'Last 2 weeks',
      'Last month',
      'Last 3 months',
      'Last 6 months',
    ]);
    await expect(page.getByLabel('Sentiment')).toHaveValue('none');
    await expectOptions(page, 'Sentiment', ['None (all coverage)', 'Positive', 'Negative', 'Neutral']);

    // §5: company name and timeframe are required.
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.companyNews.cannotGenerate).getByText(text.companyNews.requiredFields, { exact: true })).toBeVisible();
    await page.getByLabel('Company name').fill('   ');
    await page.getByLabel('Timeframe').selectOption({ label: 'Last week' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.companyNews.cannotGenerate).last()).toContainText(text.companyNews.requiredFields);

    await page.getByLabel('Company name').fill('Acme Robotics');
    await page.getByLabel('Keyword').fill('supplier');
    await page.getByRole('button', { name: 'Generate analysis' }).click();

    // Loading: the explanation, and the stages as the server reports them.
    await expect(page.getByRole('button', { name: 'Analysing...' })).toBeDisabled();
    const progress = page.getByRole('list', { name: 'Progress' });
    await expect(page.getByText(/This usually takes about 30 seconds/)).toBeVisible();
    await expect(progress.locator('li[data-state="current"]')).toContainText('Analysing with AI');
    await expect(progress).toContainText('Reading 5 articles with fake-research-model');
    await expect(progress.locator('li').first()).toHaveAttribute('data-state', 'done');

    // The result, scrolled into view: only the sources the server retrieved, as links.
    const result = page.getByRole('region', { name: 'Company Research: Acme Robotics' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result).toBeInViewport();
    await expect(result.getByRole('heading', { name: 'Key summary' })).toBeVisible();
    await expect(result).toContainText('Acme Robotics supplier said revenue rose 8% from a year earlier');
    await expect(result.getByRole('heading', { name: 'Key findings' })).toBeVisible();
    const sources = result.getByRole('list', { name: 'Sources' }).getByRole('link');
    await expect(sources).toHaveCount(3);
    const reuters = `${publisherOrigin()}/reuters/acme-robotics-supplier-record-quarterly-revenue`;
    await expect(sources.first()).toHaveAttribute('href', reuters);
    // Every statement checked (issue 27 §4): each sentence links to the source it cites, and the
    // finding with an invented figure and the one citing a document that does not exist are dropped, and said to be.
    await expect(
      result.getByRole('link', { name: /^Source 1: Acme Robotics supplier reports record quarterly revenue/ }).first(),
    ).toHaveAttribute('href', reuters);
    await expect(result).not.toContainText(INVENTED_FIGURE);
    await expect(result).toContainText('5 of 7 statements sourced · 2 dropped: not supported by its source');
    await expect(result).toContainText('2 citations of sources that were not retrieved dropped.');
    await expect(result.locator(`a[href="${INVENTED_URL}"]`)).toHaveCount(0);
    // Each source says who found it; the paywalled one says the model saw only its headline.
    await expect(result.getByRole('listitem').filter({ hasText: 'Bloomberg' })).toContainText(
      /Bloomberg, .+, headline only, via Google News and GDELT/,
    );
    await expect(result).toContainText('Based on 5 documents');
    await expect(page.getByRole('button', { name: 'Generate analysis' })).toBeEnabled();

    await result.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect(toast(page, 'Copied as Markdown')).toBeVisible();
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    expect(markdown).toMatch(/^# Company Research: Acme Robotics/);
    expect(markdown).toContain('## Key findings');
    expect(markdown).toContain(`(${publisherOrigin()}/reuters/acme-robotics-supplier-record-quarterly-revenue)`);
    expect(markdown).not.toContain(INVENTED_URL);
    expect(markdown).toContain('5 of 7 statements sourced');
  });

  test("an answer the AI cannot put in shape shows 'AI Response Error' with the reason", async ({ page }) => {
    await signedInUser(page, { at: '/aurora-os/company-news' });
    await page.getByLabel('Company name').fill('Hopeless Holdings');
    await page.getByLabel('Timeframe').selectOption({ label: 'Last month' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.companyNews.aiResponseError)).toContainText(
      "The AI's answer did not match the expected format, even after a repair attempt.",
      { timeout: 15_000 },
    );
    await expect(page.getByRole('list', { name: 'Progress' }).locator('li[data-state="failed"]')).toContainText('Analysing with AI');
  });

  test('Cancel stops a running analysis and the form can be sent again', async ({ page }) => {
    await signedInUser(page, { at: '/aurora-os/company-news?company=Sluggish%20Software' });
    await page.getByLabel('Timeframe').selectOption({ label: 'Last 24 hours' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(page.getByRole('list', { name: 'Progress' })).toContainText('Reading 2 articles');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('region', { name: 'Analysis in progress' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Generate analysis' })).toBeEnabled();
  });
});

test.describe('trend scanner', () => {
  test('requires industry, trend type and timeframe, then shows trends, market data and sources', async ({ page }) => {
    await signedInUser(page, { at: '/aurora-os/trends' });
    await expect(page).toHaveTitle(/Trend Scanner/);
    await expectOptions(page, 'Trend type', [
      'Select a trend type',
      'Adoption',
      'Consolidation',
      'Regulation',
      'Innovation',
      'Competition',
      'Investment',
      'Partnerships',
      'Expansion',
      'All angles',
    ]);
    await expect(page.getByLabel('Timeframe')).toHaveValue('90d');
    await expectOptions(page, 'Timeframe', [
      'Last 30 days',
      'Last 90 days',
      'Last 180 days',
      'Last 360 days',
      'Last 720 days',
      'Last 1080 days',
    ]);
    await expectOptions(page, 'Region', [
      'None (defaults to USA)',
      'USA',
      'Canada',
      'UK',
      'Europe',
      'Middle East',
      'Africa',
      'APAC',
      'LATAM',
      'Global',
    ]);

    // §5: industry, trend type and timeframe are required (region is not).
    await page.getByLabel('Trend type').selectOption({ label: 'Investment' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.missingTitle).getByText(text.requiredFields, { exact: true })).toBeVisible();
    await page.getByLabel('Industry').fill('Cybersecurity');
    await page.getByLabel('Trend type').selectOption({ label: 'Select a trend type' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.missingTitle).last().getByText(text.requiredFields, { exact: true })).toBeVisible();

    await page.getByLabel('Trend type').selectOption({ label: 'Investment' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(page.getByText(/This usually takes about 45 seconds/)).toBeVisible();
    const result = page.getByRole('region', { name: 'Trend Scanner: Cybersecurity, Investment' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result).toBeInViewport();
    await expect(result.getByRole('heading', { name: 'Trend analysis' })).toBeVisible();
    await expect(result.getByRole('heading', { name: 'Market data' })).toBeVisible();
    await expect(result).toContainText('Cybersecurity investment spending to reach $48 billion by 2030, growing 12% a year.');
    await expect(result).not.toContainText('97% of buyers agree');
    await expect(result.locator(`a[href="${INVENTED_URL}"]`)).toHaveCount(0);
    await expect(page.getByText(text.trends.incomplete)).toHaveCount(0);
  });

  test('warns in yellow when market data or sources are missing, and reports a failed analysis inline', async ({ page }) => {
    await signedInUser(page, { at: '/aurora-os/trends' });
    await page.getByLabel('Industry').fill('Sparse Sector');
    await page.getByLabel('Trend type').selectOption({ label: 'All angles' });
    await page.getByLabel('Region').selectOption({ label: 'Europe' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(page.getByText(text.trends.incomplete)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Trend Scanner: Sparse Sector, All angles' })).toContainText('Key summary');

    await page.getByLabel('Industry').fill('Hopeless Industry');
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.trends.aiError)).toBeVisible({ timeout: 15_000 });
    const inline = page.getByRole('alert').filter({ hasText: text.trends.aiError });
    await expect(inline).toContainText("The AI's answer did not match the expected format, even after a repair attempt.");
  });
});

test.describe('earnings analysis', () => {
  test('opens with the company from the link (earnings e-mails link here with ?company=)', async ({ page }) => {
    await signedInUser(page, { at: '/aurora-os/earnings?company=Apple%20Inc.' });
    await expect(page.getByLabel('Company name')).toHaveValue('Apple Inc.');
  });

  test('requires a year, then reads the SEC earnings release and shows grounded quotes with speaker and context', async ({ page }) => {
    await signedInUser(page, { at: '/aurora-os/earnings' });
    await expect(page).toHaveTitle(/Earnings Analysis/);
    await expectOptions(page, 'Year', ['Select a year', 'Most Recent Year', '2026', '2025', '2024', '2023', '2022', '2021', '2020']);
    await expect(page.getByLabel('Quarter')).toHaveValue('most_recent');
    await expectOptions(page, 'Quarter', ['Most Recent Quarter', 'Q1', 'Q2', 'Q3', 'Q4']);

    // §5: company name, year and quarter are required.
    await page.getByLabel('Year').selectOption({ label: '2024' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.missingTitle).getByText(text.requiredFields, { exact: true })).toBeVisible();
    await page.getByLabel('Company name').fill('Apple Inc.');
    await page.getByLabel('Year').selectOption({ label: 'Select a year' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.missingTitle).last().getByText(text.requiredFields, { exact: true })).toBeVisible();

    await page.getByLabel('Year').selectOption({ label: '2024' });
    await page.getByLabel('Quarter').selectOption({ label: 'Q3' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(page.getByRole('list', { name: 'Progress' })).toContainText(
      "Reading Apple Inc.'s earnings release (Q3 2024, filed 2024-10-31)",
    );
    const result = page.getByRole('region', { name: 'Earnings Analysis: Apple Inc.' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result).toContainText('Q3 2024 · AAPL 8-K filed 2024-10-31');
    await expect(result.getByRole('heading', { name: 'Quotes' })).toBeVisible();
    await expect(result).toContainText('We delivered record revenue this quarter');
    await expect(result).toContainText('Tim Cook, CEO of Apple Inc');
    await expect(result).not.toContainText(INVENTED_QUOTE);
    await expect(result.getByRole('link').first()).toHaveAttribute('href', /\/Archives\/edgar\/data\/320193\//);
  });

  test("a model that does not answer in time shows 'Hmm.. the AI rejected something. Give it another go'", async ({ page }) => {
    await signedInUser(page, { at: '/aurora-os/earnings' });
    await page.getByLabel('Company name').fill('Sluggish Systems');
    await page.getByLabel('Year').selectOption({ label: 'Most Recent Year' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.earnings.aiRejected)).toContainText('The AI provider did not answer within 5 seconds.', {
      timeout: 20_000,
    });
  });
});

test('signed out, the research screens send the person to /login', async ({ page }) => {
  for (const path of ['/aurora-os/company-news', '/aurora-os/trends', '/aurora-os/earnings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
  }
  await page.goto('/aurora-os');
  await expect(page).toHaveURL(/\/login/);
});

test.describe('without an AI provider', () => {
  test('each screen says what to configure, and an analysis is refused with that message', async ({ browser, page: firstServerPage }) => {
    const user = await signedInUser(firstServerPage, { at: null });
    const { context, page } = await signedInOn(browser, (await secondServer('withoutAi')).url, user, '/aurora-os/trends');
    await expect(page.getByRole('alert').filter({ hasText: messages.errors.aiNotConfigured })).toBeVisible();
    await page.getByLabel('Industry').fill('Cybersecurity');
    await page.getByLabel('Trend type').selectOption({ label: 'Adoption' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.trends.aiError)).toContainText(messages.errors.aiNotConfigured);

    await page.goto('/aurora-os/earnings');
    await expect(page.getByRole('alert').filter({ hasText: messages.errors.aiNotConfigured })).toBeVisible();
    await page.getByLabel('Company name').fill('Apple Inc.');
    await page.getByLabel('Year').selectOption({ label: 'Most Recent Year' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.earnings.aiRejected)).toContainText(messages.errors.aiNotConfigured);

    await page.goto('/aurora-os/company-news?company=Acme');
    await expect(page.getByRole('alert').filter({ hasText: messages.errors.aiNotConfigured })).toBeVisible();
    await page.getByLabel('Timeframe').selectOption({ label: 'Last week' });
    await page.getByRole('button', { name: 'Generate analysis' }).click();
    await expect(toast(page, text.companyNews.aiResponseError)).toContainText(messages.errors.aiNotConfigured);
    await context.close();
  });
});
