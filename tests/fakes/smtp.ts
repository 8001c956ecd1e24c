// A local SMTP server that stands in for the mail provider in tests: it speaks real SMTP (no TLS,
// authentication optional), keeps every delivered message in memory, can refuse the next
// deliveries with a temporary 451 error, records each message's headers, and optionally exposes
// the mails over a tiny HTTP API for E2E tests:
//   GET    /messages?to=<email>  → FakeMail[] for that recipient (all when `to` is absent)
//   DELETE /messages             → clears the mailbox
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type FakeHttp, startFakeHttp } from './http.ts';

export type FakeMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html?: string;
  receivedAt: string;
  /** The message's header lines as sent, by lower-case name (the last one wins). */
  headers: Record<string, string>;
  /** Its attachments as parsed (none for the header-only benchmark path). */
  attachments?: { filename: string | undefined; contentType: string; content: string }[];
};

export type FakeSmtp = {
  smtpPort: number;
  messages: FakeMail[];
  waitForMail(predicate: (m: FakeMail) => boolean, timeoutMs?: number): Promise<FakeMail>;
  clear(): void;
  failNextDeliveries(n: number): void;
  /** The next `n` messages are taken in (kept in `messages`) and the connection is then cut before the 250 reply. */
  dropAfterAcceptingNext(n: number): void;
  stop(): Promise<void>;
};

type Waiter = { predicate: (m: FakeMail) => boolean; resolve: (m: FakeMail) => void };

const sentTo = (mail: FakeMail, email: string) => mail.to.some((t) => t.toLowerCase() === email.toLowerCase());

/** The header lines of a raw message, unfolded, by lower-case name (the last one wins). */
function rawHeaders(raw: Buffer): Record<string, string> {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const block = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export async function startFakeSmtp(
  opts: {
    smtpPort?: number;
    httpPort?: number;
    failNext?: number;
    /**
     * 'headers' keeps only the envelope and the header lines (the subject as sent, possibly
     * MIME-encoded; no text or html): a benchmark's thousands of mails are not parsed on its CPU.
     */
    keep?: 'message' | 'headers';
  } = {},
): Promise<FakeSmtp> {
  const messages: FakeMail[] = [];
  let waiters: Waiter[] = [];
  let failures = opts.failNext ?? 0;
  let drops = 0;

  function deliver(mail: FakeMail) {
    messages.push(mail);
    const matched = waiters.filter((w) => w.predicate(mail));
    waiters = waiters.filter((w) => !matched.includes(w));
    for (const w of matched) w.resolve(mail);
  }

  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const err = Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        if (opts.keep === 'headers') {
          const headers = rawHeaders(Buffer.concat(chunks));
          deliver({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: headers.subject ?? '',
            text: '',
            receivedAt: new Date().toISOString(),
            headers,
          });
          callback();
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            const drop = drops > 0;
            if (drop) drops -= 1;
            deliver({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : undefined,
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content.toString('utf8'),
              })),
              receivedAt: new Date().toISOString(),
              headers: Object.fromEntries(
                parsed.headerLines.map((h) => [
                  h.key,
                  h.line
                    .slice(h.line.indexOf(':') + 1)
                    .replace(/\r?\n[ \t]+/g, ' ')
                    .trim(),
                ]),
              ),
            });
            if (!drop) {
              callback();
              return;
            }
            // The message is taken; the reply that says so is lost with the connection.
            const connections = (smtp as unknown as { connections: Set<{ session: unknown; _socket: { destroy(): void } }> }).connections;
            for (const connection of connections) if (connection.session === session) connection._socket.destroy();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });

  // A client gone in the middle of a message (a sender killed by a test, a dropped connection) is
  // an error smtp-server emits on itself; a real mail server logs it and serves the next client,
  // and so does this one (unheard, it would be an uncaught exception in the test process).
  smtp.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, '127.0.0.1', () => {
      smtp.server.off('error', reject);
      resolve();
    });
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let http: FakeHttp | null = null;
  if (opts.httpPort !== undefined) {
    http = await startFakeHttp((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/messages') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
        return;
      }
      if (req.method === 'GET') {
        const to = url.searchParams.get('to');
        const found = to ? messages.filter((m) => sentTo(m, to)) : messages;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
        return;
      }
      if (req.method === 'DELETE') {
        messages.length = 0;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
        return;
      }
      res.writeHead(405, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'method not allowed' }));
    }, opts.httpPort);
  }

  return {
    smtpPort,
    messages,
    waitForMail(predicate, timeoutMs = 10_000) {
      const already = messages.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise<FakeMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          reject(new Error(`No matching mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    failNextDeliveries(n) {
      failures = n;
    },
    dropAfterAcceptingNext(n) {
      drops = n;
    },
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (http) {
        http.server.closeAllConnections();
        await http.stop();
      }
    },
  };
}
