import { describe, expect, it } from 'vitest';
import { extraHeaders, messageIdDomain } from './sender.ts';

describe('messageIdDomain', () => {
  it.each([
    ['Enterprise OS <no-reply@enterprise-os.test>', 'enterprise-os.test'],
    ['alerts@Mail.Example.COM', 'mail.example.com'],
    ['Enterprise OS <no-reply@localhost>', 'localhost'],
    ['Enterprise OS', 'localhost'],
    ['x@<bad>', 'localhost'],
  ])('%s → %s', (from, domain) => {
    expect(messageIdDomain(from)).toBe(domain);
  });
});

describe('extraHeaders', () => {
  it('keeps one-line string headers and drops line breaks, odd names and the reserved ones', () => {
    expect(
      extraHeaders({
        'List-Unsubscribe': '<https://x.test/u>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'X-Bad': 'a\r\nBcc: b@example.com',
        'Bad Name': 'x',
        'Message-ID': '<forged@x>',
        To: 'other@example.com',
      }),
    ).toEqual({ 'List-Unsubscribe': '<https://x.test/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('is undefined for no headers', () => {
    expect(extraHeaders(null)).toBeUndefined();
    expect(extraHeaders({})).toBeUndefined();
  });
});
