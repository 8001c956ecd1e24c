// @vitest-environment jsdom
// The console's Mail section against a fake API: loading, empty, the counts and the log (subjects
// and errors as text, unknown outcomes flagged), a failed load, the user filter (and the server's
// refusal of it), and the resend (confirmed, toasted, refused with the server's words).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opsMessages } from '../../../shared/admin-ops.ts';
import { MailSection } from './mail-section.tsx';
import { failure, mail, mailAnswer, ok, renderSection } from './ops-test-kit.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const logRows = () =>
  within(screen.getByRole('table', { name: 'Mail, newest first' }))
    .getAllByRole('row')
    .slice(1);

describe('the Mail section', () => {
  it('shows a placeholder while the mail loads', () => {
    renderSection(<MailSection />, { 'GET /api/admin/mail': 'pending' });
    expect(screen.getByRole('heading', { level: 2, name: opsMessages.mailTitle })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the mail log' })).toBeTruthy();
  });

  it('says when no mail matches', async () => {
    renderSection(<MailSection />, { 'GET /api/admin/mail': ok(mailAnswer([])) });
    expect(await screen.findByText(opsMessages.mailEmpty)).toBeTruthy();
  });

  it('counts the outcomes and lists each mail, its text as text, a possible duplicate flagged', async () => {
    const subject = '<script>alert(1)</script> Acme';
    renderSection(<MailSection />, {
      'GET /api/admin/mail': ok(
        mailAnswer(
          [
            mail({ id: 'failed-1', subject }),
            mail({
              id: 'unknown-1',
              status: 'sent',
              attempts: 2,
              unknownOutcomeAttempts: 1,
              lastError: null,
              sentAt: '2026-11-27T18:05:00.000Z',
            }),
            mail({ id: 'pending-1', status: 'pending', attempts: 0, lastError: null, resendBlocked: opsMessages.stillPending }),
          ],
          { counts: { pending: 1, sent: 5, retried: 2, failed: 1, unknown: 1, captured: 0 } },
        ),
      ),
    });
    const counts = await screen.findByRole('list', { name: 'Mail of the last 30 days by outcome' });
    expect(within(counts).getByRole('button', { name: 'Sent 5' })).toBeTruthy();
    expect(within(counts).getByRole('button', { name: 'Unknown outcome 1' })).toBeTruthy();
    const [failedRow, unknownRow, pendingRow] = logRows();
    expect(within(failedRow!).getByText(subject)).toBeTruthy();
    expect(document.querySelector('tbody script')).toBeNull();
    expect(failedRow!.textContent).toContain('550 mailbox unavailable');
    expect(within(failedRow!).getByRole('button', { name: 'Resend' })).toBeTruthy();
    expect(unknownRow!.textContent).toContain('Unknown outcome: 1 attempt may have been delivered');
    expect(unknownRow!.textContent).toContain('Retried');
    expect(pendingRow!.textContent).toContain(opsMessages.stillPending);
    expect(within(pendingRow!).queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('says when the mail could not be loaded, and tries again', async () => {
    let fail = true;
    renderSection(<MailSection />, {
      'GET /api/admin/mail': () => (fail ? failure(503, 'database_unavailable', 'The database is not reachable.') : ok(mailAnswer([]))),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(`${opsMessages.mailLoadError}. Please try again later.`);
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText(opsMessages.mailEmpty)).toBeTruthy();
  });

  it('filters by a user’s address and outcome; a refused filter says why', async () => {
    const { requests } = renderSection(<MailSection />, {
      'GET /api/admin/mail': ok(mailAnswer([mail()])),
      'GET /api/admin/mail?user=ada%40example.com': ok(mailAnswer([])),
      'GET /api/admin/mail?user=ada%40example.com&status=failed': ok(mailAnswer([mail()])),
      'GET /api/admin/mail?user=nobody': failure(400, 'validation', 'Enter a full e-mail address to filter by.'),
    });
    await screen.findByRole('table', { name: 'Mail, newest first' });
    fireEvent.change(screen.getByLabelText('User e-mail'), { target: { value: ' Ada@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText(opsMessages.mailEmpty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Failed 0' }));
    await screen.findByRole('table', { name: 'Mail, newest first' });
    expect(requests).toContain('GET /api/admin/mail?user=ada%40example.com&status=failed');

    fireEvent.click(screen.getByRole('button', { name: 'Failed 0' }));
    fireEvent.change(screen.getByLabelText('User e-mail'), { target: { value: 'nobody' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Mail filter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${opsMessages.mailLoadError}. Enter a full e-mail address to filter by.`);
  });

  it('resends a mail once confirmed, says so and reads the log again', async () => {
    const { requests } = renderSection(<MailSection />, {
      'GET /api/admin/mail': ok(mailAnswer([mail()])),
      'POST /api/admin/mail/mail-1/resend': { status: 201, body: { mailId: 'mail-1', resentMailId: 'mail-2' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(opsMessages.resendConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' })));
    expect(await screen.findByText(opsMessages.resent)).toBeTruthy();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /api/admin/mail/mail-1/resend']);
    await vi.waitFor(() => expect(requests.filter((r) => r === 'GET /api/admin/mail')).toHaveLength(2));
  });

  it('says why when the server refuses the resend', async () => {
    renderSection(<MailSection />, {
      'GET /api/admin/mail': ok(mailAnswer([mail()])),
      'POST /api/admin/mail/mail-1/resend': failure(409, 'cannot_retry', opsMessages.credentialMail),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resend' })));
    expect(await screen.findByText(opsMessages.resendFailed)).toBeTruthy();
    expect(await screen.findByText(opsMessages.credentialMail)).toBeTruthy();
  });
});
