// LinkedIn OS content creation in Chromium, through the real server and its fakes (the content
// fixture model in tests/fakes/content-model.ts, Google News): the whole journey form → stats →
// hooks → draft → CTA → edit → modify → copy, every §5/§8 message a user can trigger, and the
// stats retry policy against scripted fake answers (words in Who/What/Why pick the failure).

import type { Page, Request } from '@playwright/test';
import { contentMessages } from '../../src/shared/content.ts';
import { messages } from '../../src/shared/messages.ts';
import { INVENTED_URL } from '../fakes/research-model.ts';
import { expect, publisherOrigin, signedInOn, signedInUser, test } from './support/fixtures.ts';
import { secondServer } from './support/second-server.ts';

const text = contentMessages;

/** The spec's sonner toast: title and description in one live region. */
/** A toast on screen (one leaving, already removed, still sits in the page while it fades out). */
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: title });

/** Every analyze-metrics request the page sends, with when it was sent. */
function recordStatsRequests(page: Page) {
  const sent: { at: number; body: { attempt?: number; generationCount?: number; previousStats?: unknown[] } }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/content/analyze-metrics'))
      sent.push({ at: Date.now(), body: request.postDataJSON() });
  });
  return sent;
}

async function fillForm(page: Page, values: { category?: string; who?: string; what?: string; why?: string }) {
  if (values.category) await page.getByLabel('Hook Category').selectOption({ label: values.category });
  if (values.who !== undefined) await page.getByLabel('Who').fill(values.who);
  if (values.what !== undefined) await page.getByLabel('What').fill(values.what);
  if (values.why !== undefined) await page.getByLabel('Why').fill(values.why);
}

const statsToggle = (page: Page) => page.getByRole('button', { name: 'Research Stats (click me!)' });
const statsList = (page: Page) => page.getByRole('group', { name: 'Choose a statistic for your hooks' });
/** The draft's paragraphs as shown (each button's name is 'Edit paragraph N: ' + the text). */
const paragraphsOf = async (page: Page) =>
  (
    await page
      .getByRole('region', { name: 'Your Draft' })
      .getByRole('button', { name: /^Edit paragraph \d+/ })
      .allTextContents()
  ).map((t) => t.replace(/^Edit paragraph \d+: /, '').trim());
const hookCards = (page: Page) => page.getByRole('region', { name: 'Generated Hooks' }).getByRole('listitem');

test.describe('content creation', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the whole journey: prefilled form, stats, hooks, draft, CTA, edit, modify and copy', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInUser(page, { at: '/content-os?who=Logistics%20CFOs' });
    await expect(page).toHaveTitle('Content OS | Enterprise OS');
    await expect(page.getByRole('heading', { name: 'Content OS', level: 1 })).toBeVisible();
    await expect(page.getByText('Generate LinkedIn content')).toBeVisible();

    // Prefill: the profile (target industries joined with commas, solution type, value proposition); ?who= wins.
    await expect(page.getByLabel('Who')).toHaveValue('Logistics CFOs');
    await expect(page.getByLabel('What')).toHaveValue('Warehouse automation');
    await expect(page.getByLabel('Why')).toHaveValue('Cut picking costs by 40%');
    // Applied once: a reload brings back what the user types from here on, not the link again.
    await expect(page).toHaveURL(/\/content-os$/);
    await expect(page.getByLabel('Hook Category').locator('option')).toHaveText([
      'Select a hook category',
      'Problem Solution',
      'Curiosity Based',
      'Social Proof',
      'Personal Story',
      'Thought Leadership',
      'ROI Value Proposition',
      'Market Trend',
      'Credibility Building',
      'Contrarian',
      'Question',
      'Listicle Opener',
    ]);

    // §5: all four fields; Generate Stats waits for them too.
    await page.getByRole('button', { name: 'Generate Hooks' }).click();
    await expect(toast(page, text.missingTitle)).toContainText(text.fillAllFields);
    await statsToggle(page).click();
    await expect(statsToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(text.stats.placeholder)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Stats' })).toBeDisabled();
    await fillForm(page, { category: 'ROI Value Proposition' });
    await expect(page.getByRole('button', { name: 'Generate Stats' })).toBeEnabled();

    // Stats: real articles only (the fixture's invented source is dropped), each a link.
    await page.getByRole('button', { name: 'Generate Stats' }).click();
    await expect(toast(page, text.stats.generated)).toBeVisible();
    const stats = statsList(page).getByRole('radio');
    await expect(stats.first()).toBeVisible();
    const statCount = await stats.count();
    expect(statCount).toBeGreaterThan(0);
    const links = statsList(page).getByRole('link');
    await expect(links).toHaveCount(statCount);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href!.startsWith(`${publisherOrigin()}/`)).toBe(true);
      expect(href).not.toBe(INVENTED_URL);
    }
    await expect(links.first()).toHaveAttribute('rel', /noopener/);
    await stats.first().check();
    const chosenStat = ((await statsList(page).locator('label').first().textContent()) ?? '').trim();

    // Hooks: the overlay with a tip while they are written, then the grid with the numbering stripped.
    await page.getByRole('button', { name: 'Generate Hooks' }).click();
    const overlay = page.getByRole('status', { name: 'Generating your hooks' });
    await expect(overlay).toBeVisible();
    await expect(overlay).not.toBeVisible({ timeout: 15_000 });
    await expect(hookCards(page)).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Generated Hooks' })).toBeInViewport();
    for (const hook of await hookCards(page).allInnerTexts()) expect(hook).not.toMatch(/^\s*\d+\.\s/);
    // The fixture's second hook quotes the statistic chosen: the selected one reached the AI.
    await expect(hookCards(page).nth(1)).toContainText(chosenStat.replace(/\.$/, ''));
    await expect(page.getByRole('button', { name: 'Use This Hook' })).toHaveCount(6);

    // Draft: the second hook; its button becomes Regenerate, the author leads the draft.
    const second = hookCards(page).nth(1);
    await second.getByRole('button', { name: 'Use This Hook' }).click();
    await expect(second.getByRole('button', { name: 'Loading...' })).toBeVisible();
    await expect(toast(page, text.draft.generated)).toBeVisible({ timeout: 15_000 });
    await expect(second.getByRole('button', { name: 'Regenerate' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use This Hook' })).toHaveCount(5);
    const draft = page.getByRole('region', { name: 'Your Draft' });
    await expect(draft).toContainText('Dana Reyes');
    await expect(draft).toContainText('Account Executive');
    const hookText = ((await second.locator('p').first().textContent()) ?? '').trim();
    await expect(draft.getByRole('button', { name: 'Edit paragraph 1' })).toContainText(hookText);

    // CTA: one at a time.
    const ctas = page.getByRole('group', { name: text.ctaTitle });
    await expect(ctas.getByRole('radio')).toHaveCount(5);
    await ctas.getByRole('radio', { name: 'Engagement' }).check();
    await ctas.getByRole('radio', { name: 'Meeting Booking' }).check();
    await expect(ctas.getByRole('radio', { name: 'Engagement' })).not.toBeChecked();
    const ctaText = (await ctas.locator('p').nth(3).textContent()) ?? '';
    await expect(draft).toContainText(ctaText);

    // Click-to-edit: Save is disabled for blank text, Cancel restores, Save replaces.
    await draft.getByRole('button', { name: 'Edit paragraph 2' }).click();
    const editor = draft.getByRole('textbox', { name: 'Paragraph 2' });
    await editor.fill('   ');
    await expect(draft.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(editor).toBeVisible();
    await draft.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).not.toBeVisible();
    await draft.getByRole('button', { name: 'Edit paragraph 2' }).click();
    await editor.fill('We moved 12 sites to robots in one quarter.');
    await draft.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, text.edit.saved)).toContainText(text.edit.savedTitle);
    await expect(draft.getByRole('button', { name: 'Edit paragraph 2' })).toContainText('We moved 12 sites to robots in one quarter.');

    // Modifications: single-select toggles; Make Changes applies the selected one.
    const shorter = page.getByRole('button', { name: 'Shorter' });
    const professional = page.getByRole('button', { name: 'More professional' });
    await expect(page.getByRole('button', { name: 'Make Changes' })).toBeDisabled();
    await shorter.click();
    await expect(shorter).toHaveAttribute('aria-pressed', 'true');
    await professional.click();
    await expect(shorter).toHaveAttribute('aria-pressed', 'false');
    await expect(professional).toHaveAttribute('aria-pressed', 'true');
    const before = await paragraphsOf(page);
    await page.getByRole('button', { name: 'Make Changes' }).click();
    await expect(toast(page, text.modify.saved)).toContainText(text.modify.savedTitle);
    await expect.poll(() => paragraphsOf(page)).not.toEqual(before);
    await expect(professional).toHaveAttribute('aria-pressed', 'false');

    // Copy: the draft, a blank line, the chosen CTA.
    const paragraphs = await paragraphsOf(page);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, text.copy.done).first()).toHaveText(text.copy.done);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${paragraphs.join('\n\n')}\n\n${ctaText.trim()}`);

    // Nothing lost: leaving through the sidebar and coming back, then a reload, show the same work.
    const hooks = await hookCards(page).locator('p').allTextContents();
    const kept = async () => {
      await expect(page.getByRole('region', { name: 'Your Draft' })).toBeVisible();
      expect(await paragraphsOf(page)).toEqual(paragraphs);
      await expect(ctas.getByRole('radio', { name: 'Meeting Booking' })).toBeChecked();
      await expect(draft).toContainText(ctaText);
      await expect(hookCards(page).locator('p')).toHaveText(hooks);
      await expect(second.getByRole('button', { name: 'Regenerate' })).toBeVisible();
      await expect(stats.first()).toBeChecked();
      await expect(page.getByLabel('Who')).toHaveValue('Logistics CFOs');
      await expect(page.getByLabel('Hook Category')).toHaveValue('ROI Value Proposition');
    };
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/homepage$/);
    await sidebar.getByRole('link', { name: 'Content Creation', exact: true }).click();
    await expect(page).toHaveURL(/\/content-os$/);
    await kept();
    await page.reload();
    await kept();

    // Start over: no hooks, no draft, the form as a fresh visit prefills it (this URL has no ?who=).
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByRole('region', { name: 'Generated Hooks' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your Draft' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start over' })).toHaveCount(0);
    await expect(page.getByLabel('Hook Category')).toHaveValue('');
    await expect(page.getByLabel('Who')).toHaveValue('Logistics, Retail');
    await expect(page.getByLabel('What')).toHaveValue('Warehouse automation');
    await expect(page.getByLabel('Why')).toHaveValue('Cut picking costs by 40%');
    await page.reload();
    await expect(page.getByLabel('Who')).toHaveValue('Logistics, Retail');
    await expect(page.getByRole('region', { name: 'Generated Hooks' })).toHaveCount(0);
  });

  test('stats: the retry policy of §8, the hint after four generations, the counter and the selection reset', async ({ page }) => {
    await signedInUser(page, { at: null });
    const sent = recordStatsRequests(page);
    await page.goto('/content-os');
    await fillForm(page, { category: 'Market Trend', who: 'Unverifiable fleet managers', what: 'Telematics', why: 'Fewer idle trucks' });
    await statsToggle(page).click();

    // 'Validation failed' → 'Validation Error' / 'Trying alternative data sources...' and an immediate retry elsewhere.
    await page.getByRole('button', { name: 'Generate Stats' }).click();
    await expect(toast(page, text.stats.validationTitle)).toContainText(text.stats.validationDescription);
    await expect(toast(page, text.stats.generated)).toBeVisible({ timeout: 15_000 });
    expect(sent.map((s) => s.body.attempt)).toEqual([0, 1]);
    await expect(statsList(page).getByRole('radio').first()).toBeVisible();

    // 429 → 'Please wait…' and no retry.
    sent.length = 0;
    await fillForm(page, { who: 'Throttled fleet managers' });
    await page.getByRole('button', { name: 'Generate Stats' }).click();
    await expect(toast(page, text.stats.rateLimited)).toBeVisible({ timeout: 20_000 });
    // The run is over (the button is back, not 'Generating...'): one request, no retry under way. (A
    // retry sent later still would show up in the next step's three attempts, which take over 3 s.)
    await expect(page.getByRole('button', { name: 'Generate Stats' })).toBeEnabled();
    expect(sent).toHaveLength(1);
    await expect(toast(page, text.stats.failed)).toHaveCount(0);

    // Other errors: retried after 1 s then 2 s; after 3 attempts the final toast.
    sent.length = 0;
    await fillForm(page, { who: 'Broken fleet managers' });
    await page.getByRole('button', { name: 'Generate Stats' }).click();
    await expect(toast(page, text.stats.failedTitle).filter({ hasText: text.stats.failed })).toBeVisible({ timeout: 20_000 });
    expect(sent.map((s) => s.body.attempt)).toEqual([0, 1, 2]);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThanOrEqual(2_000);

    // …and a third attempt that works is a success.
    sent.length = 0;
    await fillForm(page, { who: 'Shaky fleet managers' });
    await page.getByRole('button', { name: 'Generate Stats' }).click();
    await expect(toast(page, text.stats.generated)).toBeVisible({ timeout: 20_000 });
    expect(sent.map((s) => s.body.attempt)).toEqual([0, 1, 2]);

    // The counter: 4 generations on one form → the hint; generationCount counts them, previousStats accumulate.
    sent.length = 0;
    await fillForm(page, { who: 'Fleet managers' });
    for (let n = 1; n <= 4; n++) {
      await page.getByRole('button', { name: 'Generate Stats' }).click();
      await expect(page.getByRole('button', { name: 'Generate Stats' })).toBeEnabled({ timeout: 15_000 });
    }
    expect(sent.map((s) => s.body.generationCount)).toEqual([0, 1, 2, 3]);
    expect(sent[3]!.body.previousStats!.length).toBeGreaterThan(sent[1]!.body.previousStats!.length);
    await expect(page.getByText(text.stats.hint)).toBeVisible();
    // Any change to the form starts the count again.
    await fillForm(page, { why: 'Fewer idle trucks, lower fuel bills' });
    await expect(page.getByText(text.stats.hint)).not.toBeVisible();

    // Closing the panel clears the selection.
    await statsList(page).getByRole('radio').first().check();
    await statsToggle(page).click();
    await expect(statsList(page)).not.toBeVisible();
    await statsToggle(page).click();
    await expect(statsList(page).getByRole('radio').first()).not.toBeChecked();
  });

  test('hooks and drafts: every failure message of §5/§8, and the original kept when a change fails', async ({ page, context }) => {
    await signedInUser(page, { at: '/content-os' });

    // Hooks refused by the AI provider: 'Error' with the server's message.
    await fillForm(page, { category: 'Contrarian', who: 'Plant managers', what: 'Broken sensors', why: 'Less downtime' });
    await page.getByRole('button', { name: 'Generate Hooks' }).click();
    await expect(toast(page, text.hooks.failedTitle)).toContainText('The AI provider failed to answer');

    // Drafts: an answer that never fits → 'Bad response from the AI.. try again'.
    await fillForm(page, { what: 'Vibration sensors', why: 'Garbled downtime savings' });
    await page.getByRole('button', { name: 'Generate Hooks' }).click();
    await expect(hookCards(page)).toHaveCount(6, { timeout: 15_000 });
    await hookCards(page).first().getByRole('button', { name: 'Use This Hook' }).click();
    await expect(toast(page, text.draft.badResponse)).toBeVisible({ timeout: 15_000 });

    // A provider failure → 'Hmm.. hang on. Try again'.
    await fillForm(page, { why: 'Broken downtime savings' });
    await hookCards(page)
      .first()
      .getByRole('button', { name: /Use This Hook|Regenerate/ })
      .click();
    await expect(toast(page, text.draft.notOk)).toBeVisible({ timeout: 15_000 });

    // A field emptied after the hooks were written → 'Missing required form values'.
    await fillForm(page, { why: '' });
    await hookCards(page).nth(1).getByRole('button', { name: 'Use This Hook' }).click();
    await expect(toast(page, text.missingFormValues)).toBeVisible();

    // A draft that works; a modification the AI refuses keeps the original.
    await fillForm(page, { why: 'Immutable uptime guarantees' });
    await hookCards(page)
      .nth(1)
      .getByRole('button', { name: /Use This Hook|Regenerate/ })
      .click();
    await expect(toast(page, text.draft.generated)).toBeVisible({ timeout: 15_000 });
    const original = await paragraphsOf(page);
    await page.getByRole('button', { name: 'Simpler' }).click();
    await page.getByRole('button', { name: 'Make Changes' }).click();
    await expect(toast(page, text.modify.failed)).toBeVisible({ timeout: 15_000 });
    expect(await paragraphsOf(page)).toEqual(original);

    // Copy refused by the browser → 'Error: Hmm.. something's wrong'.
    await context.clearPermissions();
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, text.copy.failedTitle)).toContainText(text.copy.failed);

    // Signed out elsewhere → 'Authentication failed. Check your log-in status'.
    await context.clearCookies();
    await hookCards(page).nth(2).getByRole('button', { name: 'Use This Hook' }).click();
    await expect(toast(page, text.draft.authFailed)).toBeVisible();
  });

  test('first visit shows the navigation guide, and the Navigation guide button opens it again', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signedInUser(page, { at: '/content-os' });
    const guide = page.getByRole('dialog', { name: 'Menu Buttons Have Moved!' });
    await expect(guide).toBeVisible();
    await guide.getByRole('button', { name: 'Got it!' }).click();
    await expect(guide).not.toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Content OS', level: 1 })).toBeVisible();
    await expect(guide).not.toBeVisible();
    await page.getByRole('button', { name: 'Navigation guide' }).click();
    await expect(guide).toBeVisible();
    await context.close();
  });
});

test.describe('content creation without an AI provider', () => {
  test('says what to configure and offers nothing to generate', async ({ browser, page: firstServerPage }) => {
    const user = await signedInUser(firstServerPage, { at: null });
    const { context, page } = await signedInOn(browser, (await secondServer('withoutAi')).url, user, '/content-os');
    await expect(page.getByRole('alert').filter({ hasText: messages.errors.aiNotConfigured })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Hooks' })).toBeDisabled();
    await context.close();
  });
});
