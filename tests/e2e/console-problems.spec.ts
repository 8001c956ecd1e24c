// The helper that fails every journey on a console error or warning of ours (support/console-problems.ts):
// it catches what the app's pages write, and lets through only what is not the app's.
import { isOurProblem } from './support/console-problems.ts';
import { expect, test } from './support/fixtures.ts';

test('a warning, an error and an uncaught error in a page are problems of the journey', async ({ page, consoleProblems }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    console.warn('a warning of ours');
    console.error('an error of ours');
    setTimeout(() => {
      throw new Error('thrown and not caught');
    });
  });
  const seen: string[] = [];
  await expect
    .poll(async () => {
      seen.push(...(await consoleProblems.take()));
      return seen.length;
    })
    .toBeGreaterThanOrEqual(3);
  // Nothing else: the page itself writes nothing of ours (its signed-out 401 is not ours). Each is
  // named with the script that wrote it (here the app's console filter, lib/console-filter.ts).
  expect(seen.map((problem) => problem.replace(/ \(http:\S+\)$/, '')).sort()).toEqual([
    'console error: an error of ours',
    'console warning: a warning of ours',
    'uncaught: thrown and not caught',
  ]);
});

test("a request the journey answers or fails itself is not a problem; a missing file of the app's is", async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('**/api/made-up', (route) => route.fulfill({ status: 503, json: { error: { code: 'x', message: 'down' } } }));
  await page.route('**/api/cut-off', (route) => route.abort());
  await page.evaluate(async () => {
    await fetch('/api/made-up');
    await fetch('/api/cut-off').catch(() => {});
    await fetch('/api/no-such-thing');
    await fetch('/assets/no-such-chunk.js');
  });
  const seen: string[] = [];
  await expect
    .poll(async () => {
      seen.push(...(await consoleProblems.take()));
      return seen.length;
    })
    .toBeGreaterThanOrEqual(1);
  expect(seen).toEqual([
    `console error: Failed to load resource: the server responded with a status of 404 (Not Found) (${new URL('/assets/no-such-chunk.js', page.url())})`,
  ]);
});

test('a second browser the journey opens is watched too', async ({ browser, consoleProblems }) => {
  const other = await browser.newContext();
  const page = await other.newPage();
  await page.goto('/login');
  await page.evaluate(() => console.warn('from the second browser'));
  await expect.poll(async () => (await consoleProblems.take()).join('\n')).toContain('console warning: from the second browser');
  await other.close();
});

test('what is ours and what is not', () => {
  const answered = (status: number, url: string) => ({
    type: 'error',
    text: `Failed to load resource: the server responded with a status of ${status} (Whatever)`,
    url,
  });
  // Ours: whatever the app writes, a header the browser rejects, a CSP violation, a missing chunk, a server error.
  expect(isOurProblem({ type: 'warning', text: 'No `HydrateFallback` element provided', url: 'http://localhost/assets/web-1.js' })).toBe(
    true,
  );
  expect(isOurProblem({ type: 'warning', text: "Error with Permissions-Policy header: Unrecognized feature: 'bluetooth'.", url: '' })).toBe(
    true,
  );
  expect(
    isOurProblem({
      type: 'error',
      text: 'Refused to execute inline script because it violates the following Content Security Policy directive: "script-src \'self\'"',
      url: '',
    }),
  ).toBe(true);
  expect(isOurProblem({ type: 'assert', text: 'Assertion failed', url: '' })).toBe(true);
  expect(isOurProblem(answered(404, 'http://localhost:4700/assets/old-chunk-abc.js'))).toBe(true);
  expect(isOurProblem(answered(500, 'http://localhost:4700/api/dashboard'))).toBe(true);
  expect(isOurProblem(answered(503, 'http://localhost:4700/homepage'))).toBe(true);
  // Not ours: the API's answers the app shows (signed out, limits, a third party's failure, a service
  // not configured), a path with no page.
  expect(isOurProblem(answered(401, 'http://localhost:4700/api/profile'))).toBe(false);
  expect(isOurProblem(answered(429, 'http://localhost:4700/api/auth/sign-in/email'))).toBe(false);
  expect(isOurProblem(answered(502, 'http://localhost:4700/api/content/generate-hooks'))).toBe(false);
  expect(isOurProblem(answered(503, 'http://localhost:4700/api/research/trends'))).toBe(false);
  expect(isOurProblem(answered(404, 'http://localhost:4700/no-such-page'))).toBe(false);
  // Not errors or warnings at all.
  expect(isOurProblem({ type: 'log', text: 'hello', url: '' })).toBe(false);
  expect(isOurProblem({ type: 'info', text: 'hello', url: '' })).toBe(false);
});
