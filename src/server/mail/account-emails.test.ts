import { describe, expect, it } from 'vitest';
import { inviteMail, otpMail, resetPasswordMail, setPasswordMail } from './account-emails.ts';

const URL_WITH_QUERY = 'https://os.example.com/reset-password?token=a%22b&x=<y>';

describe('account e-mails', () => {
  it('keep their subjects and plain texts word for word', async () => {
    const expires = new Date('2026-12-01T10:00:00Z');
    const invite = await inviteMail('a@example.com', 'https://os.example.com/invite-only?token=t', expires);
    expect(invite).toMatchObject({ kind: 'invite', to: 'a@example.com', subject: 'Your invitation to Enterprise OS' });
    expect(invite.text).toBe(
      'You have been invited to Enterprise OS, the inbox-first intelligence platform for B2B sales teams.\n\n' +
        'Create your account:\nhttps://os.example.com/invite-only?token=t\n\n' +
        'This link works once and expires on Tue, 01 Dec 2026 10:00:00 GMT.\n\n— Enterprise OS',
    );
    const set = await setPasswordMail('a@example.com', 'https://os.example.com/create-password?token=t');
    expect(set.subject).toBe('Set your Enterprise OS password');
    expect(set.text).toBe(
      'An account on Enterprise OS has been created for you.\n\nSet your password:\nhttps://os.example.com/create-password?token=t\n\n' +
        'This link works once and expires in 24 hours.\n\n— Enterprise OS',
    );
    const reset = await resetPasswordMail('a@example.com', 'https://os.example.com/reset-password?token=t');
    expect(reset.subject).toBe('Reset your Enterprise OS password');
    expect(reset.text).toBe(
      'We received a request to reset your password. If it was not you, ignore this e-mail.\n\n' +
        'Reset your password:\nhttps://os.example.com/reset-password?token=t\n\nThis link works once and expires in 24 hours.\n\n— Enterprise OS',
    );
    const otp = await otpMail('a@example.com', '123456');
    expect(otp).toMatchObject({ kind: 'otp', subject: '123456 is your Enterprise OS code' });
    expect(otp.text).toBe(
      'Your Enterprise OS sign-in code is 123456\n\nIt expires in 5 minutes. If you did not ask for it, ignore this e-mail.\n\n— Enterprise OS',
    );
  });

  it('render their HTML with the React Email frame: the link as a button, every value escaped', async () => {
    const reset = await resetPasswordMail('a@example.com', URL_WITH_QUERY);
    expect(reset.html).toMatch(/^<!DOCTYPE html/);
    expect(reset.html).toContain('Enterprise OS</p>');
    // The address is an attribute React escaped: no quote or angle bracket of it closes the tag.
    expect(reset.html).toContain('href="https://os.example.com/reset-password?token=a%22b&amp;x=%3Cy%3E"');
    expect(reset.html).toContain('>Reset your password</a>');
    expect(reset.html).toContain('This link works once and expires in 24 hours.');
    const otp = await otpMail('a@example.com', '<b>1</b>');
    expect(otp.html).toContain('&lt;b&gt;1&lt;/b&gt;');
    expect(otp.html).not.toContain('<b>1</b>');
  });

  it('never link anything but an http(s) address', async () => {
    const mail = await resetPasswordMail('a@example.com', 'javascript:alert(1)');
    expect(mail.html).not.toContain('javascript:');
  });
});
