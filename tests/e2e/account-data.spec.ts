// "Your data" on the profile (issue 30 §5, §6), in Chromium against the real server and worker: a
// user with an alert, a library item and an AIR report asks for an export, follows it becoming ready
// live, downloads it from the section and from the e-mailed link, and the archive holds every kind of
// row they had; a user deletes their account through the dialog (a wrong password refused on its
// field, then an e-mailed code), lands signed out on /login, nothing of theirs is left in any table,
// and the final e-mail arrives.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { keepItem } from '../../src/server/library/keep.ts';
import { accountDataMessages } from '../../src/shared/account-data.ts';
import { airReportFixture } from '../support/account-data.ts';
import { dueThisHour, insertNewsAlert } from '../support/factories.ts';
import { userIdColumns, userRowsLeft } from '../support/user-rows.ts';
import { db, expect, signedInUser, sql, test, waitForMail } from './support/fixtures.ts';

/** Tables with a user-id column that hold a row of `userId`, with how many. */
async function rowsOf(userId: string) {
  const counts: Record<string, number> = {};
  for (const { table_name, column_name } of await userIdColumns(sql)) {
    const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}"::text = $1`, [userId]);
    if (row!.n > 0) counts[column_name === 'user_id' ? table_name : `${table_name}.${column_name}`] = row!.n;
  }
  return counts;
}

test('exports the data: ready live on the profile, the e-mailed link downloads a zip with every kind of row', async ({ page }) => {
  const user = await signedInUser(page, { at: null });
  await insertNewsAlert(db(), user.id, { companyName: 'Acme Robotics' });
  await keepItem(db(), user.id, {
    kind: 'news_alert',
    title: 'Acme Robotics: news',
    companies: ['Acme Robotics'],
    blocks: [{ type: 'paragraph', text: 'Acme opened a plant.' }],
  });
  await sql(
    `INSERT INTO air_reports (user_id, website, solution, credit_month, steps, status, report, company_name)
     VALUES ($1, 'https://acme.example', 'Robots', '2026-11', '[]', 'succeeded', $2, 'Acme Robotics')`,
    [user.id, JSON.stringify(airReportFixture('Acme Robotics'))],
  );
  const before = await rowsOf(user.id);
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['sonar_alerts', 'library_items', 'air_reports', 'sessions', 'accounts']));

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect(page.getByText(accountDataMessages.exportRequested)).toBeVisible();
  // Built by the worker; the section follows data_exports live.
  const download = page.getByRole('link', { name: 'Download your data' });
  await expect(download).toBeVisible();
  await expect(page.getByText(/The link expires on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export my data' })).toBeDisabled();
  await expect(page.getByText(/Your next export is possible on/)).toBeVisible();

  const day = new Date().toISOString().slice(0, 10);
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toBe(`enterprise-os-export-${day}.zip`);
  expect(Object.keys(unzipSync(new Uint8Array(await readFile((await saved.path())!))))).toContain('data.json');

  const mail = await waitForMail(user.email, /data export is ready/);
  expect(mail.text).toMatch(/expires on /);
  const link = /https?:\/\/\S+\/api\/account\/exports\/\S+/.exec(mail.text)![0];
  const res = await page.request.get(link);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toBe(`attachment; filename="enterprise-os-export-${day}.zip"`);
  const files = unzipSync(new Uint8Array(await res.body()));
  const names = Object.keys(files);
  expect(names.filter((n) => n.startsWith('library/'))).toEqual([`library/${day}-acme-robotics-news.md`]);
  expect(names.filter((n) => n.startsWith('reports/'))).toEqual([`reports/acme-robotics-${day}.html`]);
  expect(strFromU8(files[`library/${day}-acme-robotics-news.md`]!)).toContain('Acme opened a plant.');
  const data = JSON.parse(strFromU8(files['data.json']!)) as { tables: Record<string, unknown[]> };
  // Every kind of row the user had before asking is in the archive, as many as there were.
  for (const [table, n] of Object.entries(before)) expect(data.tables[table]?.length ?? 0, table).toBeGreaterThanOrEqual(n);
  expect(data.tables.users).toHaveLength(1);
  expect(data.tables.data_exports).toHaveLength(1);
  expect(await sql(`SELECT kind FROM security_events WHERE user_id = $1 AND kind LIKE 'export_%' ORDER BY created_at`, [user.id])).toEqual([
    { kind: 'export_requested' },
    { kind: 'export_downloaded' },
    { kind: 'export_downloaded' },
  ]);
});

test('deletes the account through the dialog: signed out to /login, nothing left in any table, the final e-mail sent', async ({ page }) => {
  const user = await signedInUser(page, { at: '/profile' });
  await insertNewsAlert(db(), user.id, dueThisHour());
  await keepItem(db(), user.id, { kind: 'news_alert', title: 'Kept', companies: [], blocks: [{ type: 'paragraph', text: 'x' }] });

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(accountDataMessages.wrongPassword)).toBeVisible();

  // With a code by e-mail instead.
  await dialog.getByRole('button', { name: 'E-mail me a code instead' }).click();
  await expect(dialog.getByText(accountDataMessages.codeSent(user.email))).toBeVisible();
  const codeMail = await waitForMail(user.email, /code to delete/);
  const code = /\b(\d{6})\b/.exec(codeMail.subject)![1]!;
  await dialog.getByLabel('Code from the e-mail').fill(code);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(accountDataMessages.deleted)).toBeVisible();
  expect(await userRowsLeft(sql, user.id)).toEqual([]);
  expect(await sql('SELECT 1 FROM users WHERE id = $1 OR email = $2', [user.id, user.email])).toEqual([]);
  const final = await waitForMail(user.email, /account was deleted/);
  expect(final.text).toContain(user.email);
  // Signed out: the profile asks to sign in again.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fprofile$/);
});
