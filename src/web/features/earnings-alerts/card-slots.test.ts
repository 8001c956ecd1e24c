import { describe, expect, it } from 'vitest';
import type { EarningsAlert } from '../../../shared/earnings-alerts.ts';
import { cardSlots, cardValues, sameValues } from './card-slots.ts';

const alert = (id: string, overrides: Partial<EarningsAlert> = {}): EarningsAlert => ({
  id,
  active: true,
  companyName: `Company ${id}`,
  keywords: null,
  notificationTiming: '24h',
  notificationEmail: null,
  ticker: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  result: null,
  ...overrides,
});

const keys = (slots: ReturnType<typeof cardSlots>) => slots.map((slot) => slot.key);
const none = () => false;

describe('cardSlots', () => {
  it('fills the grid of 3 with empty cards after the alerts', () => {
    expect(keys(cardSlots([], none))).toEqual(['new-1', 'new-2', 'new-3']);
    expect(cardSlots([alert('a')], none)).toEqual([
      { key: 'a', alert: alert('a') },
      { key: 'new-1', alert: null },
      { key: 'new-2', alert: null },
    ]);
    expect(keys(cardSlots([alert('a'), alert('b'), alert('c')], none))).toEqual(['a', 'b', 'c']);
  });

  it('shows every alert even past the limit', () => {
    expect(
      keys(
        cardSlots(
          ['a', 'b', 'c', 'd'].map((id) => alert(id)),
          none,
        ),
      ),
    ).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops an untouched empty card, never the one being edited, when an alert appears', () => {
    const editingThird = (key: string) => key === 'new-3';
    expect(keys(cardSlots([], editingThird))).toEqual(['new-1', 'new-2', 'new-3']);
    expect(keys(cardSlots([alert('a')], editingThird))).toEqual(['a', 'new-1', 'new-3']);
    expect(keys(cardSlots([alert('a'), alert('b')], editingThird))).toEqual(['a', 'b', 'new-3']);
  });
});

describe('cardValues', () => {
  it('prefills an empty card with the default address, inactive, 24 hours before', () => {
    expect(cardValues(null, 'me@example.com')).toEqual({
      active: false,
      companyName: '',
      keywords: '',
      notificationTiming: '24h',
      notificationEmail: 'me@example.com',
    });
  });

  it('shows a saved alert, its own address first', () => {
    const saved = alert('a', { keywords: 'AI', notificationTiming: '1w', notificationEmail: 'ir@example.com' });
    expect(cardValues(saved, 'me@example.com')).toEqual({
      active: true,
      companyName: 'Company a',
      keywords: 'AI',
      notificationTiming: '1w',
      notificationEmail: 'ir@example.com',
    });
    expect(cardValues(alert('b'), 'me@example.com').notificationEmail).toBe('me@example.com');
  });

  it('compares every field', () => {
    const base = cardValues(null, 'me@example.com');
    expect(sameValues(base, { ...base })).toBe(true);
    for (const change of [
      { active: true },
      { companyName: 'x' },
      { keywords: 'x' },
      { notificationTiming: '1w' as const },
      { notificationEmail: '' },
    ]) {
      expect(sameValues(base, { ...base, ...change })).toBe(false);
    }
  });
});
