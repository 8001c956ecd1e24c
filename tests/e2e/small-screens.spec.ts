// The app as people open it on phones, tablets and laptops: no page scrolls sideways on a phone,
// and the sidebar shows every item (or scrolls obviously) and opens with a tap where there is no hover.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { WEB_ROUTES } from '../../src/shared/web-routes.ts';
import { admin, expect, registeredUser, secondCompanySiteUrl, signedInUser, signIn, test } from './support/fixtures.ts';

const PHONE = { width: 375, height: 812 };
const SCREENS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
];

/** Every public route of src/web/app/router.tsx (shared/web-routes.ts), plus an unknown path (the 404 page). */
const PUBLIC_PATHS = [
  '/',
  '/hello',
  '/tos',
  '/privacy-policy',
  '/login',
  '/email-otp',
  '/two-factor',
  '/forgot-password',
  '/reset-password',
  '/create-password',
  '/invite-only',
  '/unsubscribe',
  '/unsubscribe?token=not-a-real-token',
  '/no-such-page',
];

/** Every signed-in route of src/web/app/router.tsx except /profile-completion (its own test: it needs an incomplete profile). */
const SIGNED_IN_PATHS = [
  '/homepage',
  '/profile',
  '/sonar-os',
  '/sonar-os/news',
  '/sonar-os/newsletter',
  '/sonar-os/earnings',
  '/sonar-os/channels',
  '/aurora-os',
  '/aurora-os/company-news',
  '/aurora-os/trends',
  '/aurora-os/earnings',
  '/content-os',
  '/wolfebot',
  '/library',
  '/library?q=acme',
  '/air',
  '/success-center',
  '/sandbox',
  '/client-portal',
  '/two-factor-setup',
  '/no-such-page',
];

/** The operator console and each of its sections (an operator's only). */
const OPERATOR_PATHS = ['/admin', '/admin/users', '/admin/runs', '/admin/mail', '/admin/ai-usage', '/admin/sources', '/admin/audit'];

test('the route lists of this file name every route of the router', () => {
  // /profile-completion and /air/reports/:id have tests of their own below (an incomplete profile; a
  // report); /admin/:section is each of OPERATOR_PATHS.
  const visited = new Set([
    ...PUBLIC_PATHS,
    ...SIGNED_IN_PATHS,
    ...OPERATOR_PATHS,
    '/profile-completion',
    '/air/reports/:id',
    '/library/:id',
    '/admin/:section',
  ]);
  expect(WEB_ROUTES.filter((path) => !visited.has(path))).toEqual([]);
});

/** Waits until the page shows its heading and has nothing left loading. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('output[aria-label^="Loading"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** How far the page reaches past the right edge, naming the outermost elements that stick out. */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow <= 0) return { overflow, culprits: [] as string[] };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement)))
      .slice(0, 5)
      .map((el) => {
        const where = [el, el.parentElement, el.parentElement?.parentElement].map(
          (e) => `${e?.tagName.toLowerCase()}.${e?.getAttribute('class') ?? ''}`,
        );
        return `${where.join(' < ')} "${el.textContent?.slice(0, 40)}" right=${el.getBoundingClientRect().right}`;
      });
    return { overflow, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  const { overflow, culprits } = await sidewaysOverflow(page);
  expect
    .soft(overflow, `${path} (shown at ${page.url()}) scrolls sideways by ${overflow} px: ${culprits.join('; ')}`)
    .toBeLessThanOrEqual(0);
}

test.describe('at 375 px no page scrolls sideways', () => {
  test.use({ viewport: PHONE });

  test('public pages, signed out', async ({ page }) => {
    for (const path of PUBLIC_PATHS) await expectNoSidewaysScroll(page, path);
  });

  test('signed-in pages, profile completed', async ({ page }) => {
    await signedInUser(page);
    // The sandbox is behind its local flag; with the flag off it only sends the user to /.
    await page.evaluate(() => localStorage.setItem('enableNavigationRestructure', 'true'));
    for (const path of SIGNED_IN_PATHS) await expectNoSidewaysScroll(page, path);
  });

  test('the operator console, as an operator', async ({ page }) => {
    const operator = await signedInUser(page);
    expect((await admin('grant-operator', operator.email)).at(-1)).toMatch(/is now an operator/);
    for (const path of OPERATOR_PATHS) await expectNoSidewaysScroll(page, path);
  });

  test('an account intelligence report, once researched', async ({ page }) => {
    await signedInUser(page, { at: '/air' });
    // The fake site's second company: its report finishes quickly, Social Listening not available.
    await page.getByLabel('Company Website').fill(secondCompanySiteUrl());
    await page.getByLabel('Solution & Buying Centers').fill('Warehouse orchestration software for Supply Chain Operations leaders.');
    await page.getByRole('button', { name: 'Email me the report' }).click();
    await expect(page).toHaveURL(/\/air\/reports\/[0-9a-f-]{36}$/);
    await expect(page.locator('li[data-state="done"]')).toHaveCount(7, { timeout: 30_000 });
    await expectNoSidewaysScroll(page, new URL(page.url()).pathname);
  });

  test('profile completion, profile not completed yet', async ({ page }) => {
    await signIn(page, await registeredUser());
    await expect(page).toHaveURL(/\/profile-completion$/);
    await expectNoSidewaysScroll(page, '/profile-completion');
  });
});

const sidebarOf = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const menuButton = (page: Page) => sidebarOf(page).getByRole('button', { name: 'Menu' });

/** Every item of the rail, the last one (Success Center) and the footer's last button included, wholly on screen. */
async function expectWholeRailOnScreen(page: Page, label: string) {
  const sidebar = sidebarOf(page);
  const links = sidebar.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links).toHaveCount(14);
  await expect(links.last()).toHaveAccessibleName('Success Center');
  for (const link of await links.all()) await expect(link, label).toBeInViewport({ ratio: 1 });
  await expect(sidebar.getByRole('button', { name: 'Sign out', exact: true }), label).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('sidebar-more-below'), label).toBeHidden();
}

test('the sidebar shows all its items at common screen sizes, collapsed and expanded', async ({ page }) => {
  await signedInUser(page);
  const sidebar = sidebarOf(page);
  for (const screen of SCREENS) {
    const label = `${screen.width}×${screen.height}`;
    await page.setViewportSize(screen);
    await page.mouse.move(screen.width - 5, screen.height - 5);
    await expect(sidebar).toHaveAttribute('data-expanded', 'false');
    await expectWholeRailOnScreen(page, `${label}, collapsed`);
    await sidebar.hover();
    await expect(sidebar).toHaveAttribute('data-expanded', 'true');
    await expectWholeRailOnScreen(page, `${label}, expanded`);
  }
});

test('on a screen too short for every item the rail says it scrolls, and scrolls', async ({ page }) => {
  await signedInUser(page);
  // A 1366×768 laptop screen less the browser's own bars.
  await page.setViewportSize({ width: 1366, height: 620 });
  const nav = sidebarOf(page).getByRole('navigation', { name: 'Main' });
  const successCenter = nav.getByRole('link', { name: 'Success Center', exact: true });
  const hint = page.getByTestId('sidebar-more-below');
  await expect(hint).toBeVisible();
  await expect(successCenter).not.toBeInViewport({ ratio: 1 });
  // Most of the items stay in view: the scroll area is not a sliver.
  expect((await nav.boundingBox())!.height).toBeGreaterThan(380);
  await page.mouse.move(30, 300);
  await page.mouse.wheel(0, 600);
  await expect(successCenter).toBeInViewport({ ratio: 1 });
  await expect(hint).toBeHidden();
});

test('the menu button opens and closes the rail with the mouse and the keyboard', async ({ page }) => {
  await signedInUser(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const sidebar = sidebarOf(page);
  const menu = menuButton(page);
  await page.mouse.move(900, 400);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // The pointer on the button already widens the rail, so the first click collapses it; the next opens it.
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  // Opened with the button, it stays open when the mouse leaves, until a click outside it.
  await page.mouse.move(900, 400);
  await expect(sidebar).toHaveAttribute('data-expanded', 'true');
  await page.mouse.click(900, 400);
  await expect(sidebar).toHaveAttribute('data-expanded', 'false');
  await expect(page).toHaveURL(/\/homepage$/);

  await menu.focus();
  const before = await menu.getAttribute('aria-expanded');
  await page.keyboard.press('Enter');
  await expect(menu).not.toHaveAttribute('aria-expanded', before!);
  await page.keyboard.press('Space');
  await expect(menu).toHaveAttribute('aria-expanded', before!);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toHaveAttribute('data-expanded', 'false');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: PHONE, guideSeen: false });

  test('the rail opens with a tap and closes with a tap outside, Escape or a followed link', async ({ page }) => {
    await signedInUser(page);
    const guide = page.getByRole('dialog', { name: 'Menu Buttons Have Moved!' });
    await expect(guide.getByText('Hover over the sidebar to expand it and see the name of every page.')).toBeVisible();
    await expect(
      guide.getByText('On a touch screen, tap the menu button at the top of the sidebar to open it, and tap outside it to close it.'),
    ).toBeVisible();
    await guide.getByRole('button', { name: 'Got it!' }).tap();
    await expect(guide).toBeHidden();

    const sidebar = sidebarOf(page);
    const menu = menuButton(page);
    const nav = sidebar.getByRole('navigation', { name: 'Main' });
    for (const screen of SCREENS) {
      const label = `${screen.width}×${screen.height}`;
      await page.setViewportSize(screen);
      await expect(sidebar, label).toHaveAttribute('data-expanded', 'false');
      await menu.tap();
      await expect(sidebar, label).toHaveAttribute('data-expanded', 'true');
      await expect(menu, label).toHaveAttribute('aria-expanded', 'true');
      await expect.poll(async () => (await sidebar.boundingBox())?.width, label).toBe(220);
      await expectWholeRailOnScreen(page, label);
      // A tap outside closes the rail and does nothing else.
      await page.touchscreen.tap(screen.width - 20, screen.height / 2);
      await expect(sidebar, label).toHaveAttribute('data-expanded', 'false');
      await expect(page, label).toHaveURL(/\/homepage$/);
      await menu.tap();
      await expect(sidebar, label).toHaveAttribute('data-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(sidebar, label).toHaveAttribute('data-expanded', 'false');
    }

    await page.setViewportSize(PHONE);
    await menu.tap();
    const axe = await new AxeBuilder({ page }).include('aside').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await nav.getByRole('link', { name: 'Success Center', exact: true }).tap();
    await expect(page).toHaveURL(/\/success-center$/);
    await expect(sidebar).toHaveAttribute('data-expanded', 'false');

    // A tap on an icon of the closed rail just follows it: a tap is no hover that would leave the rail open.
    await nav.getByRole('link', { name: 'Home', exact: true }).tap();
    await expect(page).toHaveURL(/\/homepage$/);
    await expect(sidebar).toHaveAttribute('data-expanded', 'false');
  });
});
