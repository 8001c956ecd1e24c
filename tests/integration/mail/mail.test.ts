// The outbox sender against a real (fake) SMTP server: delivery, temporary failures and retry,
// and capture when no SMTP server is configured.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { otpMail, resetPasswordMail } from '../../../src/server/mail/account-emails.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { type OutboxSender, startOutboxSender } from '../../../src/server/mail/sender.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { type TestRuntime, uniqueEmail } from '../../support/accounts.ts';
import { runAdmin } from '../../support/admin-cli.ts';
import { freePort } from '../../support/ports.ts';
import { startTestRuntime } from '../../support/runtime.ts';

const FROM = 'Enterprise OS <no-reply@enterprise-os.test>';

let rt: TestRuntime;
let smtp: FakeSmtp;
let sender: OutboxSender | undefined;

beforeAll(async () => {
  rt = await startTestRuntime();
  smtp = await startFakeSmtp({ smtpPort: 0 });
});
afterEach(async () => {
  await sender?.stop();
  sender = undefined;
  smtp.failNextDeliveries(0);
  smtp.dropAfterAcceptingNext(0);
});
afterAll(async () => {
  await smtp?.stop();
  await rt?.close();
});

type Row = { status: string; attempts: number; last_error: string | null; sent_at: Date | null };
const rowOf = async (id: string) =>
  (await rt.pool.query<Row>('SELECT status, attempts, last_error, sent_at FROM mail_outbox WHERE id = $1', [id])).rows[0]!;

async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const smtpUrl = () => `smtp://127.0.0.1:${smtp.smtpPort}`;

describe('outbox sender', () => {
  it('delivers a queued mail over SMTP and marks it sent', async () => {
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: smtpUrl(), from: FROM, printCaptured: false });
    const to = uniqueEmail('deliver');
    const id = await enqueueMail(rt.db, await resetPasswordMail(to, 'http://localhost:3000/reset-password?token=abc'));

    const mail = await smtp.waitForMail((m) => m.to.includes(to));
    expect(mail.from).toBe('no-reply@enterprise-os.test');
    expect(mail.subject).toBe('Reset your Enterprise OS password');
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=abc');
    expect(mail.html).toContain('href="http://localhost:3000/reset-password?token=abc"');

    const row = await eventually(
      () => rowOf(id),
      (r) => r.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);

    // The delivered link is not kept: a read of the table yields no usable token.
    const { rows } = await rt.pool.query('SELECT text_body, html_body FROM mail_outbox WHERE id = $1', [id]);
    expect(rows[0].text_body).not.toContain('token=abc');
    expect(rows[0].html_body).toBeNull();
  });

  it('keeps the body of a delivered mail that holds no link or code', async () => {
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: smtpUrl(), from: FROM, printCaptured: false });
    const to = uniqueEmail('plain');
    const id = await enqueueMail(rt.db, { to, subject: 'Weekly digest', text: 'Nothing secret here', kind: 'newsletter' });
    await eventually(
      () => rowOf(id),
      (r) => r.status === 'sent',
    );
    const { rows } = await rt.pool.query('SELECT text_body FROM mail_outbox WHERE id = $1', [id]);
    expect(rows[0].text_body).toBe('Nothing secret here');
  });

  it('keeps a mail pending after a temporary failure and delivers it on retry', async () => {
    smtp.failNextDeliveries(1);
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: smtpUrl(), from: FROM, printCaptured: false });
    const to = uniqueEmail('retry');
    const id = await enqueueMail(rt.db, await otpMail(to, '123456'));

    const failed = await eventually(
      () => rowOf(id),
      (r) => r.last_error !== null,
    );
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toMatch(/451/);
    expect(smtp.messages.some((m) => m.to.includes(to))).toBe(false);

    // Not due yet: a drain leaves it alone.
    await sender.drain();
    expect((await rowOf(id)).attempts).toBe(1);

    await rt.pool.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [id]);
    await sender.drain();
    const delivered = await eventually(
      () => rowOf(id),
      (r) => r.status === 'sent',
    );
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    const mail = await smtp.waitForMail((m) => m.to.includes(to));
    expect(mail.subject).toBe('123456 is your Enterprise OS code');
  });

  it("sends the row's headers and a Message-ID made from the row's id, the same on a resend", async () => {
    smtp.failNextDeliveries(1);
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: smtpUrl(), from: FROM, printCaptured: false });
    const to = uniqueEmail('headers');
    const id = await enqueueMail(rt.db, {
      to,
      subject: 'Apple: news',
      text: 'News',
      kind: 'news-alert',
      headers: {
        'List-Unsubscribe': '<http://localhost:3000/api/unsubscribe?token=news.x.y>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'X-Injected': 'a\r\nBcc: victim@example.com',
        Subject: 'Overridden?',
      },
    });
    await eventually(
      () => rowOf(id),
      (r) => r.last_error !== null,
    );
    await rt.pool.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [id]);
    await sender.drain();
    const mail = await smtp.waitForMail((m) => m.to.includes(to));
    expect(mail.headers['list-unsubscribe']).toBe('<http://localhost:3000/api/unsubscribe?token=news.x.y>');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['message-id']).toBe(`<${id}@enterprise-os.test>`);
    expect(mail.headers['x-injected']).toBeUndefined();
    expect(mail.subject).toBe('Apple: news');
    expect(mail.to).toEqual([to]);
    expect((await rowOf(id)).attempts).toBe(2);
  });

  it('a message taken in whose reply was lost is resent with the same Message-ID and shown as a possible duplicate', {
    timeout: 30_000,
  }, async () => {
    smtp.dropAfterAcceptingNext(1);
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: smtpUrl(), from: FROM, printCaptured: false });
    const to = uniqueEmail('unknown-outcome');
    const id = await enqueueMail(rt.db, { to, subject: 'Acme: news', text: 'News', kind: 'news-alert' });
    await eventually(
      () => rowOf(id),
      (r) => r.last_error !== null,
    );
    await rt.pool.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [id]);
    await sender.drain();
    const row = await eventually(
      () => rowOf(id),
      (r) => r.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    const copies = smtp.messages.filter((m) => m.to.includes(to));
    expect(copies.map((m) => m.headers['message-id'])).toEqual([`<${id}@enterprise-os.test>`, `<${id}@enterprise-os.test>`]);
    const { rows } = await rt.pool.query('SELECT unknown_outcome_attempts FROM mail_outbox WHERE id = $1', [id]);
    expect(rows[0].unknown_outcome_attempts).toBe(1);

    const { lines } = await runAdmin(['mail-log', '--user', to]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /\ssent\s+2x\s.*Acme: news\s+POSSIBLE DUPLICATE: 1 attempt lost the connection before the server answered \(same Message-ID on every attempt\)$/,
    );
  });

  it('a refused attempt (the server answered 451) is not a possible duplicate', async () => {
    smtp.failNextDeliveries(1);
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: smtpUrl(), from: FROM, printCaptured: false });
    const id = await enqueueMail(rt.db, { to: uniqueEmail('refused'), subject: 'Refused once', text: 'x', kind: 'news-alert' });
    await eventually(
      () => rowOf(id),
      (r) => r.last_error !== null,
    );
    const { rows } = await rt.pool.query('SELECT unknown_outcome_attempts FROM mail_outbox WHERE id = $1', [id]);
    expect(rows[0].unknown_outcome_attempts).toBe(0);
  });

  it('a connection the server refused is logged as "connection refused", not as a possible duplicate', { timeout: 30_000 }, async () => {
    const closed = `smtp://127.0.0.1:${await freePort()}`;
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: closed, from: FROM, printCaptured: false });
    const to = uniqueEmail('conn-refused');
    const id = await enqueueMail(rt.db, { to, subject: 'Never connected', text: 'x', kind: 'news-alert' });
    const row = await eventually(
      () => rowOf(id),
      (r) => r.last_error !== null,
    );
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/^connection refused \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
    const { rows } = await rt.pool.query('SELECT unknown_outcome_attempts FROM mail_outbox WHERE id = $1', [id]);
    expect(rows[0].unknown_outcome_attempts).toBe(0);

    const { lines } = await runAdmin(['mail-log', '--user', to]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\spending\s+1x\s+sent -\s+error: connection refused \(connect ECONNREFUSED .*\s+Never connected$/);
    expect(lines[0]).not.toContain('POSSIBLE DUPLICATE');
  });

  it("sends the row's attachments (the earnings reminder's .ics event) as MIME parts", async () => {
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: smtpUrl(), from: FROM, printCaptured: false });
    const to = uniqueEmail('ics');
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n';
    await enqueueMail(rt.db, {
      to,
      subject: 'Apple reports earnings',
      text: 'Reminder',
      kind: 'earnings-reminder',
      attachments: [{ filename: 'AAPL-earnings.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
    });
    await sender.drain();
    const mail = await smtp.waitForMail((m) => m.to.includes(to));
    expect(mail.text.trim()).toBe('Reminder');
    expect(mail.attachments).toEqual([{ filename: 'AAPL-earnings.ics', contentType: 'text/calendar', content: ics }]);
  });

  it('gives mail without extra headers a Message-ID too', async () => {
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, smtpUrl: smtpUrl(), from: FROM, printCaptured: false });
    const to = uniqueEmail('msgid');
    const id = await enqueueMail(rt.db, await otpMail(to, '135790'));
    const mail = await smtp.waitForMail((m) => m.to.includes(to));
    expect(mail.headers['message-id']).toBe(`<${id}@enterprise-os.test>`);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
  });

  it('captures mail when no SMTP server is configured', async () => {
    sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, from: FROM, printCaptured: false });
    const to = uniqueEmail('captured');
    const id = await enqueueMail(rt.db, await otpMail(to, '654321'));
    await sender.drain();
    const row = await eventually(
      () => rowOf(id),
      (r) => r.status === 'captured',
    );
    expect(row.status).toBe('captured');
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(smtp.messages.some((m) => m.to.includes(to))).toBe(false);
    // Not printed (production): not kept either.
    const { rows } = await rt.pool.query('SELECT text_body FROM mail_outbox WHERE id = $1', [id]);
    expect(rows[0].text_body).not.toContain('654321');
  });

  it('keeps captured mail readable in development (the dev mailbox shows it)', async () => {
    const write = process.stdout.write.bind(process.stdout);
    let printed = '';
    process.stdout.write = ((chunk: string) => {
      printed += chunk;
      return true;
    }) as typeof process.stdout.write;
    try {
      sender = await startOutboxSender({ pool: rt.pool, databaseUrl: rt.databaseUrl, from: FROM, printCaptured: true });
      const to = uniqueEmail('dev');
      const id = await enqueueMail(rt.db, await otpMail(to, '246810'));
      await sender.drain();
      await eventually(
        () => rowOf(id),
        (r) => r.status === 'captured',
      );
      const { rows } = await rt.pool.query('SELECT text_body FROM mail_outbox WHERE id = $1', [id]);
      expect(rows[0].text_body).toContain('246810');
    } finally {
      process.stdout.write = write;
    }
    expect(printed).toContain('246810');
  });
});

describe('fake SMTP HTTP API', () => {
  it('lists messages by recipient and clears them', async () => {
    const port = await freePort();
    const fake = await startFakeSmtp({ smtpPort: 0, httpPort: port });
    try {
      sender = await startOutboxSender({
        pool: rt.pool,
        databaseUrl: rt.databaseUrl,
        smtpUrl: `smtp://127.0.0.1:${fake.smtpPort}`,
        from: FROM,
        printCaptured: false,
      });
      const a = uniqueEmail('http-a');
      const b = uniqueEmail('http-b');
      await enqueueMail(rt.db, await otpMail(a, '111111'));
      await enqueueMail(rt.db, await otpMail(b, '222222'));
      await fake.waitForMail((m) => m.to.includes(a));
      await fake.waitForMail((m) => m.to.includes(b));

      const forA = (await (await fetch(`http://127.0.0.1:${port}/messages?to=${encodeURIComponent(a)}`)).json()) as {
        to: string[];
        subject: string;
      }[];
      expect(forA).toHaveLength(1);
      expect(forA[0]).toMatchObject({ to: [a], subject: '111111 is your Enterprise OS code' });
      const all = (await (await fetch(`http://127.0.0.1:${port}/messages`)).json()) as unknown[];
      expect(all).toHaveLength(2);

      expect((await fetch(`http://127.0.0.1:${port}/messages`, { method: 'DELETE' })).status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/messages`)).json()).toEqual([]);
      expect(fake.messages).toHaveLength(0);
    } finally {
      await sender?.stop();
      sender = undefined;
      await fake.stop();
    }
  });
});
