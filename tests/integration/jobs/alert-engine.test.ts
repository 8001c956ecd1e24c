// The alert engine on real PostgreSQL with local fakes for the news and the AI, running news
// alerts: a run's result and e-mail commit together once when workers or slots race, runs prepared
// before their slot commit when it comes (or not, when the alert changed meanwhile), and failures
// are retried and then recorded with their reason; each mail is kept in the library once, as it was
// sent. What a news alert sends: news-alert-handler.test.ts.
import { describe, expect, it } from 'vitest';
import { RetryableRunError } from '../../../src/server/jobs/runs/engine.ts';
import { insertDueRuns } from '../../../src/server/jobs/runs/schedule.ts';
import { newestPublished } from '../../../src/server/mail/alert-emails/freshness.ts';
import { titleKey } from '../../../src/server/sources/news/news.ts';
import { pageKey } from '../../../src/server/sources/web/site.ts';
import { freshnessLine } from '../../../src/shared/triggers.ts';
import { newsAlertModel } from '../../fakes/news-alert-model.ts';
import { registerUser } from '../../support/accounts.ts';
import { ai, engine, mailsFor, manualRun, news, resultsFor, rt, runRow, seedNewsAlert } from '../../support/news-alert-runs.ts';
import { expectKeptRun, keptItems } from './library-items.ts';

describe('news alerts: one slot, one e-mail', () => {
  it('two workers on the same run: the work may repeat, the e-mail does not', async () => {
    ai.setHandler(newsAlertModel({ latencyMs: 300 }));
    const user = await registerUser(rt);
    await seedNewsAlert(user.id);
    const [runId] = await manualRun(user.id);
    const results = await Promise.all([engine().process(runId!), engine().process(runId!), engine().process(runId!)]);
    expect(results.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    expect(await mailsFor(user.id)).toHaveLength(1);
    expect(await resultsFor(user.id)).toHaveLength(1);
    // The repeated work keeps no second library item either.
    expect((await keptItems(rt.pool, user.id)).map((k) => k.id)).toEqual([runId]);
  });

  it('two slots of one alert at once (the schedule and run-alerts): the stories are mailed once, the other run says why', async () => {
    ai.setHandler(newsAlertModel({ latencyMs: 300 }));
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Concurrent Dynamics' });
    const client = await rt.pool.connect();
    const [scheduled] = await insertDueRuns(client, new Date(), user.id).finally(() => client.release());
    const [manual] = await manualRun(user.id);
    expect(scheduled).not.toBe(manual);
    // Both read "already sent" before the slow AI step, so both pass it; only the commit can tell.
    const results = await Promise.all([engine().process(scheduled!), engine().process(manual!)]);
    expect(ai.requests).toHaveLength(2);
    expect(results.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const mailed = results.filter((r) => r.status === 'succeeded' && r.mailId !== null);
    const notMailed = results.filter((r) => r.status === 'succeeded' && r.mailId === null);
    expect(mailed).toHaveLength(1);
    expect(notMailed).toEqual([
      expect.objectContaining({ outcome: "no e-mail: its 3 articles reached this user in another run's e-mail meanwhile" }),
    ]);
    expect(await mailsFor(user.id)).toHaveLength(1);
    const sent = await rt.pool.query('SELECT count(*)::int AS n FROM sent_articles WHERE user_id = $1', [user.id]);
    expect(sent.rows[0].n).toBe(3);
    expect((await resultsFor(user.id)).map((r) => r.sent).sort()).toEqual([false, true]);
    // Only the run that mailed keeps an item, and only its result row names it.
    const mailedRun = results[0]!.status === 'succeeded' && results[0]!.mailId ? scheduled : manual;
    expect((await keptItems(rt.pool, user.id)).map((k) => k.id)).toEqual([mailedRun]);
    const named = (await resultsFor(user.id)).map((r) => r.perplexity_response.libraryItemId ?? null);
    expect(named.sort()).toEqual([mailedRun, null]);
  });
});

describe('news alerts: prepared before the slot (ADR 016)', () => {
  const nextHour = () => new Date(Math.ceil((Date.now() + 1) / 3_600_000) * 3_600_000);
  /** The next hour's slot, created ahead as the tick does with a lead of an hour. */
  async function aheadRun(userId: string) {
    const client = await rt.pool.connect();
    try {
      const ids = await insertDueRuns(client, new Date(), userId, 60);
      expect(ids).toHaveLength(1);
      return ids[0]!;
    } finally {
      client.release();
    }
  }
  /** The slot comes: what a worker's timer does at the due time. */
  const slotComes = (runId: string) => rt.pool.query(`UPDATE alert_runs SET due_at = now() WHERE id = $1`, [runId]);
  const searches = () => news.requests.filter((r) => r.path === '/rss/search').length;

  it('scans and analyses before the slot, sends nothing until it comes, then commits once with when the news was searched', async () => {
    const user = await registerUser(rt);
    const slot = nextHour();
    await seedNewsAlert(user.id, { companyName: 'Initech', deliveryTime: slot });
    const runId = await aheadRun(user.id);
    expect(await engine().process(runId)).toEqual({ status: 'prepared', dueAt: slot });
    expect(ai.requests).toHaveLength(1);
    expect(await mailsFor(user.id)).toHaveLength(0);
    expect(await resultsFor(user.id)).toHaveLength(0);
    expect(await engine().nextDue()).toEqual(slot);
    // Not yet due: nothing is committed.
    expect(await engine().deliverDue(2)).toBe(0);
    const planned = (await rt.pool.query('SELECT plan FROM alert_runs WHERE id = $1', [runId])).rows[0].plan;

    await slotComes(runId);
    // Committed 20 seconds into its slot's minute, as a worker's timer does.
    const atSlot = engine({ now: () => new Date(slot.getTime() + 20_000) });
    expect(await atSlot.deliverDue(2)).toBe(1);
    expect(await atSlot.deliverDue(2)).toBe(0);
    const [mail, ...others] = await mailsFor(user.id);
    expect(others).toHaveLength(0);
    expect(mail.subject).toContain('Initech');
    expect(mail.text_body).toMatch(
      /News searched at \d{1,2}:\d{2} [AP]M ET on \w{3} \d{1,2}; anything published later comes in your next alert\./,
    );
    const row = (await rt.pool.query('SELECT status, plan, scanned_at, mail_id FROM alert_runs WHERE id = $1', [runId])).rows[0];
    expect(row).toMatchObject({ status: 'succeeded', plan: null, mail_id: expect.any(String) });
    // The next scan starts at the search, not at the slot: news published in between is not lost.
    const stored = (await resultsFor(user.id))[0].perplexity_response;
    expect(new Date(row.scanned_at).toISOString()).toBe(stored.searched.at);
    expect(ai.requests).toHaveLength(1);
    // The mail rendered before the slot links the item its commit kept.
    expect(mail.text_body).toContain(`${rt.config.appUrl}/library/${runId}`);
    const item = await expectKeptRun(
      rt.pool,
      { id: runId, userId: user.id },
      { kind: 'news_alert', title: stored.analysis.headline, companies: ['Initech'], sources: stored.analysis.items },
    );
    // The freshness receipt (issue 31 §3): the newest article → the search → sent at the slot,
    // in the mail rendered before the slot (kept as it was: it reads true to the minute) and in
    // the library item's facts.
    const receipt = freshnessLine({
      publishedAt: newestPublished(stored.analysis.items),
      foundAt: stored.searched.at,
      sentAt: slot.toISOString(),
    });
    expect(receipt).toMatch(/^Published .+ → found .+ → sent .+ ET$/);
    expect(mail.text_body).toContain(receipt);
    expect(mail.html_body).toBe(planned.news.email.html);
    expect(item.document.blocks).toContainEqual({ type: 'facts', rows: [{ label: 'Freshness', value: receipt }] });
  });

  it('a plan committed minutes after its slot says when it was really sent, in the mail and the library alike', async () => {
    const user = await registerUser(rt);
    const slot = nextHour();
    await seedNewsAlert(user.id, { companyName: 'Hooli', deliveryTime: slot });
    const runId = await aheadRun(user.id);
    expect(await engine().process(runId)).toMatchObject({ status: 'prepared' });
    const planned = (await rt.pool.query('SELECT plan FROM alert_runs WHERE id = $1', [runId])).rows[0].plan;
    expect(planned.sentAt).toBe(slot.toISOString());

    await slotComes(runId);
    const late = new Date(slot.getTime() + 3 * 60_000);
    expect(await engine({ now: () => late }).deliverDue(1)).toBe(1);
    const [mail] = await mailsFor(user.id);
    const stored = (await resultsFor(user.id))[0].perplexity_response;
    const line = (sentAt: Date) =>
      freshnessLine({ publishedAt: newestPublished(stored.analysis.items), foundAt: stored.searched.at, sentAt: sentAt.toISOString() });
    expect(mail.text_body).toContain(line(late));
    expect(mail.text_body).not.toContain(line(slot));
    expect(mail.html_body).not.toBe(planned.news.email.html);
    const [item] = await keptItems(rt.pool, user.id);
    expect(item!.document.blocks).toContainEqual({ type: 'facts', rows: [{ label: 'Freshness', value: line(late) }] });
  });

  it('a story another run mailed between the plan and its slot: the mail and its library item both go without it', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Massive Dynamic', deliveryTime: nextHour() });
    const runId = await aheadRun(user.id);
    expect(await engine().process(runId)).toMatchObject({ status: 'prepared' });
    const { rows } = await rt.pool.query('SELECT plan FROM alert_runs WHERE id = $1', [runId]);
    const planned: { url: string; title: string }[] = rows[0].plan.news.analysis.items;
    expect(planned).toHaveLength(3);
    const [gone, ...kept] = planned;
    await rt.pool.query('INSERT INTO sent_articles (user_id, url_key, title_key) VALUES ($1, $2, $3)', [
      user.id,
      pageKey(gone!.url),
      titleKey(gone!.title),
    ]);
    await slotComes(runId);
    expect(await engine().deliverDue(1)).toBe(1);
    const [mail] = await mailsFor(user.id);
    expect(mail.text_body).not.toContain(gone!.url);
    for (const article of kept) expect(mail.text_body).toContain(article.url);
    const stored = (await resultsFor(user.id))[0].perplexity_response;
    expect(stored.analysis.items.map((a: { url: string }) => a.url)).toEqual(kept.map((a) => a.url));
    expect(stored.libraryItemId).toBe(runId);
    await expectKeptRun(
      rt.pool,
      { id: runId, userId: user.id },
      { kind: 'news_alert', title: stored.analysis.headline, companies: ['Massive Dynamic'], sources: kept },
    );
    expect(mail.text_body).toContain(`${rt.config.appUrl}/library/${runId}`);
  });

  it('an alert switched off or deleted after its slot was prepared sends nothing; the rest of its batch goes out', async () => {
    const user = await registerUser(rt);
    const neighbour = await registerUser(rt);
    const off = await seedNewsAlert(user.id, { companyName: 'Hooli', deliveryTime: nextHour() });
    await seedNewsAlert(neighbour.id, { companyName: 'Hooli', deliveryTime: nextHour() });
    const offRun = await aheadRun(user.id);
    const neighbourRun = await aheadRun(neighbour.id);
    expect(await engine().process(offRun)).toMatchObject({ status: 'prepared' });
    expect(await engine().process(neighbourRun)).toMatchObject({ status: 'prepared' });
    await rt.pool.query('UPDATE sonar_alerts SET active = false WHERE id = $1', [off]);
    await slotComes(offRun);
    await slotComes(neighbourRun);
    // One lane: both runs in one transaction, which the switched-off alert rolls back; then one by one.
    expect(await engine().deliverDue(1)).toBe(2);
    expect(await runRow(offRun)).toMatchObject({ status: 'skipped', reason: 'the alert is inactive' });
    expect(await runRow(neighbourRun)).toMatchObject({ status: 'succeeded', mail_id: expect.any(String) });
    expect(await mailsFor(neighbour.id)).toHaveLength(1);
    // The rolled-back batch left nothing behind: one item, the neighbour's, from the run committed alone.
    expect((await keptItems(rt.pool, neighbour.id)).map((k) => k.id)).toEqual([neighbourRun]);
    expect(await keptItems(rt.pool, user.id)).toEqual([]);

    await rt.pool.query('DELETE FROM sonar_alerts WHERE id = $1', [off]);
    const other = await registerUser(rt);
    const gone = await seedNewsAlert(other.id, { companyName: 'Hooli', deliveryTime: nextHour() });
    const goneRun = await aheadRun(other.id);
    expect(await engine().process(goneRun)).toMatchObject({ status: 'prepared' });
    await rt.pool.query('DELETE FROM sonar_alerts WHERE id = $1', [gone]);
    await slotComes(goneRun);
    expect(await engine().deliverDue(1)).toBe(1);
    expect(await runRow(goneRun)).toMatchObject({ status: 'skipped', reason: 'the alert no longer exists' });
    expect([...(await mailsFor(user.id)), ...(await mailsFor(other.id))]).toHaveLength(0);
  });

  it('an alert saved after its slot was prepared is planned again from its new settings, and sent once', async () => {
    const user = await registerUser(rt);
    const alertId = await seedNewsAlert(user.id, { companyName: 'Soylent', deliveryTime: nextHour() });
    const runId = await aheadRun(user.id);
    expect(await engine().process(runId)).toMatchObject({ status: 'prepared' });
    // The user renames the company meanwhile (the settings screen bumps updated_at).
    await rt.pool.query(`UPDATE sonar_alerts SET company_name = 'Vandelay Industries', updated_at = now() WHERE id = $1`, [alertId]);
    await slotComes(runId);
    expect(await engine().deliverDue(1)).toBe(1);
    expect(await runRow(runId)).toBeUndefined();
    expect(await mailsFor(user.id)).toHaveLength(0);

    // The next tick plans the slot again, as it is still due under the new settings.
    const again = await aheadRun(user.id);
    expect(await engine().process(again)).toMatchObject({ status: 'prepared' });
    await slotComes(again);
    expect(await engine().deliverDue(1)).toBe(1);
    const [mail, ...others] = await mailsFor(user.id);
    expect(others).toHaveLength(0);
    expect(mail.subject).toContain('Vandelay Industries');
  });

  it('alerts asking the same search share it: one search for many users, the sent-article check stays per user', async () => {
    const users = await Promise.all([registerUser(rt), registerUser(rt), registerUser(rt)]);
    for (const user of users) await seedNewsAlert(user.id, { companyName: 'Globex Shared', deliveryTime: nextHour() });
    // The third user was already sent one of the stories.
    await rt.pool.query(
      `INSERT INTO sent_articles (user_id, url_key, title_key) VALUES ($1, 'seen.example.com/x', 'globex shared reports record quarterly revenue beating estimates')`,
      [users[2]!.id],
    );
    const runs = await Promise.all(users.map((user) => aheadRun(user.id)));
    const results = await Promise.all(runs.map((runId) => engine().process(runId)));
    expect(results.map((r) => r.status)).toEqual(['prepared', 'prepared', 'prepared']);
    expect(searches()).toBe(1);
    // One analysis per alert; the story the third user already has is left out of theirs only.
    const prompts = ai.requests.map((r) => JSON.stringify(r));
    expect(prompts).toHaveLength(3);
    expect(prompts.filter((p) => p.includes('reports record quarterly revenue'))).toHaveLength(2);

    for (const runId of runs) await slotComes(runId);
    expect(await engine().deliverDue(3)).toBe(3);
    for (const user of users) expect(await mailsFor(user.id)).toHaveLength(1);
  });
});

describe('news alerts: failures', () => {
  it('news sources down: retried, then the slot is failed with its reason, and the next slot still runs', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Stark Industries' });
    news.mode.google = 'fail';
    news.mode.gdelt = 'fail';
    const [runId] = await manualRun(user.id);
    await expect(engine().process(runId!)).rejects.toBeInstanceOf(RetryableRunError);
    expect(await runRow(runId!)).toMatchObject({ status: 'queued', attempts: 1, reason: expect.stringContaining('news search failed') });
    const last = await engine().process(runId!);
    expect(last).toMatchObject({ status: 'failed', reason: expect.stringContaining('Google News and GDELT both failed') });
    expect(await runRow(runId!)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await mailsFor(user.id)).toHaveLength(0);
    expect(await keptItems(rt.pool, user.id)).toEqual([]);

    news.reset();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [next] = await manualRun(user.id);
    expect(await engine().process(next!)).toMatchObject({ status: 'succeeded' });
    expect(await mailsFor(user.id)).toHaveLength(1);
    expect((await keptItems(rt.pool, user.id)).map((k) => k.id)).toEqual([next]);
  });

  it('the AI failing (429 throughout): retried, then failed with the reason', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Overloaded Systems' });
    const [runId] = await manualRun(user.id);
    await expect(engine().process(runId!)).rejects.toBeInstanceOf(RetryableRunError);
    expect(await engine().process(runId!)).toMatchObject({ status: 'failed', reason: expect.stringContaining('429') });
    expect(await resultsFor(user.id)).toHaveLength(0);
    expect(await keptItems(rt.pool, user.id)).toEqual([]);
  });

  it('a run retried after a failed attempt keeps one library item, for its one mail', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Wayne Enterprises' });
    const [runId] = await manualRun(user.id);
    ai.setHandler(() => ({ status: 500, content: 'model crashed' }));
    await expect(engine().process(runId!)).rejects.toBeInstanceOf(RetryableRunError);
    expect(await keptItems(rt.pool, user.id)).toEqual([]);
    ai.setHandler(newsAlertModel());
    expect(await engine().process(runId!)).toMatchObject({ status: 'succeeded', mailId: expect.any(String) });
    expect(await engine().process(runId!)).toEqual({ status: 'not-claimed' });
    expect(await mailsFor(user.id)).toHaveLength(1);
    expect((await keptItems(rt.pool, user.id)).map((k) => k.id)).toEqual([runId]);
  });
});

describe('news alerts: channels (issue 29)', () => {
  /** A Slack channel of the user's, attached to their alert; with `emailOff` the alert is not e-mailed. */
  async function attachChannel(userId: string, alertId: string, { emailOff = false } = {}) {
    const { rows } = await rt.pool.query<{ id: string }>(
      `INSERT INTO channels (user_id, kind, name, url, url_hint)
       VALUES ($1, 'slack', 'Deals', 'https://hooks.slack.com/services/T1/B1/abc', 'hooks.slack.com/…/abc') RETURNING id`,
      [userId],
    );
    await rt.pool.query(`INSERT INTO alert_channels (alert_type, alert_id, channel_id, user_id) VALUES ('news', $1, $2, $3)`, [
      alertId,
      rows[0]!.id,
      userId,
    ]);
    if (emailOff)
      await rt.pool.query(`INSERT INTO alert_email_opt_outs (alert_type, alert_id, user_id) VALUES ('news', $1, $2)`, [alertId, userId]);
    return rows[0]!.id;
  }
  const deliveriesFor = async (userId: string) =>
    (
      await rt.pool.query(
        `SELECT channel_id, run_id, alert_type, alert_id, purpose, status, message FROM channel_deliveries WHERE user_id = $1`,
        [userId],
      )
    ).rows;

  it("queues the run's item once for each channel of the alert, with what the e-mail carries and a link to the item", async () => {
    ai.setHandler(newsAlertModel({ latencyMs: 0 }));
    const user = await registerUser(rt);
    const alertId = await seedNewsAlert(user.id, { companyName: 'Channel Dynamics' });
    const channelId = await attachChannel(user.id, alertId);
    const [runId] = await manualRun(user.id);
    // Two workers on the run: one commit, so one delivery per channel.
    await Promise.all([engine().process(runId!), engine().process(runId!)]);
    expect(await mailsFor(user.id)).toHaveLength(1);
    const [delivery, ...more] = await deliveriesFor(user.id);
    expect(more).toHaveLength(0);
    expect(delivery).toMatchObject({
      channel_id: channelId,
      run_id: runId,
      alert_type: 'news',
      alert_id: alertId,
      purpose: 'alert',
      status: 'pending',
    });
    const [item] = await keptItems(rt.pool, user.id);
    expect(delivery.message).toMatchObject({
      version: 1,
      type: 'item',
      kind: 'news_alert',
      kindLabel: 'News alert',
      companies: ['Channel Dynamics'],
      url: `${rt.config.appUrl}/library/${runId}`,
      alert: { type: 'news', id: alertId },
    });
    expect(delivery.message.title).toBe(item!.title);
    expect(delivery.message.sources.length).toBeGreaterThan(0);
    expect(delivery.message.statements).toMatchObject({ total: expect.any(Number) });
  });

  it('an alert with e-mail turned off sends no e-mail, and still keeps its item and reaches its channels', async () => {
    ai.setHandler(newsAlertModel({ latencyMs: 0 }));
    const user = await registerUser(rt);
    const alertId = await seedNewsAlert(user.id, { companyName: 'Channels Only Corp' });
    await attachChannel(user.id, alertId, { emailOff: true });
    const [runId] = await manualRun(user.id);
    expect(await engine().process(runId!)).toMatchObject({
      status: 'succeeded',
      mailId: null,
      outcome: expect.stringMatching(/\(e-mail turned off for this alert: channels only\)$/),
    });
    expect(await mailsFor(user.id)).toHaveLength(0);
    expect((await keptItems(rt.pool, user.id)).map((k) => k.id)).toEqual([runId]);
    expect(await deliveriesFor(user.id)).toHaveLength(1);
  });

  it('prepared runs committed at their slot in one batch: each alert reaches its own channels, and only the channels-only one is not e-mailed', async () => {
    ai.setHandler(newsAlertModel({ latencyMs: 0 }));
    const slot = new Date(Math.ceil((Date.now() + 1) / 3_600_000) * 3_600_000);
    const [both, only, plain] = [await registerUser(rt), await registerUser(rt), await registerUser(rt)];
    const bothAlert = await seedNewsAlert(both.id, { companyName: 'Batch Both Corp', deliveryTime: slot });
    const onlyAlert = await seedNewsAlert(only.id, { companyName: 'Batch Only Corp', deliveryTime: slot });
    await seedNewsAlert(plain.id, { companyName: 'Batch Plain Corp', deliveryTime: slot });
    await attachChannel(both.id, bothAlert);
    await attachChannel(only.id, onlyAlert, { emailOff: true });
    const runs: string[] = [];
    for (const user of [both, only, plain]) {
      const client = await rt.pool.connect();
      runs.push(...(await insertDueRuns(client, new Date(), user.id, 60).finally(() => client.release())));
    }
    for (const runId of runs) expect(await engine().process(runId)).toMatchObject({ status: 'prepared' });
    await rt.pool.query(`UPDATE alert_runs SET due_at = now() WHERE id = ANY($1)`, [runs]);
    // One lane: the three runs go in one transaction.
    expect(await engine({ now: () => new Date(slot.getTime() + 5_000) }).deliverDue(1)).toBe(3);
    expect([(await mailsFor(both.id)).length, (await mailsFor(only.id)).length, (await mailsFor(plain.id)).length]).toEqual([1, 0, 1]);
    expect((await deliveriesFor(both.id)).map((d) => d.alert_id)).toEqual([bothAlert]);
    expect((await deliveriesFor(only.id)).map((d) => d.alert_id)).toEqual([onlyAlert]);
    expect(await deliveriesFor(plain.id)).toHaveLength(0);
    expect((await rt.pool.query(`SELECT outcome FROM alert_runs WHERE id = $1`, [runs[1]])).rows[0].outcome).toMatch(/channels only\)$/);
  });

  it("another user's channel attached by id to this alert is not used", async () => {
    ai.setHandler(newsAlertModel({ latencyMs: 0 }));
    const [user, other] = [await registerUser(rt), await registerUser(rt)];
    const alertId = await seedNewsAlert(user.id, { companyName: 'Owner Only Inc' });
    // A row naming the alert but owned by someone else (the API refuses to write one; the engine must not trust it either).
    await attachChannel(other.id, alertId);
    const [runId] = await manualRun(user.id);
    await engine().process(runId!);
    expect(await mailsFor(user.id)).toHaveLength(1);
    expect(await deliveriesFor(user.id)).toHaveLength(0);
    expect(await deliveriesFor(other.id)).toHaveLength(0);
  });
});
