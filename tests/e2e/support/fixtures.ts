// What every journey needs: its own client IP (so rate limits count per test, as for real people),
// the mails the app sent (read from the fake SMTP server), the operator CLI, and the database.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
import type pg from 'pg';
import { E2E_BASE_URL, E2E_MAIL_API_PORT } from '../../../playwright.config.ts';
import { createInvite } from '../../../src/server/auth/invites.ts';
import { factoryDb } from '../../support/factories.ts';
import { ConsoleWatch } from './console-problems.ts';
import { E2E_ENV_FILE } from './env.ts';

export { expect };
export type Mail = { to: string[]; subject: string; text: string };

let ipCounter = 0;
const randomIp = () => `10.${(process.pid % 250) + 1}.${Math.floor(Math.random() * 250)}.${(ipCounter++ % 250) + 1}`;
let emailCounter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}.${process.pid}.${emailCounter++}@example.com`;

const serverEnv = () => JSON.parse(readFileSync(E2E_ENV_FILE, 'utf8')) as Record<string, string>;

/** Where the fake publishers' articles live (the fake news server's own address): links must lead there, not to Google. */
export const publisherOrigin = () => serverEnv().GDELT_BASE_URL!;

/** The fake company's website (Initech), for the AIR journeys. */
export const companySiteUrl = () => serverEnv().E2E_COMPANY_SITE_URL!;
/** The same pages as another company's (Vandelay), whose Hacker News searches find the service down. */
export const secondCompanySiteUrl = () => serverEnv().E2E_SECOND_COMPANY_SITE_URL!;

export async function mailsTo(to: string): Promise<Mail[]> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_API_PORT}/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

/** Waits for the n-th mail (1-based) to this address whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, nth = 1): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = (await mailsTo(to)).filter((m) => subject.test(m.subject));
    if (found.length >= nth) return found[nth - 1]!;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No mail matching ${subject} reached ${to}`);
}

export const linkIn = (mail: Mail, path: string) => {
  const link = mail.text.match(new RegExp(`https?://\\S+${path.replace('?', '\\?')}\\S*`))?.[0];
  if (!link) throw new Error(`No ${path} link in mail "${mail.subject}"`);
  return link.replace(E2E_BASE_URL, '');
};

/** Runs `npm run admin -- …` against the e2e server's database; returns every output line. */
export async function admin(...args: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['src/server/cli/admin.ts', ...args], {
    env: { ...process.env, ...serverEnv() },
  });
  return stdout.trim().split('\n');
}

const openDb = () => factoryDb(serverEnv().DATABASE_URL!);
let database: ReturnType<typeof openDb> | undefined;
/** A drizzle db on the e2e server's database, for the row factories of tests/support/factories.ts. */
export const db = () => (database ??= openDb());

export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db().$client.query<T>(text, values)).rows;
}

export type TestUser = { email: string; password: string; firstName: string; lastName: string };

/**
 * An invited and registered user: the invite made by the invite service the operator CLI calls (in
 * this process: invite-registration.spec.ts runs the CLI itself), then the real registration API.
 */
export async function registeredUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = { email: uniqueEmail(), password: 'secret-pass-1', firstName: 'Dana', lastName: 'Reyes', ...overrides };
  const { token } = await createInvite(db(), user.email, 24);
  const res = await fetch(`${E2E_BASE_URL}/api/accounts/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: E2E_BASE_URL, 'x-forwarded-for': randomIp() },
    body: JSON.stringify({ token, ...user, linkedinProfileUrl: 'https://www.linkedin.com/in/dana', phone: '+1 919 555 0100' }),
  });
  expect(res.status).toBe(201);
  return user;
}

export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Follows `page`'s requests from now on; `quiet()` resolves once none has been open for 500 ms (the
 * meaning of Playwright's 'networkidle', but the live-updates stream, which stays open, not counted).
 * For checking that something was *not* sent: whatever the page would send has been sent by then.
 */
export function watchNetwork(page: Page) {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (new URL(request.url()).pathname === '/api/events') return;
    open.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(timeoutMs = 15_000) {
      await expect.poll(() => open.size === 0 && Date.now() - lastChange >= 500, { timeout: timeoutMs, intervals: [100] }).toBe(true);
    },
  };
}

/** An empty notification e-mail field (stored NULL) in a form or card, showing the default address as placeholder and hint. */
export async function expectDefaultEmail(form: Page | Locator, defaultEmail: string) {
  await expect(form.getByLabel('Notification email')).toHaveValue('');
  await expect(form.getByLabel('Notification email')).toHaveAttribute('placeholder', defaultEmail);
  await expect(form.getByText(`Leave empty to use your default address (${defaultEmail}), set in Profile.`)).toBeVisible();
}

/**
 * Waits until `shown` appears after a failed read's retries (spec 01 §9: three, 1 s, 2 s and 4 s
 * apart) without waiting the backoff out: the page's clock jumps past each wait. The journey calls
 * page.clock.install() before the page loads.
 */
export async function afterRetries(page: Page, shown: Locator) {
  await expect(async () => {
    await page.clock.fastForward(4_000);
    // Room for the last failure to render on a loaded machine: a jump made after it appears runs
    // out the toasts shown with it (CI saw one dismissed under the test's click).
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

export async function completeProfile(page: Page) {
  await expect(page).toHaveURL(/\/profile-completion$/);
  await page.getByLabel('Job title').fill('Account Executive');
  await page.getByLabel('Company name').fill('Acme Robotics');
  await page.getByLabel('Solution type').fill('Warehouse automation');
  await page.getByLabel('Solution description').fill('Autonomous picking robots for mid-size warehouses.');
  await page.getByLabel('Target industries').fill('Logistics, Retail, , Manufacturing');
  await page.getByLabel('Primary value proposition').fill('Cut picking costs by 40% in 90 days.');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
}

/**
 * Signs `page`'s browser context in through the sign-in API, then opens `at` (/homepage unless told;
 * null: nothing, the journey opens its page itself): for journeys that only need a session (the
 * sign-in form has journeys of its own, which use `signIn`).
 */
export async function signInByApi(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  baseURL = E2E_BASE_URL,
  at: string | null = '/homepage',
) {
  const res = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  if (at === null) return;
  await page.goto(`${baseURL}${at}`);
  if (at === '/homepage') await expect(page).toHaveURL(/\/homepage$/);
}

/**
 * A registered user whose profile is complete (set in the database, not through the form) and who
 * is signed in on `page` (through the API: the sign-in form has journeys of its own), on /homepage,
 * or on the page `at` (null: none yet, when the journey first seeds rows or routes requests).
 * Returns the user with its id.
 */
export async function signedInUser(page: Page, options: Partial<TestUser> & { alertsEmail?: string; at?: string | null } = {}) {
  const { alertsEmail, at, ...rest } = options;
  const user = await registeredUser(rest);
  const [row] = await sql<{ id: string }>(
    `UPDATE users SET profile_completed = true, job_title = 'Account Executive', company_name = 'Acme Robotics',
       solution_type = 'Warehouse automation', solution_description = 'Autonomous picking robots.',
       target_industries = '{Logistics,Retail}', primary_value_prop = 'Cut picking costs by 40%', alerts_email = $2
     WHERE email = $1 RETURNING id`,
    [user.email, alertsEmail ?? null],
  );
  await signInByApi(page, user, E2E_BASE_URL, at);
  return { ...user, id: row!.id };
}

/**
 * The pages of `target` count the sidebar guide as seen. Not the blank page a new page starts on:
 * its storage is denied, and the script would throw there (an uncaught error of the journey's).
 */
export function guideSeenIn(target: Page | BrowserContext) {
  return target.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('navigationGuideViewed', 'true');
  });
}

/** A page of its own on another server (its own address, the sidebar guide seen), signed in as `user`, on `at`. */
export async function signedInOn(browser: Browser, baseURL: string, user: Pick<TestUser, 'email' | 'password'>, at = '/homepage') {
  const context = await browser.newContext({ baseURL });
  await guideSeenIn(context);
  const page = await context.newPage();
  await signInByApi(page, user, baseURL, at);
  return { context, page };
}

export const test = base.extend<{ guideSeen: boolean; consoleProblems: ConsoleWatch }>({
  // Each test is a different client IP, as separate people would be.
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomIp() });
  },
  /** Whether the sidebar guide counts as seen already (only the shell journey looks at it). */
  guideSeen: [true, { option: true }],
  // Every journey fails on a console error or warning of ours, or an uncaught error, in any of its
  // pages: those of its own context and of the contexts it opens (browser.newContext is wrapped for
  // the test's length, so the journeys that open a second browser need not ask for it).
  consoleProblems: [
    async ({ browser, context }, use) => {
      const watch = new ConsoleWatch();
      watch.watch(context);
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const opened = await newContext.apply(browser, args);
        watch.watch(opened);
        return opened;
      };
      await use(watch);
      browser.newContext = newContext;
      expect(await watch.take(), 'console errors and warnings of ours (tests/e2e/support/console-problems.ts)').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, guideSeen }, use) => {
    if (guideSeen) await guideSeenIn(page);
    await use(page);
  },
});
