// Every log line of a run carries its run id, kind and alert id, the lines of the sources and the AI
// it calls included, and concurrent runs keep theirs apart; the outbox sender's lines carry the
// e-mail's outbox id (issue 28 §2). The engine and the fakes as alert-engine.test.ts has them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RetryableRunError } from '../../../src/server/jobs/runs/engine.ts';
import { setLogLevel } from '../../../src/server/lib/log.ts';
import { startOutboxSender } from '../../../src/server/mail/sender.ts';
import { registerUser } from '../../support/accounts.ts';
import { captureLog, type LogLine } from '../../support/log-capture.ts';
import { engine, manualRun, news, rt, seedNewsAlert } from '../../support/news-alert-runs.ts';
import { freePort } from '../../support/ports.ts';

let log: ReturnType<typeof captureLog>;
beforeEach(() => {
  setLogLevel('info');
  log = captureLog();
});
afterEach(() => {
  log.restore();
  setLogLevel('error');
});

const about = (line: LogLine) => ({ msg: line.msg, runId: line.runId, kind: line.kind, alertId: line.alertId });

describe('run ids in the log', () => {
  it("puts each run's id, kind and alert on its lines and on its sources' lines, two runs at once", async () => {
    const [one, two] = await Promise.all([registerUser(rt), registerUser(rt)]);
    const alerts = [
      await seedNewsAlert(one.id, { companyName: 'Logged Dynamics' }),
      await seedNewsAlert(two.id, { companyName: 'Traced Systems' }),
    ];
    const runs = [(await manualRun(one.id))[0]!, (await manualRun(two.id))[0]!];
    news.mode.google = 'fail';
    news.mode.gdelt = 'fail';
    const results = await Promise.allSettled(runs.map((runId) => engine().process(runId)));
    expect(results.map((r) => r.status === 'rejected' && r.reason instanceof RetryableRunError)).toEqual([true, true]);

    for (const [i, runId] of runs.entries()) {
      const lines = log
        .lines()
        .filter((line) => line.runId === runId)
        .map(about);
      // The news source's warning (it knows nothing of runs) and the engine's own.
      expect(lines).toEqual([
        { msg: 'news search failed', runId, kind: 'news', alertId: alerts[i] },
        { msg: 'alert run failed; will retry', runId, kind: 'news', alertId: alerts[i] },
      ]);
    }
    // No line of a run went without its id.
    expect(log.lines().filter((line) => line.msg === 'news search failed' && !runs.includes(line.runId as string))).toEqual([]);
  });

  it("a run that succeeds, and its e-mail's delivery lines with the outbox id", async () => {
    const user = await registerUser(rt);
    const alertId = await seedNewsAlert(user.id, { companyName: 'Delivered Logistics' });
    const [runId] = await manualRun(user.id);
    const result = await engine().process(runId!);
    expect(result).toMatchObject({ status: 'succeeded', mailId: expect.any(String) });
    expect(
      log
        .lines()
        .filter((line) => line.runId === runId)
        .map(about),
    ).toEqual([{ msg: 'alert run succeeded', runId, kind: 'news', alertId }]);

    // The mail server cannot be reached: the sender's warning names the e-mail, not its address.
    const mailId = result.status === 'succeeded' ? result.mailId : null;
    const sender = await startOutboxSender({
      pool: rt.pool,
      databaseUrl: rt.databaseUrl,
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      from: 'Enterprise OS <no-reply@enterprise-os.test>',
      printCaptured: false,
    });
    try {
      await sender.drain();
    } finally {
      await sender.stop();
    }
    const mailLines = log.lines().filter((line) => line.outboxId === mailId);
    expect(mailLines).toEqual([expect.objectContaining({ level: 'warn', msg: 'mail delivery failed; will retry', outboxId: mailId })]);
    expect(mailLines[0]).not.toHaveProperty('runId');
    expect(log.text()).not.toContain(user.email);
  });
});
