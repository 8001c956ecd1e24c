// Live updates in the browser: a change to the user's rows made by a second server process (through
// its own UI, in another browser) or by direct SQL reaches the open page without a reload.
import { expect, guideSeenIn, signedInUser, signInByApi, sql, test } from './support/fixtures.ts';
import { secondServer } from './support/second-server.ts';

test('a profile change made through a second server process appears in the open page', async ({ page, browser }) => {
  const user = await signedInUser(page, { firstName: 'Dana', lastName: 'Reyes' });
  await expect(page.getByRole('link', { name: /Dana Reyes/ })).toBeVisible();

  const second = await secondServer('second');
  const other = await browser.newContext({ baseURL: second.url });
  await guideSeenIn(other);
  const otherPage = await other.newPage();
  await signInByApi(otherPage, user, second.url);
  await otherPage.goto('/profile');
  await otherPage.getByLabel('First name').fill('Danielle');
  await otherPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(otherPage.getByText('Profile updated')).toBeVisible();

  // No reload on the first page: the change arrives over its live stream.
  await expect(page.getByRole('link', { name: /Danielle Reyes/ })).toBeVisible();
  await other.close();
});

test('a direct database update appears in the open page, and another user is not disturbed', async ({ page, browser }) => {
  const user = await signedInUser(page, { firstName: 'Dana', lastName: 'Reyes' });
  const otherContext = await browser.newContext();
  await guideSeenIn(otherContext);
  const otherPage = await otherContext.newPage();
  const otherUser = await signedInUser(otherPage, { firstName: 'Olga', lastName: 'Berg' });
  let otherProfileReads = 0;
  otherPage.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/profile/current') otherProfileReads += 1;
  });

  await sql('UPDATE users SET first_name = $2 WHERE id = $1', [user.id, 'Dee']);
  await expect(page.getByRole('link', { name: /Dee Reyes/ })).toBeVisible();
  await expect(otherPage.getByRole('link', { name: /Olga Berg/ })).toBeVisible();
  expect(otherProfileReads).toBe(0);
  expect(otherUser.id).not.toBe(user.id);
  await otherContext.close();
});
