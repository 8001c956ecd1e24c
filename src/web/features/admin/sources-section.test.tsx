// @vitest-environment jsdom
// The console's Sources section against a fake API: loading, a window without requests ("No
// requests", never NaN), the rates per service and the news figures, a failed load, the day window.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opsMessages } from '../../../shared/admin-ops.ts';
import { failure, ok, renderSection, sourcesAnswer } from './ops-test-kit.tsx';
import { SourcesSection } from './sources-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Sources section', () => {
  it('shows a placeholder while the rates load', () => {
    renderSection(<SourcesSection />, { 'GET /api/admin/sources?window=hour': 'pending' });
    expect(screen.getByRole('heading', { level: 2, name: opsMessages.sourcesTitle })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the source rates' })).toBeTruthy();
  });

  it('says "no requests" for a window without any, never a rate of nothing', async () => {
    renderSection(<SourcesSection />, { 'GET /api/admin/sources?window=hour': ok(sourcesAnswer()) });
    expect(await screen.findByText(`${opsMessages.noRequests} in this window.`)).toBeTruthy();
    expect(screen.getByText('No links')).toBeTruthy();
    expect(screen.getByText('No articles')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });

  it('shows the answer rate, errors and mean time per service, and the decode, robots and article figures', async () => {
    renderSection(<SourcesSection />, {
      'GET /api/admin/sources?window=hour': ok(
        sourcesAnswer({
          services: [
            {
              service: 'google-news',
              hosts: 1,
              total: 20,
              ok: 18,
              okRate: 0.9,
              errors: { http_error: 1, network_error: 0, refused: 0, robots: 1 },
              meanMs: 150.4,
            },
          ],
          totals: { total: 20, ok: 18, okRate: 0.9 },
          decode: { checked: 8, decoded: 6, rate: 0.75 },
          robots: { refusals: 1, blockedArticles: 2 },
          articles: { read: 10, ok: 7, blocked: 2, paywalled: 1, failed: 0, share: 0.7 },
        }),
      ),
    });
    const table = await screen.findByRole('table', { name: 'Answer rates per service' });
    expect(within(table).getByRole('row', { name: /google-news/ }).textContent).toBe('google-news2090.0 %1001150 ms1');
    expect(screen.getByText('75.0 %')).toBeTruthy();
    expect(screen.getByText('6 of 8 links')).toBeTruthy();
    expect(screen.getByText('70.0 %')).toBeTruthy();
    expect(screen.getByText('7 of 10 articles · 1 paywalled · 0 failed')).toBeTruthy();
    expect(screen.getByText('requests robots.txt forbade · 2 articles blocked')).toBeTruthy();
  });

  it('says when the rates could not be loaded, and tries again', async () => {
    let fail = true;
    renderSection(<SourcesSection />, {
      'GET /api/admin/sources?window=hour': () => (fail ? failure(500, 'internal', 'Boom') : ok(sourcesAnswer())),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(`${opsMessages.sourcesLoadError}. Please try again later.`);
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText(`${opsMessages.noRequests} in this window.`)).toBeTruthy();
  });

  it('switches to the last day', async () => {
    const { requests } = renderSection(<SourcesSection />, {
      'GET /api/admin/sources?window=hour': ok(sourcesAnswer()),
      'GET /api/admin/sources?window=day': ok(sourcesAnswer({ window: 'day', from: '2026-11-26T18:00:00Z' })),
    });
    await screen.findByText(`${opsMessages.noRequests} in this window.`);
    fireEvent.click(screen.getByRole('button', { name: 'Last day' }));
    await vi.waitFor(() => expect(requests).toContain('GET /api/admin/sources?window=day'));
    expect(screen.getByRole('button', { name: 'Last day' }).getAttribute('aria-pressed')).toBe('true');
  });
});
