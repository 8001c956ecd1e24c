import { describe, expect, it } from 'vitest';
import { MAILED_SECURITY_EVENTS, newSignInMail, securityEventMail, utcTime } from './security-emails.ts';

const facts = {
  to: 'owner@example.com',
  userId: 'user-1',
  at: new Date('2026-11-28T00:18:39Z'),
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  appUrl: 'https://os.example.com',
};

describe('security e-mails', () => {
  it('tell the time in UTC, said', () => {
    expect(utcTime(facts.at)).toBe('Saturday, November 28, 2026 at 00:18 UTC');
  });

  it('say what happened, when, from where and what to do: a sign-in from a new device, word for word', async () => {
    const mail = await newSignInMail(facts, 'authenticator_app');
    expect(mail).toMatchObject({
      kind: 'security-new-sign-in',
      to: 'owner@example.com',
      userId: 'user-1',
      subject: 'New sign-in to your Enterprise OS account',
    });
    expect(mail.text).toBe(
      'Your Enterprise OS account was signed in to from a device it has not been used from before.\n\n' +
        'When: Saturday, November 28, 2026 at 00:18 UTC\n' +
        'From: IP address 203.0.113.7, Safari 17 on a Mac\n' +
        'How: Authenticator app code\n\n' +
        'If this was you, there is nothing to do.\n\n' +
        'If this was not you, someone else may be able to sign in to your account:\n' +
        '- Reset your password: https://os.example.com/forgot-password\n' +
        '- Review where you are signed in and sign out what you do not recognise: https://os.example.com/profile\n\n' +
        '— Enterprise OS',
    );
    expect(mail.html).toContain('href="https://os.example.com/forgot-password"');
    expect(mail.html).toContain('href="https://os.example.com/profile"');
    expect(mail.html).toContain('Saturday, November 28, 2026 at 00:18 UTC');
  });

  it('have one mail per mailed kind, each with its own subject, the facts and both links', async () => {
    const subjects = new Set<string>();
    for (const kind of MAILED_SECURITY_EVENTS) {
      const mail = await securityEventMail(kind, facts, { name: 'Work laptop' });
      expect(mail.kind).toBe(`security-${kind.replaceAll('_', '-')}`);
      expect(mail.to).toBe('owner@example.com');
      expect(mail.text).toContain('When: Saturday, November 28, 2026 at 00:18 UTC');
      expect(mail.text).toContain('From: IP address 203.0.113.7, Safari 17 on a Mac');
      expect(mail.text).toContain('https://os.example.com/forgot-password');
      expect(mail.text).toContain('https://os.example.com/profile');
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(MAILED_SECURITY_EVENTS.length);
  });

  it('name the passkey, and tell a locked second factor to change the password', async () => {
    const added = await securityEventMail('passkey_added', facts, { name: 'Work laptop' });
    expect(added.subject).toBe('A passkey was added to your Enterprise OS account');
    expect(added.text).toContain('A passkey ("Work laptop") was added to your account.');
    const locked = await securityEventMail('second_factor_locked', facts);
    expect(locked.subject).toBe('Change your Enterprise OS password: someone else may know it');
    expect(locked.text).toContain('Someone entered the right password for your account, then a wrong second-factor code 10 times in a row');
    expect(locked.text).toContain('If this was not you, whoever it was knows your password. Change it now:');
  });

  it('escape what came from the client (a passkey name, the user agent) and say "unknown" for what is missing', async () => {
    const mail = await securityEventMail('passkey_added', { ...facts, ipAddress: null, userAgent: null }, { name: '<img src=x>' });
    expect(mail.html).toContain('&lt;img src=x&gt;');
    expect(mail.html).not.toContain('<img src=x>');
    expect(mail.text).toContain('From: an unknown IP address, an unknown browser and device');
  });
});
