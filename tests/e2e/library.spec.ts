// The library end to end (issue 27 §1–2), through the real server and its fakes: a news alert's
// e-mail, delivered by the operator's run-alerts (the same engine as the workers), is in the library
// with its sources; the shell's search box, opened with `/`, finds it with the words marked. Then,
// on items kept through the library's own service (keepItem, as the engine and the research and
// content features keep them): the list follows new items live, the filters, the company
// suggestions, an item's sources, Delete, and another user who cannot open an item by its address.

import type { Page } from '@playwright/test';
import { sql as drizzleSql } from 'drizzle-orm';
import { keepItem, type LibraryEntry } from '../../src/server/library/keep.ts';
import { libraryKindLabels, libraryMessages, statementCountLabel } from '../../src/shared/library.ts';
import { insertNewsAlert } from '../support/factories.ts';
import { admin, db, expect, guideSeenIn, linkIn, publisherOrigin, signedInUser, test, waitForMail } from './support/fixtures.ts';

// Whole journeys on a machine shared with other suites: more time than a single step needs.
test.describe.configure({ timeout: 180_000 });

const searchBox = (page: Page) => page.getByRole('combobox', { name: libraryMessages.searchPlaceholder });
const listed = (page: Page) => page.getByRole('region', { name: /^(Your library|Search results)$/ }).getByRole('listitem');

/** A calendar day in New York (the library's dates are New York days), `daysAgo` before today, as YYYY-MM-DD. */
const newYorkDay = (daysAgo = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() - daysAgo * 86_400_000));

/** Opens the search with the `/` shortcut from wherever the page is, and searches for `words`. */
async function searchWithShortcut(page: Page, words: string) {
  await expect(searchBox(page)).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  // The / itself was a shortcut, not typed.
  await expect(searchBox(page)).toHaveValue('');
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
}

test('a delivered news alert is in the library with its sources, and the / search finds it with the words marked', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await insertNewsAlert(db(), user.id, { companyName: 'Acme Robotics' });
  const lines = await admin('run-alerts', '--user', user.email);
  expect(lines.find((line) => line.includes('Acme Robotics'))).toMatch(/ news .* succeeded /);
  const mail = await waitForMail(user.email, /^Acme Robotics /);

  // The e-mail's "Read in Enterprise OS" link opens the item in the app.
  await page.goto(linkIn(mail, '/library/'));
  await expect(page.getByText(libraryKindLabels.news_alert, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Acme Robotics');
  const sources = page.getByRole('region', { name: 'Sources' });
  const publisherLinks = sources.getByRole('link').filter({ hasText: /record quarterly revenue/i });
  await expect(publisherLinks.first()).toHaveAttribute('href', new RegExp(`^${publisherOrigin()}/`));
  await expect(publisherLinks.first()).toHaveAttribute('target', '_blank');
  await expect(publisherLinks.first()).toHaveAttribute('rel', /noopener/);
  // Links lead to the publishers, never to Google or to an address the model invented.
  for (const href of await sources.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(href).not.toContain('news.google.com');
    expect(href).not.toContain('invented.example.com');
  }
  // The paywalled story was read as a headline only, and says so.
  await expect(sources.getByText(/headline only/)).toBeVisible();

  // It is the newest item of the list, which opens it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library', exact: true }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page).toHaveTitle('Library | Enterprise OS');
  await expect(listed(page).first()).toContainText(libraryKindLabels.news_alert);
  await expect(listed(page).first()).toContainText('Acme Robotics');

  // `/` from another page, the words, Enter: the search results, the words marked in the snippet.
  await page.goto('/homepage');
  await searchWithShortcut(page, 'quarterly revenue');
  await expect(page).toHaveURL(/\/library\?q=quarterly\+revenue$/);
  await expect(page.getByText('Results for')).toContainText('“quarterly revenue”');
  const hit = listed(page).filter({ hasText: 'Acme Robotics' }).first();
  await expect(hit.locator('mark').first()).toHaveText(/^(quarterly|revenue)$/i);
  await expect(searchBox(page)).toHaveValue('quarterly revenue');
});

/** Kept in `userId`'s library now, then dated `daysAgo` days back. */
async function kept(userId: string, entry: LibraryEntry, daysAgo = 0) {
  const item = await keepItem(db(), userId, entry);
  if (!item) throw new Error('the item was not kept');
  if (daysAgo)
    await db().execute(drizzleSql`update library_items set created_at = now() - make_interval(days => ${daysAgo}) where id = ${item.id}`);
  return item.id;
}

const plantArticle = () => ({
  url: `${publisherOrigin()}/reuters/initech-opens-robotics-plant`,
  title: 'Initech opens a robotics plant in Ohio',
  publisher: 'Reuters',
  publishedAt: new Date().toISOString(),
  summary: 'The plant will build warehouse robots from next spring.',
});

test('the list follows new items live, filters, suggests companies, shows sources, deletes, and is the owner’s only', async ({
  page,
  browser,
}) => {
  const user = await signedInUser(page, { at: '/library' });
  await expect(page.getByText(libraryMessages.empty)).toBeVisible();

  await kept(
    user.id,
    {
      kind: 'newsletter',
      title: 'Fintech weekly: payments consolidate',
      companies: ['Globex'],
      blocks: [{ type: 'paragraph', text: 'Payment processors keep buying each other.' }],
    },
    40,
  );
  const alert = await kept(user.id, {
    kind: 'news_alert',
    title: 'Initech opens a robotics plant in Ohio',
    companies: ['Initech'],
    blocks: [
      { type: 'heading', text: 'What happened' },
      { type: 'paragraph', text: 'Initech will build warehouse robots in a new plant near Columbus.' },
      {
        type: 'articles',
        items: [
          plantArticle(),
          {
            url: `${publisherOrigin()}/bloomberg/initech-plant-costs`,
            title: 'What the Initech plant costs',
            publisher: 'Bloomberg',
            publishedAt: null,
            headlineOnly: true,
          },
        ],
      },
    ],
    statements: { sourced: 3, total: 3, dropped: 0 },
  });
  await kept(user.id, {
    kind: 'content_draft',
    title: 'Three lessons from warehouse robots',
    companies: [],
    blocks: [{ type: 'paragraph', text: 'Robots do not fix a bad process.' }],
  });

  // Live: the page shows what was kept without a reload, newest first.
  await expect(listed(page)).toHaveCount(3);
  await expect(listed(page).nth(0)).toContainText('Three lessons from warehouse robots');
  await expect(listed(page).nth(1)).toContainText('Initech opens a robotics plant in Ohio');
  await expect(listed(page).nth(1)).toContainText('2 sources');
  await expect(listed(page).nth(2)).toContainText('Fintech weekly: payments consolidate');

  // Filters, one at a time, each in the address.
  await page.getByLabel('Kind').selectOption({ label: libraryKindLabels.newsletter });
  await expect(page).toHaveURL(/\/library\?kind=newsletter$/);
  await expect(listed(page)).toHaveCount(1);
  await expect(listed(page).first()).toContainText('Fintech weekly');
  await page.getByLabel('Kind').selectOption({ label: 'All kinds' });
  await page.getByLabel('Company').selectOption('Initech');
  await expect(listed(page)).toHaveCount(1);
  await expect(listed(page).first()).toContainText('Initech opens a robotics plant');
  await page.getByLabel('Company').selectOption({ label: 'All companies' });
  await page.getByLabel('From').fill(newYorkDay(7));
  await expect(listed(page)).toHaveCount(2);
  await expect(listed(page).filter({ hasText: 'Fintech weekly' })).toHaveCount(0);
  await page.getByLabel('From').fill('');
  await page.getByLabel('To').fill(newYorkDay(30));
  await expect(listed(page)).toHaveCount(1);
  await expect(listed(page).first()).toContainText('Fintech weekly');
  await page.getByLabel('To').fill('');
  await page.getByLabel('Kind').selectOption({ label: libraryKindLabels.air_report });
  await expect(page.getByText(libraryMessages.noResults)).toBeVisible();
  await page.getByLabel('Kind').selectOption({ label: 'All kinds' });
  await expect(listed(page)).toHaveCount(3);

  // The search box suggests the user's companies; the arrows and Enter filter the library by one.
  await searchBox(page).fill('ini');
  const suggestions = page.getByRole('listbox', { name: 'Companies in your library' });
  await expect(suggestions.getByRole('option', { name: 'Initech' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(suggestions.getByRole('option', { name: 'Initech' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/library\?company=Initech$/);
  await expect(listed(page)).toHaveCount(1);
  // Escape closes the suggestions, then leaves the box.
  await searchBox(page).fill('glo');
  await expect(suggestions.getByRole('option', { name: 'Globex' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(searchBox(page)).not.toBeFocused();

  // The search with its words marked, within a filter.
  await page.goto('/library?kind=news_alert');
  await searchWithShortcut(page, 'warehouse robots');
  await expect(page).toHaveURL(/\/library\?kind=news_alert&q=warehouse\+robots$/);
  await expect(listed(page)).toHaveCount(1);
  await expect(listed(page).first()).toContainText('Initech opens a robotics plant');
  // Every match is marked, words of the same stem too (robots, robotics), and only they are.
  const marks = listed(page).first().locator('mark');
  await expect(marks.first()).toBeVisible();
  const marked = await marks.allTextContents();
  expect(marked).toEqual(expect.arrayContaining(['warehouse', 'robots']));
  for (const word of marked) expect(word).toMatch(/^(warehouse|robot\w*)$/i);

  // The item: its document as sent, its sources with the publishers' links, the statements checked.
  await listed(page).first().getByRole('link', { name: 'Initech opens a robotics plant in Ohio' }).click();
  await expect(page).toHaveURL(new RegExp(`/library/${alert}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Initech opens a robotics plant in Ohio' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What happened' })).toBeVisible();
  await expect(page.getByText('The plant will build warehouse robots from next spring.')).toBeVisible();
  await expect(page.getByText(statementCountLabel({ sourced: 3, total: 3, dropped: 0 }))).toBeVisible();
  const sources = page.getByRole('region', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveCount(2);
  const reuters = sources.getByRole('link', { name: 'Initech opens a robotics plant in Ohio' });
  await expect(reuters).toHaveAttribute('href', plantArticle().url);
  await expect(reuters).toHaveAttribute('target', '_blank');
  await expect(reuters).toHaveAttribute('rel', /noopener/);
  await expect(sources.getByRole('listitem').nth(1)).toContainText('Bloomberg · headline only');

  // Another user: the item's address shows nothing of it.
  const otherContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.203.0.9' } });
  await guideSeenIn(otherContext);
  const other = await otherContext.newPage();
  await signedInUser(other, { at: `/library/${alert}` });
  await expect(other.getByRole('heading', { level: 1, name: libraryMessages.notFound })).toBeVisible();
  await expect(other.getByText('Initech opens a robotics plant in Ohio')).toHaveCount(0);
  await other.goto('/library');
  await expect(other.getByText(libraryMessages.empty)).toBeVisible();
  await otherContext.close();

  // Delete, confirmed: back on the list, which no longer has it; its address is not found any more.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete from your library' });
  await expect(dialog).toContainText(libraryMessages.deleteConfirm);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByText(libraryMessages.deleted)).toBeVisible();
  await expect(listed(page)).toHaveCount(2);
  await expect(listed(page).filter({ hasText: 'Initech opens a robotics plant' })).toHaveCount(0);
  await page.goto(`/library/${alert}`);
  await expect(page.getByRole('heading', { level: 1, name: libraryMessages.notFound })).toBeVisible();
});
