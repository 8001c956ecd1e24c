// Trigger events end to end (issue 31): a seller sets their rules on the channels page (no quiet
// hours), saves a news alert for Apple and ticks "Also tell me as it happens" on it; the server's
// EDGAR poller (every second in the e2e server) reads the fake EDGAR's latest-filings feed, where
// the journey then publishes an 8-K item 5.02 for Apple; the trigger arrives by e-mail with its
// freshness receipt, and the library keeps it. Choosing nothing is refused on the screen.
import { E2E_SEC_PORT } from '../../playwright.config.ts';
import { expect, signedInUser, test, waitForMail } from './support/fixtures.ts';

test.describe.configure({ timeout: 180_000 });

const fakeEdgar = `http://127.0.0.1:${E2E_SEC_PORT}`;
const feedRequests = async () => ((await (await fetch(`${fakeEdgar}/__test/feed-requests`)).json()) as { count: number }).count;

const OFFICER_8K = `<html><body><p>FORM 8-K</p>
<p>Item 5.02 Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers.</p>
<p>On November 24, 2026, the Board of Directors of Apple Inc. appointed Jane Doe as Chief Financial Officer, effective December 1, 2026.</p>
<p>SIGNATURES</p></body></html>`;

test('as it happens: rules set, an alert opted in, an 8-K for the company e-mailed with its receipt and kept', async ({ page }) => {
  const user = await signedInUser(page, { at: '/sonar-os/channels' });

  // The user's rules: no quiet hours (the journey may run at New York night).
  const rules = page.getByRole('region', { name: 'As it happens' });
  const quiet = rules.getByRole('checkbox', { name: 'Hold events during quiet hours' });
  await expect(quiet).toBeChecked();
  await expect(rules.getByRole('note')).toHaveText(
    'Not saved yet: until you save, the defaults apply (quiet hours 20:00–07:00 New York time, 10 messages a day).',
  );
  await quiet.uncheck();
  await rules.getByLabel('Messages a day at most').fill('0');
  await rules.getByRole('button', { name: 'Save' }).click();
  await expect(rules.getByText('The daily limit is a whole number from 1 to 50.')).toBeVisible();
  await rules.getByLabel('Messages a day at most').fill('5');
  await rules.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(rules.getByRole('note')).toHaveCount(0);

  // A news alert for Apple, opted in for leadership changes.
  await page.goto('/sonar-os/news');
  const alert = page.getByRole('region', { name: 'Alert 1' });
  await alert.getByLabel('Company name').fill('Apple');
  await alert.getByRole('button', { name: 'MON' }).click();
  await alert.getByRole('switch', { name: 'Active' }).click();
  await alert.getByRole('button', { name: 'Save Changes' }).click();
  await expect(alert.getByText('All changes saved')).toBeVisible();
  await alert.getByRole('button', { name: 'As it happens' }).click();
  await alert.getByRole('checkbox', { name: 'Also tell me as it happens' }).check();
  const kinds = alert.getByRole('group', { name: 'Tell me about' });
  for (const box of await kinds.getByRole('checkbox').all()) await box.uncheck();
  await alert.getByRole('button', { name: 'Save events' }).click();
  await expect(alert.getByText('Choose at least one kind of event.')).toBeVisible();
  await kinds.getByRole('checkbox', { name: 'Leadership changes' }).check();
  await alert.getByRole('button', { name: 'Save events' }).click();
  await expect(page.getByText('Saved. Events will be sent as they happen.')).toBeVisible();

  // Someone listens now: the poller reads EDGAR's feeds (its first read only takes note of them).
  const before = await feedRequests();
  await expect.poll(feedRequests, { timeout: 30_000 }).toBeGreaterThan(before);

  const published = await fetch(`${fakeEdgar}/__test/filings`, {
    method: 'POST',
    body: JSON.stringify({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02', '9.01'], document: OFFICER_8K }),
  });
  expect(published.status).toBe(201);

  const mail = await waitForMail(user.email, /^Apple Inc\.: Leadership change$/);
  expect(mail.text).toContain('Apple Inc. reported officers or directors appointed or leaving (8-K item 5.02).');
  expect(mail.text).toContain('Jane Doe appointed as Chief Financial Officer');
  expect(mail.text).toMatch(/Filed with the SEC .+ ET → found .+ ET → sent .+ ET/);
  expect(mail.text).toContain('your news alert for Apple');

  // The library keeps it, with its receipt and its source.
  await page.goto('/library');
  await page.getByRole('link', { name: 'Apple Inc.: Leadership change' }).click();
  await expect(page.getByRole('heading', { name: 'Apple Inc.: Leadership change' })).toBeVisible();
  await expect(page.getByText(/Filed with the SEC .+ → found .+ → sent/)).toBeVisible();
  await expect(page.getByText('As it happens', { exact: true }).first()).toBeVisible();
});
