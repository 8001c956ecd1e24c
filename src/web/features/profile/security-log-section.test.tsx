// @vitest-environment jsdom
// The security log against a fake API: loading, empty, the events (their texts as text), "Show
// more" paging back, and a failed load with a retry.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityLogEntry } from '../../../shared/security-log.ts';
import { failure, ok, renderWithApi } from '../../lib/test-api.tsx';
import { SecurityLogSection } from './security-log-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (overrides: Partial<SecurityLogEntry> = {}): SecurityLogEntry => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'sign_in',
  label: 'Signed in',
  note: 'With: Password',
  ipAddress: '203.0.113.7',
  browser: 'Chrome 140',
  device: 'Linux computer',
  at: '2026-11-27T18:00:00.000Z',
  ...overrides,
});

const items = () => within(screen.getByRole('list', { name: 'Security events' })).getAllByRole('listitem');

describe('the security log section', () => {
  it('shows a placeholder while loading', () => {
    renderWithApi(<SecurityLogSection />, { 'GET /api/security/log': 'pending' });
    expect(screen.getByRole('status').textContent).toBe('Loading your security log…');
  });

  it('says when there is nothing yet', async () => {
    renderWithApi(<SecurityLogSection />, { 'GET /api/security/log': ok({ events: [], nextCursor: null }) });
    expect(await screen.findByText('Nothing in your security log yet.')).toBeTruthy();
  });

  it('lists the events with what, how, when and from where, as text', async () => {
    renderWithApi(<SecurityLogSection />, {
      'GET /api/security/log': ok({
        events: [
          entry({ id: 'a', kind: 'passkey_added', label: 'Passkey added', note: 'Passkey: <b>Work</b>', ipAddress: null }),
          entry({ id: 'b' }),
        ],
        nextCursor: null,
      }),
    });
    await screen.findByText('Passkey added');
    const [passkey, signIn] = items();
    expect(passkey!.textContent).toContain('Passkey: <b>Work</b>');
    expect(passkey!.querySelector('b')).toBeNull();
    expect(passkey!.textContent).toContain('IP address unknown');
    expect(signIn!.textContent).toContain('Signed in');
    expect(signIn!.textContent).toContain('With: Password');
    expect(signIn!.textContent).toContain('Chrome 140 · Linux computer · IP address 203.0.113.7');
    expect(signIn!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-27T18:00:00.000Z');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('loads older events with "Show more"', async () => {
    renderWithApi(<SecurityLogSection />, {
      'GET /api/security/log': ok({ events: [entry({ id: 'a', label: 'Password changed' })], nextCursor: 'a' }),
      'GET /api/security/log?before=a': ok({ events: [entry({ id: 'b', label: 'Signed in' })], nextCursor: null }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByText('Signed in');
    expect(items().map((item) => item.querySelector('span')!.textContent)).toEqual(['Password changed', 'Signed in']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says when the log could not be loaded, and tries again', async () => {
    let answer = failure(503, 'database_unavailable', 'The database is not reachable.');
    renderWithApi(<SecurityLogSection />, { 'GET /api/security/log': () => answer });
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your security log. Please try again later.');
    answer = ok({ events: [entry()], nextCursor: null });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Signed in')).toBeTruthy();
  });
});
