import { completeProfile, expect, registeredUser, signedInUser, signIn, test } from './support/fixtures.ts';

test('unknown paths show the 404 page with Go home', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page).toHaveTitle('404 Not Found | Enterprise OS');
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fhomepage$/);
});

test('tokens in the URL hash lead to the reset or create-password page', async ({ page }) => {
  await page.goto('/#access_token=not-a-real-token&type=recovery');
  await expect(page.getByText('Authentication Error')).toBeVisible();
  await expect(page.getByText('We could not verify your session. Your reset link may have expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/#access_token=not-a-real-token&refresh_token=r&type=invite');
  await expect(page.getByText('Unable to verify your invite. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

for (const path of ['/homepage', '/sonar-os/news', '/client-portal']) {
  test(`${path} without a session goes to /login with the sign-in prompt`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirect_to=${encodeURIComponent(path)}`);
    await expect(page.getByText('Authentication required')).toBeVisible();
    await expect(page.getByText('Please login to continue.')).toBeVisible();
  });
}

test('the sidebar expands on hover without moving its links under the pointer', async ({ page }) => {
  await signedInUser(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const link = sidebar.getByRole('link', { name: 'Account Intelligence Report', exact: true });
  await expect(sidebar).toHaveAttribute('data-expanded', 'false');
  await link.scrollIntoViewIfNeeded();
  const collapsed = await link.boundingBox();
  await page.mouse.move(30, collapsed!.y + collapsed!.height / 2);
  await expect(sidebar).toHaveAttribute('data-expanded', 'true');
  const expanded = await link.boundingBox();
  expect(expanded!.y).toBe(collapsed!.y);
  await page.mouse.click(30, collapsed!.y + collapsed!.height / 2);
  await expect(page).toHaveURL(/\/air$/);
});

test.describe('the signed-in shell', () => {
  test.use({ guideSeen: false });

  test('sidebar, welcome guide, redirects, titles, flag gate, sign out', async ({ page }) => {
    const user = await registeredUser({ firstName: 'Lin', lastName: 'Okafor' });
    await signIn(page, user);
    await completeProfile(page);

    const guide = page.getByRole('dialog', { name: 'Menu Buttons Have Moved!' });
    await expect(guide).toBeVisible();
    // Reset Guide forgets the flag; the guide stays until Got it!
    await guide.getByRole('button', { name: 'Reset Guide' }).click();
    await expect(guide).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('navigationGuideViewed'))).toBeNull();
    await guide.getByRole('button', { name: 'Got it!' }).click();
    await expect(guide).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('navigationGuideViewed'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Enterprise OS', level: 1 })).toBeVisible();
    await expect(guide).toBeHidden();
    // The guide can be brought back from the sidebar.
    await page.getByRole('button', { name: 'Reset Guide' }).click();
    await expect(guide).toBeVisible();
    await guide.getByRole('button', { name: 'Got it!' }).click();
    await expect(guide).toBeHidden();

    // 60 px collapsed, 220 px on hover, collapsed again when the mouse leaves.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await page.mouse.move(600, 300);
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(60);
    await sidebar.hover();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(220);
    await page.mouse.move(600, 300);
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(60);

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path, title] of [
      ['News Alerts', '/sonar-os/news', 'News Alerts | Enterprise OS'],
      ['Newsletter Alerts', '/sonar-os/newsletter', 'Newsletter | Enterprise OS'],
      ['Earnings Alerts', '/sonar-os/earnings', 'Earnings Alerts | Enterprise OS'],
      ['Company Research', '/aurora-os/company-news', 'Company Research | Enterprise OS'],
      ['Trend Scanner', '/aurora-os/trends', 'Trend Scanner | Enterprise OS'],
      ['Earnings Analysis', '/aurora-os/earnings', 'Earnings Analysis | Enterprise OS'],
      ['Content Creation', '/content-os', 'Content OS | Enterprise OS'],
      ['Wolfebot Assistant', '/wolfebot', 'Wolfebot Assistant | Enterprise OS'],
      ['Account Intelligence Report', '/air', 'Account Intelligence Report | Enterprise OS'],
      ['Success Center', '/success-center', 'Success Center | Enterprise OS'],
      ['Profile', '/profile', 'Profile | Enterprise OS'],
      ['Home', '/homepage', 'Enterprise OS'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page).toHaveTitle(title);
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await expect(page.getByRole('link', { name: /Lin Okafor/ })).toBeAttached();

    await page.goto('/sonar-os');
    await expect(page).toHaveURL(/\/sonar-os\/news$/);
    await page.goto('/aurora-os');
    await expect(page).toHaveURL(/\/aurora-os\/company-news$/);

    // redirect_to keeps the other query parameters.
    await page.goto('/homepage?redirect_to=/aurora-os/company-news&company=Acme');
    await expect(page).toHaveURL(/\/aurora-os\/company-news\?company=Acme$/);

    // The sandbox needs its local flag.
    await page.goto('/sandbox');
    await expect(page.getByText('Navigation restructure sandbox is not enabled')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.evaluate(() => localStorage.setItem('enableNavigationRestructure', 'true'));
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { name: 'Navigation Restructure Sandbox' })).toBeVisible();

    await page.goto('/homepage');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect_to=%2Fprofile$/);
  });
});

test('the Resource Library needs a user and says when it is not configured', async ({ page }) => {
  await page.goto('/client-portal');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fclient-portal$/);
  await expect(page.getByText('Authentication required')).toBeVisible();
  const user = await registeredUser();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await completeProfile(page);
  await page.goto('/client-portal');
  await expect(page.getByRole('heading', { name: 'Resource Library' })).toBeVisible();
  await expect(
    page.getByText("The Resource Library is not configured. An operator sets CLIENT_PORTAL_URL to the client portal's address."),
  ).toBeVisible();
});

test('a new deployment is loaded at the next navigation', async ({ page }) => {
  await page.goto('/hello');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

  // The server now announces another build.
  const config = await (await page.request.get('/api/config')).json();
  await page.route('**/api/config', (route) => route.fulfill({ json: { ...config, buildId: 'a-newer-build' } }));
  const announced = page.waitForResponse('**/api/config');
  await page.reload();
  await announced;
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/email-otp$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false)).toBe(false);
});
