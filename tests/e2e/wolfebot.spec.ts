// Wolfebot (/wolfebot, issue 27 §3) through the real server with the fixture model
// (tests/fakes/wolfebot-model.ts: it cites the first document of the prompt, adds one sentence
// without a source, and streams slowly when asked to): a conversation started from a starter and
// answered from the user's library, an answer left mid-stream and found complete on return, rename
// and delete, a suggested action that creates a news alert, another user's conversation out of
// reach, and the page on a server without an AI provider.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { keepItem } from '../../src/server/library/keep.ts';
import { newsAlertMessages } from '../../src/shared/news-alerts.ts';
import { WOLFEBOT_STARTERS, wolfebotMessages } from '../../src/shared/wolfebot.ts';
import { WOLFEBOT_UNCITED } from '../fakes/wolfebot-model.ts';
import { db, expect, guideSeenIn, signedInOn, signedInUser, sql, test } from './support/fixtures.ts';
import { secondServer } from './support/second-server.ts';

// Whole journeys (streamed answers, a second browser) on a machine shared with other suites.
test.describe.configure({ timeout: 180_000 });

const PLANT_TITLE = 'Acme Robotics opens Toledo plant';
const UNSUPPORTED = 'Not supported by a cited source';

/** A library item of the user's about Acme Robotics, as the engine keeps a delivered alert. */
async function keepAcmeItem(userId: string) {
  const kept = await keepItem(db(), userId, {
    kind: 'company_news',
    title: PLANT_TITLE,
    companies: ['Acme Robotics'],
    blocks: [{ type: 'paragraph', text: 'Acme Robotics opened a new assembly plant in Toledo, Ohio, employing 400 people.' }],
  });
  return kept!.id;
}

/** A conversation of the user's, last changed `ago` (a PostgreSQL interval) ago. */
async function insertConversation(userId: string, title: string, ago = '0 seconds') {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO wolfebot_conversations (user_id, title, updated_at) VALUES ($1, $2, now() - $3::interval) RETURNING id`,
    [userId, title, ago],
  );
  return row!.id;
}

/** No serious or critical axe finding on the page's own content (the sign-in toast may still be fading in). */
async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const lastAnswer = (page: Page) => chat(page).getByRole('article', { name: "Wolfebot's answer" }).last();
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message Wolfebot' });
const openConversationId = (page: Page) => new URL(page.url()).searchParams.get('conversation');

test('/wolfebot without a session goes to /login with the sign-in prompt', async ({ page }) => {
  await page.goto('/wolfebot');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fwolfebot$/);
  await expect(page.getByText('Authentication required')).toBeVisible();
});

test('a starter starts a conversation, answered from the library with its source, a greyed unsourced sentence and the statement count', async ({
  page,
}) => {
  const user = await signedInUser(page, { at: null });
  const itemId = await keepAcmeItem(user.id);
  await page.goto('/homepage');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wolfebot Assistant', exact: true }).click();
  await expect(page).toHaveTitle('Wolfebot Assistant | Enterprise OS');
  await expect(page.getByRole('heading', { level: 1, name: 'Wolfebot Assistant' })).toBeVisible();
  await expect(page.getByText('Coming Soon', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'What Wolfebot does' }).getByRole('heading', { level: 3 })).toHaveCount(4);

  // No conversations yet: the eight starters, each a working button.
  const starters = conversations(page).getByRole('button');
  await expect(starters).toHaveCount(8);
  await expect(starters).toHaveText([...WOLFEBOT_STARTERS]);

  await expectAccessible(page);

  await starters.first().click();
  await expect(page).toHaveURL(/\/wolfebot\?conversation=[0-9a-f-]{36}$/);
  await expect(chat(page).getByText('Prep for Acme discovery call', { exact: true })).toBeVisible();
  // Named after its first question, and listed.
  await expect(conversations(page).getByRole('link', { name: 'Prep for Acme discovery call' })).toBeVisible();

  const answer = lastAnswer(page);
  await expect(answer.getByText('1 of 2 statements sourced')).toBeVisible();
  await expect(answer).toContainText(`${PLANT_TITLE} [1].`);
  const source = answer.getByRole('list', { name: 'Sources' }).getByRole('link', { name: PLANT_TITLE });
  await expect(source).toHaveAttribute('href', `/library/${itemId}`);
  await expect(answer.getByRole('link', { name: `Source 1: ${PLANT_TITLE}` })).toBeVisible();
  // The sentence without a source is greyed, with its note.
  const greyed = answer.locator(`[title="${UNSUPPORTED}"]`);
  await expect(greyed).toHaveCount(1);
  await expect(greyed).toContainText(WOLFEBOT_UNCITED);
  await expect(composer(page)).toBeEnabled();
  await expectAccessible(page);

  // Stored: a reload shows the same answer.
  await page.reload();
  await expect(lastAnswer(page).getByText('1 of 2 statements sourced')).toBeVisible();
  const rows = await sql<{ role: string; status: string }>(
    'SELECT role, status FROM wolfebot_messages WHERE user_id = $1 ORDER BY created_at',
    [user.id],
  );
  expect(rows).toEqual([
    { role: 'user', status: 'complete' },
    { role: 'assistant', status: 'complete' },
  ]);
});

test('an answer left mid-stream is found complete on return', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await keepAcmeItem(user.id);
  await page.goto('/wolfebot');
  await composer(page).fill('Where is the Acme Robotics plant? Answer slowly.');
  await composer(page).press('Enter');

  // Part of the answer is on screen while it is still being written…
  const answer = lastAnswer(page);
  await expect(answer).toContainText('Acme Robotics');
  await expect(answer.getByRole('status')).toHaveText('Wolfebot is answering…');
  const id = openConversationId(page);

  // …then the page is left, and opened again from the sidebar: the same conversation, followed to its end.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/wolfebot/conversations/${id}`) reads.push(request.url());
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await nav.getByRole('link', { name: 'Wolfebot Assistant', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/wolfebot\\?conversation=${id}$`));
  await expect(
    chat(page).getByRole('list', { name: 'Messages' }).getByText('Where is the Acme Robotics plant? Answer slowly.'),
  ).toBeVisible();
  // The answer's row when the page is back (it was streaming then if it still is now).
  const [onReturn] = await sql<{ status: string }>('SELECT status FROM wolfebot_messages WHERE conversation_id = $1 AND role = $2', [
    id,
    'assistant',
  ]);
  await expect(lastAnswer(page).getByText('1 of 2 statements sourced')).toBeVisible({ timeout: 15_000 });
  // Still being written when the page came back: only its end is announced, so the page read it again until then.
  if (onReturn?.status === 'streaming') expect(reads.length).toBeGreaterThan(1);
  await expect(lastAnswer(page)).toContainText(WOLFEBOT_UNCITED);
  await expect(lastAnswer(page).getByRole('status')).toHaveCount(0);
});

test('conversations are renamed in place and deleted after a confirmation; another user cannot open one', async ({ page, browser }) => {
  const user = await signedInUser(page, { at: null });
  const kept = await insertConversation(user.id, 'Globex renewal', '1 hour');
  const doomed = await insertConversation(user.id, 'Northwind follow-up');
  await page.goto('/wolfebot');
  // Newest first.
  await expect(conversations(page).getByRole('link')).toHaveText(['Northwind follow-up', 'Globex renewal']);

  await page.getByRole('button', { name: 'Rename Globex renewal' }).click();
  const name = page.getByRole('textbox', { name: 'Conversation name' });
  await name.fill('   ');
  await name.press('Enter');
  await expect(page.getByText(wolfebotMessages.titleRequired)).toBeVisible();
  await name.fill('Globex renewal, Q3');
  await name.press('Enter');
  await expect(conversations(page).getByRole('link', { name: 'Globex renewal, Q3' })).toBeVisible();
  await expect
    .poll(async () => (await sql('SELECT title FROM wolfebot_conversations WHERE id = $1', [kept]))[0]?.title)
    .toBe('Globex renewal, Q3');

  // Opened, then deleted: the chat goes back to a new conversation.
  await conversations(page).getByRole('link', { name: 'Northwind follow-up' }).click();
  await expect(chat(page).getByRole('heading', { level: 2, name: 'Northwind follow-up' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Northwind follow-up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(conversations(page).getByRole('link', { name: 'Northwind follow-up' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Northwind follow-up' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(conversations(page).getByRole('link', { name: 'Northwind follow-up' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/wolfebot$/);
  await expect(chat(page).getByRole('heading', { level: 2, name: wolfebotMessages.newConversation })).toBeVisible();
  expect(await sql('SELECT id FROM wolfebot_conversations WHERE id = $1', [doomed])).toEqual([]);

  // Another user, by the conversation's address: it does not exist for them.
  const context = await browser.newContext();
  await guideSeenIn(context);
  const other = await context.newPage();
  await signedInUser(other, { at: `/wolfebot?conversation=${kept}` });
  await expect(other.getByRole('region', { name: 'Chat' }).getByText(wolfebotMessages.notFound)).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Message Wolfebot' })).toHaveCount(0);
  await expect(other.getByRole('list', { name: 'Conversations' }).getByRole('link')).toHaveCount(0);
  await context.close();
});

test('"Watch Acme Robotics for me" suggests a news alert, created only by its button', async ({ page }) => {
  const user = await signedInUser(page, { at: '/wolfebot' });
  await composer(page).fill('Watch Acme Robotics for me');
  await composer(page).press('Enter');
  const answer = lastAnswer(page);
  await expect(answer).toContainText(wolfebotMessages.watchCompany('Acme Robotics'));
  expect(await sql('SELECT id FROM sonar_alerts WHERE user_id = $1', [user.id])).toEqual([]);

  await answer.getByRole('button', { name: 'Create news alert for Acme Robotics' }).click();
  await expect(answer.getByRole('status')).toContainText(newsAlertMessages.created);
  const alerts = await sql<{ company_name: string; active: boolean; delivery_days: string[] }>(
    'SELECT company_name, active, delivery_days FROM sonar_alerts WHERE user_id = $1',
    [user.id],
  );
  expect(alerts).toEqual([{ company_name: 'Acme Robotics', active: true, delivery_days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] }]);

  await answer.getByRole('link', { name: 'Open News Alerts' }).click();
  await expect(page).toHaveURL(/\/sonar-os\/news$/);
  await expect(page.getByRole('region', { name: 'Alert 1' }).getByLabel('Company name')).toHaveValue('Acme Robotics');
});

test('without an AI provider the page says so, keeps conversations readable and disables the composer', async ({
  browser,
  page: firstServerPage,
}) => {
  const user = await signedInUser(firstServerPage, { at: null });
  const id = await insertConversation(user.id, 'Acme prep');
  await sql(
    `INSERT INTO wolfebot_messages (conversation_id, user_id, role, text, status, created_at)
     VALUES ($1, $2, 'user', 'Where is the plant?', 'complete', now() - interval '1 minute'),
            ($1, $2, 'assistant', 'The plant is in Toledo.', 'complete', now())`,
    [id, user.id],
  );
  const { context, page } = await signedInOn(browser, (await secondServer('withoutAi')).url, user, `/wolfebot?conversation=${id}`);
  const notice = page.getByRole('alert').filter({ hasText: 'Wolfebot cannot answer right now.' });
  await expect(notice).toContainText(wolfebotMessages.aiOff);
  await expect(notice).toContainText('AI is not configured on this server');
  await expect(page.getByRole('region', { name: 'Chat' }).getByText('The plant is in Toledo.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message Wolfebot' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await context.close();
});
