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
  it('keeps the unsubscribe headers on one line and drops everything else', () => {
    expect(
      extraHeaders({
        'List-Unsubscribe': '<https://x.test/u>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'X-Bad': 'a\r\nBcc: b@example.com',
        'Bad Name': 'x',
        'Message-ID': '<forged@x>',
        To: 'other@example.com',
        'Reply-To': 'attacker@example.com',
        'List-Unsubscribe-Post\r\nX': 'y',
      }),
    ).toEqual({ 'List-Unsubscribe': '<https://x.test/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('drops an unsubscribe header whose value breaks the line', () => {
    expect(extraHeaders({ 'list-unsubscribe': '<https://x.test/u>\r\nBcc: b@example.com' })).toBeUndefined();
  });

  it('is undefined for no headers', () => {
    expect(extraHeaders(null)).toBeUndefined();
    expect(extraHeaders({})).toBeUndefined();
  });
});
