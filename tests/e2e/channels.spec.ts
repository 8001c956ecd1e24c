// Delivery channels end to end (issue 29): a Slack channel added on the channels page, whose
// address is a stand-in for Slack's incoming webhook on loopback (the e2e server allows local
// fakes, PUBLISHER_ALLOW_PRIVATE_ADDRESSES), gets a test message; attached to a news alert that
// then runs, it gets the alert's item as Block Kit, and the alert's delivery log says Sent.
import { type ChannelReceiver, slackAnswers, startSlackReceiver } from '../fakes/channel-receivers.ts';
import { admin, expect, signedInUser, test } from './support/fixtures.ts';

test.describe.configure({ timeout: 180_000 });

type SlackBody = { text?: string; blocks?: unknown[] };
const bodies = (slack: ChannelReceiver) => slack.requests.map((request) => JSON.parse(request.body) as SlackBody);

test('a Slack channel: added, tested, attached to a news alert, the run delivered to it and logged', async ({ page }) => {
  const slack = await startSlackReceiver();
  try {
    const user = await signedInUser(page, { at: '/sonar-os/channels' });
    await expect(page).toHaveTitle('Delivery Channels | Enterprise OS');

    // Add the channel.
    const form = page.getByRole('form', { name: 'Add a channel' });
    await form.getByLabel('Type').selectOption('slack');
    await form.getByLabel('Name').fill('Deals desk');
    await form.getByLabel('Webhook address').fill('https://hooks.slack.com.evil.com/services/T000/B000/XXXX');
    await form.getByRole('button', { name: 'Add channel' }).click();
    await expect(form.getByText('A Slack incoming webhook address starts with https://hooks.slack.com/services/.')).toBeVisible();
    await form.getByLabel('Webhook address').fill(slack.url);
    await form.getByRole('button', { name: 'Add channel' }).click();
    const channel = page.getByRole('region', { name: 'Deals desk' });
    await expect(channel.getByText(`${slack.host}/…1234`)).toBeVisible();
    await expect(page.getByText(slack.url)).toHaveCount(0);

    // A test message reaches the fake and shows as Sent in the channel's log.
    await channel.getByRole('button', { name: 'Send test message' }).click();
    await channel.getByRole('button', { name: /Delivery log/ }).click();
    const tested = channel.getByRole('listitem', { name: 'Test message for "Deals desk" to Deals desk' });
    await expect(tested.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(tested.getByText(/Attempt 1: HTTP 200/)).toBeVisible();
    expect(slack.requests.map((r) => r.path)).toEqual([new URL(slack.url).pathname]);
    expect(JSON.stringify(bodies(slack)[0])).toContain('Test message for \\"Deals desk\\"');

    // Slack refuses the next one: the log shows its answer, and Retry sends it again.
    slack.failNext(1, slackAnswers.noService);
    await channel.getByRole('button', { name: 'Send test message' }).click();
    const refused = channel.getByRole('listitem').filter({ hasText: 'Failed' });
    await expect(refused.getByText(/Attempt 1: HTTP 404 · no_service/)).toBeVisible({ timeout: 30_000 });
    await refused.getByRole('button', { name: 'Retry' }).click();
    await expect(channel.getByRole('listitem').filter({ hasText: 'Failed' })).toHaveCount(0, { timeout: 30_000 });
    await expect(channel.getByRole('listitem').filter({ hasText: 'Sent' })).toHaveCount(2);

    // A news alert, saved, delivered to the channel as well as e-mailed.
    await page.goto('/sonar-os/news');
    const alert = page.getByRole('region', { name: 'Alert 1' });
    await alert.getByLabel('Company name').fill('Acme Robotics');
    await alert.getByRole('button', { name: 'MON' }).click();
    await alert.getByRole('switch', { name: 'Active' }).click();
    await alert.getByRole('button', { name: 'Save Changes' }).click();
    await expect(alert.getByText('All changes saved')).toBeVisible();
    await alert.getByRole('button', { name: 'Deliver to' }).click();
    await expect(alert.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    await alert.getByRole('checkbox', { name: /^Deals desk/ }).check();
    await alert.getByRole('button', { name: 'Save delivery' }).click();
    await expect(alert.getByRole('button', { name: 'Save delivery' })).toBeHidden();

    const lines = await admin('run-alerts', '--user', user.email);
    expect(lines.find((line) => line.includes('Acme Robotics'))).toMatch(/ news .* succeeded /);

    // The alert's log shows the delivery Sent (live: the sender's change reaches the open page).
    await alert.getByRole('button', { name: 'Delivery log' }).click();
    const delivered = alert.getByRole('listitem').filter({ hasText: 'Deals desk (Slack)' });
    await expect(delivered.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    const title = (await delivered.locator('span.font-medium').textContent())!;
    expect(title).not.toBe('');

    // Slack got Block Kit: the item's title and a link to it in the app.
    const item = bodies(slack).at(-1)!;
    expect(slack.requests.at(-1)!.path).toBe(new URL(slack.url).pathname);
    expect(Array.isArray(item.blocks) && item.blocks.length).toBeTruthy();
    const blocks = JSON.stringify(item.blocks);
    expect(blocks).toContain(title);
    expect(blocks).toMatch(/https?:\/\/[^"]+\/library\//);
  } finally {
    await slack.stop();
  }
});
