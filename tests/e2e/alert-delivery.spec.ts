// The product's promise end to end: a news alert set up on the screen is scanned (the operator's
// run-alerts, through the same engine as the workers), its e-mail arrives with sources and links,
// the scan shows in the dashboard's activity table, and the e-mail's unsubscribe link turns that
// alert off.
import { admin, expect, linkIn, publisherOrigin, signedInUser, test, waitForMail } from './support/fixtures.ts';

// A whole journey on a machine shared with other suites: more time than a single step needs.
test.describe.configure({ timeout: 180_000 });

test('news alert: set up, scanned, e-mailed with sources, shown on the dashboard, unsubscribed from the e-mail', async ({
  page,
  browser,
}) => {
  const user = await signedInUser(page, { at: '/sonar-os/news' });
  const first = page.getByRole('region', { name: 'Alert 1' });
  await first.getByLabel('Company name').fill('Acme Robotics');
  await first.getByRole('button', { name: 'MON' }).click();
  await first.getByRole('switch', { name: 'Active' }).click();
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expect(first.getByText('All changes saved')).toBeVisible();

  const lines = await admin('run-alerts', '--user', user.email);
  expect(lines.find((line) => line.includes('Acme Robotics'))).toMatch(/ news .* succeeded /);
  expect(lines.at(-1)).toBe('1 run(s), 1 e-mail(s) sent; see mail-log for delivery.');

  const mail = await waitForMail(user.email, /^Acme Robotics /);
  expect(mail.text).toContain(`${publisherOrigin()}/reuters/acme-robotics-record-quarterly-revenue`);
  expect(mail.text).not.toContain('news.google.com');
  expect(mail.text).not.toContain('invented.example.com');
  // Every statement checked against the article it cites (issue 27 §4): the count, and no [n] left.
  expect(mail.text).toMatch(/\b(\d+) of \1 statements sourced\b/);
  expect(mail.text).not.toMatch(/\[\d+\]/);
  const headline = mail.subject;

  // The dashboard's activity table lists the scan with its headline.
  await page.goto('/homepage');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Acme Robotics' });
  await expect(row.getByRole('cell')).toHaveText([/\d/, 'Acme Robotics', 'Yes', 'Yes', headline]);

  // The e-mail's link opens the research screen for the company.
  await page.goto(linkIn(mail, '/aurora-os/company-news'));
  await expect(page.getByLabel(/Company name/)).toHaveValue('Acme Robotics');

  // Unsubscribe from the e-mail, signed out (a fresh browser), then see the alert off on the screen.
  const signedOut = await browser.newContext();
  const other = await signedOut.newPage();
  await other.goto(linkIn(mail, '/unsubscribe'));
  await expect(other.getByRole('heading', { name: 'Unsubscribe from news alerts about Acme Robotics?' })).toBeVisible();
  await other.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(other.getByRole('status')).toHaveText("You're unsubscribed. You will not get these e-mails any more.");
  await signedOut.close();

  await page.goto('/sonar-os/news');
  await expect(page.getByRole('region', { name: 'Alert 1' }).getByRole('switch', { name: 'Active' })).not.toBeChecked();
  // Nothing is sent for an alert that is off.
  expect((await admin('run-alerts', '--user', user.email)).at(-1)).toBe('No active alerts to run.');
});
