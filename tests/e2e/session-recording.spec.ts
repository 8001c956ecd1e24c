// Spec 01 §4: PostHog only for a signed-in user who opted in; off again after sign-out or opt-out.
// The e2e server points POSTHOG_HOST at a local fake that records every call it receives.
import { E2E_POSTHOG_PORT } from '../../playwright.config.ts';
import { completeProfile, expect, registeredUser, signIn, test, watchNetwork } from './support/fixtures.ts';

type Received = { method: string; path: string; userAgent: string; at: number }[];
// Other journeys may opt in at the same time: this one's browser is told apart by its user agent.
const AGENT = `eos-e2e-recording-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
test.use({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/156 ${AGENT}` });

const received = async (): Promise<Received> =>
  (await fetch(`http://127.0.0.1:${E2E_POSTHOG_PORT}/__requests`)).json() as Promise<Received>;
const since = async (t: number) => (await received()).filter((r) => r.at >= t && r.userAgent.includes(AGENT));

test('nothing reaches PostHog until the user opts in; then it loads and talks to the configured host', async ({ page }) => {
  const network = watchNetwork(page);
  const user = await registeredUser();
  await signIn(page, user);
  await completeProfile(page);

  const start = Date.now();
  await page.goto('/profile');
  await page.goto('/homepage');
  // Signed in, not opted in: once the page has sent all it sends, none of it went to PostHog.
  await network.quiet();
  expect(await since(start)).toEqual([]);

  await page.goto('/profile');
  await page.getByLabel('Allow session recording').check();
  // PostHog loads as soon as the saved opt-in arrives, so count from before the save.
  const optedIn = Date.now();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  // PostHog reads its configuration from POSTHOG_HOST (events themselves are dropped by PostHog's
  // own filter for automated browsers, so they are not asserted here).
  await expect
    .poll(async () => (await since(optedIn)).map((r) => r.path).join(' '), { timeout: 10_000 })
    .toMatch(/phc_e2e_test_key\/config|\/flags/);

  // After sign-out a fresh page load does not load PostHog at all.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/hello');
  // Let anything the previous page sent while unloading arrive before counting.
  await network.quiet();
  const signedOut = Date.now();
  await page.reload();
  await network.quiet();
  expect(await since(signedOut)).toEqual([]);
});
