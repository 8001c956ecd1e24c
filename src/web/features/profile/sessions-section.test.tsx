// @vitest-environment jsdom
// The sessions list against a fake API: loading, the sessions with "This device", sign out one and
// all others (toasted, refused with the server's words), a failed load with a retry, and the last
// activity said no more precisely than the server knows it.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveSession } from '../../../shared/security-log.ts';
import { failure, ok, renderWithApi } from '../../lib/test-api.tsx';
import { lastActive, SessionsSection } from './sessions-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = Date.parse('2026-11-28T12:00:00Z');
const session = (overrides: Partial<ActiveSession> = {}): ActiveSession => ({
  id: '11111111-1111-4111-8111-111111111111',
  current: false,
  browser: 'Safari 17',
  device: 'iPhone',
  ipAddress: '203.0.113.7',
  signedInAt: '2026-11-20T09:00:00.000Z',
  lastRenewedAt: '2026-11-25T09:00:00.000Z',
  ...overrides,
});
const mine = session({ id: '22222222-2222-4222-8222-222222222222', current: true, browser: 'Chrome 140', device: 'Linux computer' });

describe('lastActive', () => {
  it('says "now" for this device, "the past 24 hours" after a recent renewal, else the day', () => {
    expect(lastActive(mine, NOW)).toBe('Active now');
    expect(lastActive(session({ lastRenewedAt: '2026-11-28T01:00:00.000Z' }), NOW)).toBe('Last active in the past 24 hours');
    expect(lastActive(session(), NOW)).toBe('Last active around Nov 25, 2026');
  });
});

describe('the sessions section', () => {
  it('shows a placeholder while loading', () => {
    renderWithApi(<SessionsSection />, { 'GET /api/security/sessions': 'pending' });
    expect(screen.getByRole('status').textContent).toBe('Loading your sessions…');
  });

  it('lists the sessions, this one marked and without a sign-out, the others each with one', async () => {
    renderWithApi(<SessionsSection />, { 'GET /api/security/sessions': ok({ sessions: [mine, session()] }) });
    const current = await screen.findByRole('listitem', { name: 'Chrome 140 on Linux computer (this device)' });
    expect(within(current).getByText('This device')).toBeTruthy();
    expect(within(current).queryByRole('button', { name: /^Sign out .+ on / })).toBeNull();
    const other = screen.getByRole('listitem', { name: 'Safari 17 on iPhone' });
    expect(other.textContent).toContain('IP address 203.0.113.7');
    expect(within(other).getByRole('button', { name: /^Sign out .+ on / })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeTruthy();
  });

  it('offers no "sign out everywhere else" when this is the only session', async () => {
    renderWithApi(<SessionsSection />, { 'GET /api/security/sessions': ok({ sessions: [mine] }) });
    await screen.findByText('This device');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('signs out one session and all others, and says so', async () => {
    const other = session();
    const { requests } = renderWithApi(<SessionsSection />, {
      'GET /api/security/sessions': ok({ sessions: [mine, other] }),
      [`DELETE /api/security/sessions/${other.id}`]: { status: 204 },
      'POST /api/security/sessions/revoke-others': ok({ revoked: 1 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out .+ on / }));
    expect(await screen.findByText('Session signed out')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out everywhere else')).toBeTruthy();
    expect(requests).toContain(`DELETE /api/security/sessions/${other.id}`);
    expect(requests).toContain('POST /api/security/sessions/revoke-others');
  });

  it("tells a refused sign-out with the server's words", async () => {
    const other = session();
    renderWithApi(<SessionsSection />, {
      'GET /api/security/sessions': ok({ sessions: [mine, other] }),
      [`DELETE /api/security/sessions/${other.id}`]: failure(
        404,
        'not_found',
        'This session is not among yours (it may have ended already).',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out .+ on / }));
    expect(await screen.findByText('Could not sign out that session')).toBeTruthy();
    expect(screen.getByText('This session is not among yours (it may have ended already).')).toBeTruthy();
  });

  it('says when the sessions could not be loaded, and tries again', async () => {
    let answer = failure(503, 'database_unavailable', 'The database is not reachable.');
    renderWithApi(<SessionsSection />, { 'GET /api/security/sessions': () => answer });
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your sessions. Please try again later.');
    answer = ok({ sessions: [mine] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This device')).toBeTruthy();
  });
});
