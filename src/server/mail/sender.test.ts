import { describe, expect, it } from 'vitest';
import { extraHeaders, mailAttachments, messageIdDomain, outcomeUnknown } from './sender.ts';

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

describe('outcomeUnknown', () => {
  const smtpError = (code: string, message: string, responseCode?: number) => Object.assign(new Error(message), { code, responseCode });

  it('is unknown when the connection was lost or timed out with no answer', () => {
    expect(outcomeUnknown(smtpError('ECONNECTION', 'Connection closed unexpectedly'))).toBe(true);
    expect(outcomeUnknown(smtpError('ETIMEDOUT', 'Timeout'))).toBe(true);
    expect(outcomeUnknown(smtpError('ESOCKET', 'read ECONNRESET'))).toBe(true);
  });

  it('is known when the server answered, or could not be reached at all', () => {
    expect(outcomeUnknown(smtpError('EMESSAGE', 'Temporary failure', 451))).toBe(false);
    expect(outcomeUnknown(smtpError('ECONNECTION', 'Server closed the connection', 421))).toBe(false);
    expect(outcomeUnknown(smtpError('ESOCKET', 'connect ECONNREFUSED 127.0.0.1:25'))).toBe(false);
    expect(outcomeUnknown(smtpError('EDNS', 'getaddrinfo ENOTFOUND smtp.example.com'))).toBe(false);
    expect(outcomeUnknown('a string')).toBe(false);
  });
});

describe('mailAttachments', () => {
  it('passes text attachments under a plain file name, and nothing nodemailer would read from a path or URL', () => {
    expect(mailAttachments(null)).toBeUndefined();
    expect(mailAttachments([])).toBeUndefined();
    const ics = { filename: 'earnings/../AAPL.ics', contentType: 'text/calendar; method=PUBLISH', content: 'BEGIN:VCALENDAR' };
    const sneaky = { filename: 'x', contentType: 'text/plain', path: '/etc/passwd' } as unknown as typeof ics;
    expect(mailAttachments([ics, sneaky])).toEqual([
      { filename: 'earnings_.._AAPL.ics', contentType: 'text/calendar; method=PUBLISH', content: 'BEGIN:VCALENDAR' },
    ]);
  });
});
