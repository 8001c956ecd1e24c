import { describe, expect, it } from 'vitest';
import { SourceError } from '../sources/web/types.ts';
import { channelPausedMail } from './paused-mail.ts';
import { CHANNEL_RETRY, classifyStatus, noAnswerText, retryAfterMs, retryWaitMs } from './sender.ts';

describe('what an answer means', () => {
  it('2xx is sent; 408, 429 and 5xx are tried again; any other answer fails at once', () => {
    expect([200, 202, 204].map(classifyStatus)).toEqual(['sent', 'sent', 'sent']);
    expect([408, 429, 500, 502, 503].map(classifyStatus)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    // Slack's invalid_payload, invalid_token, no_service, channel_is_archived; a redirect that is not followed.
    expect([400, 403, 404, 410, 302, 301].map(classifyStatus)).toEqual(['fail', 'fail', 'fail', 'fail', 'fail', 'fail']);
  });
});

describe('the wait before a retry', () => {
  it('reads Retry-After as seconds or as a date, and ignores what it cannot read', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Fri, 27 Nov 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it("backs off 30 s, doubling, and takes a receiver's Retry-After instead, never past 30 minutes", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryWaitMs(n, null))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(retryWaitMs(12, null)).toBe(CHANNEL_RETRY.maxMs);
    expect(retryWaitMs(1, 7_000)).toBe(7_000);
    expect(retryWaitMs(1, 86_400_000)).toBe(CHANNEL_RETRY.maxMs);
  });
});

describe('why no answer came', () => {
  const secretPath = 'hooks.slack.com/services/T000/B000/SECRETTOKEN';
  it('says so without the address (its path is the credential), and tells a refused address apart', () => {
    const cases: [string, { text: string; refused: boolean }][] = [
      [
        `hooks.slack.com: request to ${secretPath} failed: not a public address`,
        { text: 'The address was refused: it (or a redirect) leads to an address that is not on the public internet.', refused: true },
      ],
      [`hooks.slack.com: request to ${secretPath} failed: connection refused`, { text: 'No answer: connection refused.', refused: false }],
      [`hooks.slack.com: no complete answer from ${secretPath} within 10000 ms`, { text: 'No answer within 10 seconds.', refused: false }],
      [`hooks.slack.com: ${secretPath} redirected too many times`, { text: 'The receiver redirected too many times.', refused: true }],
      [
        `hooks.slack.com: ${secretPath} redirected to a file: address`,
        { text: 'The receiver redirected to a file: address.', refused: true },
      ],
    ];
    for (const [message, expected] of cases) {
      const said = noAnswerText(new SourceError('hooks.slack.com', message.replace('hooks.slack.com: ', '')));
      expect(said).toEqual(expected);
      expect(said.text).not.toContain('SECRETTOKEN');
    }
    expect(noAnswerText(new Error(`fetch failed for ${secretPath}`))).toEqual({ text: 'No answer: network error.', refused: false });
  });
});

describe('the channel-paused e-mail', () => {
  it('says what failed, the last answer and how to fix it, in text and escaped HTML', async () => {
    const mail = await channelPausedMail({
      to: 'owner@example.com',
      channel: { kind: 'slack', name: 'Deals <b>room</b>\nBcc: x' },
      failures: 3,
      lastAnswer: 'HTTP 404: no_service',
      appUrl: 'https://eos.example.com',
    });
    expect(mail.kind).toBe('channel-paused');
    expect(mail.subject).toBe('Your Slack channel "Deals <b>room</b> Bcc: x" is paused');
    expect(mail.text).toContain('3 deliveries in a row failed');
    expect(mail.text).toContain("The receiver's last answer: HTTP 404: no_service");
    expect(mail.text).toContain('https://eos.example.com/sonar-os/channels');
    expect(mail.text).toContain('Incoming Webhooks');
    expect(mail.html).toContain('href="https://eos.example.com/sonar-os/channels"');
    expect(mail.html).not.toContain('<b>room</b>');
    expect(mail.html).toContain('&lt;b&gt;room&lt;/b&gt;');
  });
});
