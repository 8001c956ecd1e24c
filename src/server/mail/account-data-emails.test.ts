import { describe, expect, it } from 'vitest';
import { accountDeletedMail, deletionCodeMail, exportReadyMail } from './account-data-emails.ts';
import { CREDENTIAL_MAIL_KINDS } from './account-emails.ts';

describe('the "Your data" e-mails', () => {
  it('sends the deletion code as a credential mail (its body removed once delivered), with its lifetime', async () => {
    const mail = await deletionCodeMail('a@example.com', '123456');
    expect(CREDENTIAL_MAIL_KINDS).toContain(mail.kind);
    expect(mail.subject).toBe('123456 is your code to delete your Enterprise OS account');
    expect(mail.text).toContain('It works for 10 minutes.');
    expect(mail.html).toContain('123456');
  });

  it('confirms the deletion to the address, with no user id (it outlives the account)', async () => {
    const mail = await accountDeletedMail('a<b>@example.com', new Date('2026-11-28T01:00:00Z'));
    expect(mail).toMatchObject({ kind: 'account-deleted', to: 'a<b>@example.com', subject: 'Your Enterprise OS account was deleted' });
    expect(mail.userId).toBeUndefined();
    expect(mail.text).toContain('(a<b>@example.com) was deleted on Sat, 28 Nov 2026 01:00:00 GMT');
    expect(mail.html).toContain('a&lt;b&gt;@example.com');
    expect(mail.html).not.toContain('a<b>@');
  });

  it('gives the ready export’s link and when it expires', async () => {
    const url = 'https://os.example.com/api/account/exports/tok?x=1&y=<2>';
    const mail = await exportReadyMail('a@example.com', 'u1', url, new Date('2026-12-05T01:00:00Z'));
    expect(mail).toMatchObject({ kind: 'data-export', userId: 'u1', subject: 'Your Enterprise OS data export is ready' });
    expect(mail.text).toContain(`Download your data:\n${url}\n`);
    expect(mail.text).toContain('expires on Sat, 05 Dec 2026 01:00:00 GMT');
    expect(mail.html).not.toContain('<2>');
  });
});
