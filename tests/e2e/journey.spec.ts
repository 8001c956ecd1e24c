// Issue 27's whole journey through the real server, its workers' engine and the fakes (news,
// publishers, the OpenAI-compatible fixture model, which streams plain text and is never offered a
// tool: Wolfebot retrieves first on every provider): a news alert is delivered → it is in the
// library and found by the search → Wolfebot answers a question about it citing that item → a
// suggested action, confirmed, creates a news alert. Another user sees none of it: not by the
// item's or the conversation's address, not by searching, and not on their live-update stream.
import type { Page } from '@playwright/test';
import { libraryMessages } from '../../src/shared/library.ts';
import { newsAlertMessages } from '../../src/shared/news-alerts.ts';
import { wolfebotMessages } from '../../src/shared/wolfebot.ts';
import { insertNewsAlert } from '../support/factories.ts';
import { admin, db, expect, guideSeenIn, linkIn, signedInUser, sql, test, waitForMail } from './support/fixtures.ts';

test.describe.configure({ timeout: 240_000 });

const searchBox = (page: Page) => page.getByRole('combobox', { name: libraryMessages.searchPlaceholder });
const results = (page: Page) => page.getByRole('region', { name: /^(Your library|Search results)$/ }).getByRole('listitem');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message Wolfebot' });
const lastAnswer = (page: Page) => page.getByRole('region', { name: 'Chat' }).getByRole('article', { name: "Wolfebot's answer" }).last();

/** Opens an EventSource on /api/events in `page` and records the tables its `change` events name. */
async function recordLiveChanges(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const seen: string[] = [];
        (window as unknown as { liveTables: string[] }).liveTables = seen;
        const source = new EventSource('/api/events');
        source.addEventListener('change', (event) => seen.push(JSON.parse((event as MessageEvent<string>).data).table));
        source.addEventListener('ready', () => resolve());
      }),
  );
}
const liveTables = (page: Page) => page.evaluate(() => (window as unknown as { liveTables: string[] }).liveTables);

test('an alert delivered is found in the library and by search, asked about in Wolfebot with a cited answer, and an action creates an alert; another user sees none of it', async ({
  page,
  browser,
}) => {
  const owner = await signedInUser(page, { at: null });
  const otherContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.202.0.9' } });
  await guideSeenIn(otherContext);
  const otherPage = await otherContext.newPage();
  const other = await signedInUser(otherPage, { at: '/homepage' });
  // The other user listens to their own live-update stream from before anything happens.
  await recordLiveChanges(otherPage);

  // 1. The alert is delivered (the operator's run-alerts runs the workers' engine) with its "Read in Enterprise OS" link.
  await insertNewsAlert(db(), owner.id, { companyName: 'Acme Robotics' });
  const lines = await admin('run-alerts', '--user', owner.email);
  expect(lines.find((line) => line.includes('Acme Robotics'))).toMatch(/ news .* succeeded /);
  const mail = await waitForMail(owner.email, /^Acme Robotics /);
  const itemPath = linkIn(mail, '/library/');
  const itemId = itemPath.split('/').at(-1)!;

  // 2. In the library, and found by the search box.
  await page.goto(itemPath);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Acme Robotics');
  await searchBox(page).fill('quarterly revenue');
  await searchBox(page).press('Enter');
  await expect(results(page).filter({ hasText: 'Acme Robotics' }).first().locator('mark').first()).toBeVisible();
  await expect(results(page).first().getByRole('link').first()).toHaveAttribute('href', itemPath);

  // 3. Wolfebot answers from it, citing the item.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wolfebot Assistant', exact: true }).click();
  await composer(page).fill('What did my Acme Robotics alert say about quarterly revenue?');
  await composer(page).press('Enter');
  await expect(page).toHaveURL(/\/wolfebot\?conversation=[0-9a-f-]{36}$/);
  const conversationId = new URL(page.url()).searchParams.get('conversation')!;
  const answer = lastAnswer(page);
  await expect(answer.getByText(/\d+ of \d+ statements? sourced/)).toBeVisible();
  await expect(answer.getByRole('list', { name: 'Sources' }).getByRole('link').first()).toHaveAttribute('href', itemPath);

  // 4. A suggested action, confirmed, creates an alert.
  await composer(page).fill('Watch Initech Systems for me');
  await composer(page).press('Enter');
  await expect(lastAnswer(page)).toContainText(wolfebotMessages.watchCompany('Initech Systems'));
  await lastAnswer(page).getByRole('button', { name: 'Create news alert for Initech Systems' }).click();
  await expect(lastAnswer(page).getByRole('status')).toContainText(newsAlertMessages.created);
  expect(
    (await sql<{ company_name: string }>('SELECT company_name FROM sonar_alerts WHERE user_id = $1 ORDER BY created_at', [owner.id])).map(
      (r) => r.company_name,
    ),
  ).toEqual(['Acme Robotics', 'Initech Systems']);

  // The owner's stream announced the item, the conversation and the alert (the page's own recorder,
  // set up before the first step, on a page that has navigated within the app since: /homepage's
  // document is gone, so the owner's check reads the recorder of this page, set up now and fed by
  // one more change). The other user's recorder, on a page that has not moved, got nothing.
  await recordLiveChanges(page);
  await sql('UPDATE library_items SET title = title WHERE id = $1', [itemId]);
  await expect.poll(() => liveTables(page)).toContain('library_items');
  expect(await liveTables(otherPage)).toEqual([]);

  // 5. Another user: nothing by address or by search either.
  await otherPage.goto(itemPath);
  await expect(otherPage.getByText(libraryMessages.notFound)).toBeVisible();
  await otherPage.goto('/library?q=quarterly+revenue');
  await expect(otherPage.getByText(libraryMessages.noResults)).toBeVisible();
  await otherPage.goto(`/wolfebot?conversation=${conversationId}`);
  await expect(otherPage.getByRole('region', { name: 'Chat' }).getByText(wolfebotMessages.notFound)).toBeVisible();
  const api = otherPage.request;
  expect((await api.get(`/api/library/${itemId}`)).status()).toBe(404);
  expect((await api.get(`/api/wolfebot/conversations/${conversationId}`)).status()).toBe(404);
  expect((await (await api.get('/api/library/search?q=quarterly+revenue')).json()).items).toEqual([]);
  expect(other.id).not.toBe(owner.id);
  await otherContext.close();
});
