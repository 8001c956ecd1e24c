import AxeBuilder from '@axe-core/playwright';
// Issue 30 §3 in Chromium: the user signed in in two browsers; the first lists both sessions (its
// own marked "This device") and signs the other out from the list. The other browser's open page is
// signed out at once (its live-update stream is told and closes, the page goes to /login, well
// before the stream's 25 s heartbeat) and its next API request is refused.
import { expect, guideSeenIn, signedInUser, signInByApi, sql, test } from './support/fixtures.ts';

test('a session signed out from the profile list is signed out in its open page and on its next request', async ({ page, browser }) => {
  const user = await signedInUser(page, { at: null });
  // Registering (the fixture's API call) signed in too: that session ends, so the two browsers' are all.
  await sql('DELETE FROM sessions WHERE user_id = $1 AND created_at < (SELECT max(created_at) FROM sessions WHERE user_id = $1)', [
    user.id,
  ]);

  const other = await browser.newContext();
  await guideSeenIn(other);
  const otherPage = await other.newPage();
  const otherStream = otherPage.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200);
  await signInByApi(otherPage, user);
  await otherStream;

  await page.goto('/profile');
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem', { name: /\(this device\)$/ })).toContainText('This device');
  const otherRow = sessions.getByRole('listitem').filter({ hasNotText: 'This device' });
  await expect(otherRow).toContainText(/Chrome \d+ · Linux computer/);

  // The two sections pass axe's serious and critical rules.
  await expect(page.getByRole('list', { name: 'Security events' })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="sessions-heading"]')
    .include('section[aria-labelledby="security-log-heading"]')
    .analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const ended = Date.now();
  await otherRow.getByRole('button', { name: /^Sign out .+ on / }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

  // The other page is told over its open stream: no reload, no click, long before a heartbeat.
  await expect(otherPage).toHaveURL(/\/login/, { timeout: 10_000 });
  expect(Date.now() - ended).toBeLessThan(10_000);
  expect((await otherPage.request.get('/api/security/sessions')).status()).toBe(401);
  // The security log of the first browser shows the sign-out.
  await expect(page.getByRole('list', { name: 'Security events' }).getByText('Signed out a session')).toBeVisible();
  // The first browser is still signed in.
  expect((await page.request.get('/api/security/sessions')).status()).toBe(200);
  await other.close();
});
