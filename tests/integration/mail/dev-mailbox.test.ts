// The development mailbox exists only in development without SMTP_URL, and escapes what it shows.
import { describe, expect, it } from 'vitest';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { IpClient, uniqueEmail } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'dev-mailbox-test-secret-dev-mailbox-test-secret',
  APP_URL: 'https://eos.example.com',
  // The test runtime's switch for local fakes, which production refuses.
  PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'false',
};

/** A request as it arrives over a socket from the given address (the mailbox checks the socket). */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

async function withRuntime(env: Record<string, string>, run: (rt: Awaited<ReturnType<typeof startTestRuntime>>) => Promise<void>) {
  const rt = await startTestRuntime(env);
  try {
    await run(rt);
  } finally {
    await rt.close();
  }
}

describe('development mailbox', () => {
  it('is served in development without SMTP_URL, listing mails with their subject escaped', async () => {
    await withRuntime({ NODE_ENV: 'development' }, async (rt) => {
      const to = uniqueEmail('mailbox');
      const marker = `Mailbox subject ${Date.now()}`;
      await enqueueMail(rt.db, { to, subject: `${marker} <script>alert(1)</script>`, text: 'Hello from the outbox', kind: 'test' });

      const res = await rt.app.request('/dev/mailbox', {}, from('127.0.0.1'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const page = await res.text();
      expect(page).toContain('Development mailbox');
      expect(page).toContain(marker);
      expect(page).toContain('Hello from the outbox');
      expect(page).not.toContain('<script>alert(1)</script>');
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

      const config = await new IpClient(rt.app).get('/api/config');
      expect(config.status).toBe(200);
      expect(config.body.devMailbox).toBe(true);
    });
  });

  it('answers only to this machine: codes and links must not reach the network', async () => {
    await withRuntime({ NODE_ENV: 'development' }, async (rt) => {
      await enqueueMail(rt.db, { to: uniqueEmail('remote'), subject: 'Your code', text: 'code 123456', kind: 'otp' });
      for (const address of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20']) {
        const res = await rt.app.request('/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } }, from(address));
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('123456');
      }
      expect((await rt.app.request('/dev/mailbox', {}, from('::1'))).status).toBe(200);
    });
  });

  it('does not exist in production', async () => {
    await withRuntime(PRODUCTION_ENV, async (rt) => {
      await enqueueMail(rt.db, { to: uniqueEmail('prod'), subject: 'Production mail', text: 'secret content', kind: 'test' });
      const res = await rt.app.request('/dev/mailbox', {}, from('127.0.0.1'));
      expect(res.status).not.toBe(200);
      const page = await res.text();
      expect(page).not.toContain('Development mailbox');
      expect(page).not.toContain('secret content');

      const config = await new IpClient(rt.app).get('/api/config', { origin: PRODUCTION_ENV.APP_URL });
      expect(config.status).toBe(200);
      expect(config.body.devMailbox).toBe(false);
    });
  });

  it('does not exist in development when SMTP_URL is set', async () => {
    await withRuntime({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }, async (rt) => {
      const res = await rt.app.request('/dev/mailbox', {}, from('127.0.0.1'));
      expect(res.status).not.toBe(200);
      expect(await res.text()).not.toContain('Development mailbox');

      const config = await new IpClient(rt.app).get('/api/config');
      expect(config.status).toBe(200);
      expect(config.body.devMailbox).toBe(false);
    });
  });
});
