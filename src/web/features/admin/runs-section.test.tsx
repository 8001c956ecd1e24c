// @vitest-environment jsdom
// The console's Runs section against a fake API: loading, empty, the counts and runs with their
// reasons (as text), a failed load and its retry, the filters, and a failed run's retry (confirmed,
// toasted, refused with the server's words).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opsMessages } from '../../../shared/admin-ops.ts';
import { failure, ok, renderSection, run, runsAnswer } from './ops-test-kit.tsx';
import { RunsSection } from './runs-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table = (name: string) => screen.getByRole('table', { name });

describe('the Runs section', () => {
  it('shows a placeholder while the runs load', () => {
    renderSection(<RunsSection />, { 'GET /api/admin/runs': 'pending' });
    expect(screen.getByRole('heading', { level: 2, name: opsMessages.runsTitle })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the runs' })).toBeTruthy();
  });

  it('says when there is nothing due, running, late or failed', async () => {
    renderSection(<RunsSection />, { 'GET /api/admin/runs': ok(runsAnswer([])) });
    expect(await screen.findByText(opsMessages.runsEmpty)).toBeTruthy();
  });

  it('counts runs per status and kind, and lists each with its reason as text', async () => {
    const hostile = '<img src=x onerror="alert(1)"> timed out';
    renderSection(<RunsSection />, {
      'GET /api/admin/runs': ok(
        runsAnswer(
          [
            run({ id: 'late-1', kind: 'news', view: 'late', status: 'queued', reason: null, retryBlocked: opsMessages.notFailed }),
            run({ id: 'failed-1', reason: hostile }),
            run({ id: 'report-1', kind: 'air_report', retryBlocked: opsMessages.reportRetry, reason: 'the AI service timed out' }),
          ],
          {
            totals: { due: 4, running: 1, late: 1, failed: 2 },
            byKind: runsAnswer([]).byKind.map((k) => (k.kind === 'news' ? { ...k, due: 4, late: 1 } : k)),
          },
        ),
      ),
    });
    const counts = await screen.findByRole('list', { name: 'Runs by status' });
    expect(within(counts).getByRole('button', { name: 'Late 1' })).toBeTruthy();
    expect(within(counts).getByRole('button', { name: 'Failed 2' })).toBeTruthy();
    const news = within(table('Runs per kind')).getByRole('row', { name: /News alert/ });
    expect(news.textContent).toBe('News alert4010');
    const rows = within(table('Runs, newest first')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Late');
    expect(rows[0]!.textContent).toContain('News alert');
    expect(within(rows[0]!).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(rows[1]!).getByText(hostile)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(rows[2]!.textContent).toContain(opsMessages.reportRetry);
    expect(within(rows[2]!).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when the runs could not be loaded, and tries again', async () => {
    let fail = true;
    renderSection(<RunsSection />, {
      'GET /api/admin/runs': () => (fail ? failure(500, 'internal', 'Boom') : ok(runsAnswer([]))),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(`${opsMessages.runsLoadError}. Please try again later.`);
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText(opsMessages.runsEmpty)).toBeTruthy();
  });

  it('asks the server for one kind and one status', async () => {
    const { requests } = renderSection(<RunsSection />, {
      'GET /api/admin/runs': ok(runsAnswer([run()])),
      'GET /api/admin/runs?kind=news': ok(runsAnswer([])),
      'GET /api/admin/runs?kind=news&status=late': ok(runsAnswer([])),
    });
    await screen.findByRole('table', { name: 'Runs, newest first' });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'news' } });
    await screen.findByText(opsMessages.runsEmpty);
    fireEvent.click(screen.getByRole('button', { name: 'Late 0' }));
    await vi.waitFor(() => expect(requests).toContain('GET /api/admin/runs?kind=news&status=late'));
    expect(screen.getByRole('button', { name: 'Late 0' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('retries a failed run once confirmed, says so and reads the runs again', async () => {
    const { requests } = renderSection(<RunsSection />, {
      'GET /api/admin/runs': ok(runsAnswer([run()])),
      'POST /api/admin/runs/run-1/retry': { status: 201, body: { runId: 'run-1', retryRunId: 'run-2' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(opsMessages.retryConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText(opsMessages.retried)).toBeTruthy();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /api/admin/runs/run-1/retry']);
    await vi.waitFor(() => expect(requests.filter((r) => r === 'GET /api/admin/runs')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why when the server refuses the retry', async () => {
    renderSection(<RunsSection />, {
      'GET /api/admin/runs': ok(runsAnswer([run()])),
      'POST /api/admin/runs/run-1/retry': failure(409, 'cannot_retry', opsMessages.alreadyRetried),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText(opsMessages.retryFailed)).toBeTruthy();
    expect(await screen.findByText(opsMessages.alreadyRetried)).toBeTruthy();
  });
});
