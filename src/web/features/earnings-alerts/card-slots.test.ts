import { describe, expect, it } from 'vitest';
import type { EarningsAlert } from '../../../shared/earnings-alerts.ts';
import { cardSlots, cardValues } from './card-slots.ts';

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

  it('an alert created from an empty card keeps that card’s key; the other empty cards stay as they were', () => {
    const createdFromSecond = { a: 'new-2' };
    expect(keys(cardSlots([alert('a')], none, createdFromSecond))).toEqual(['new-2', 'new-1', 'new-3']);
    expect(keys(cardSlots([alert('a'), alert('b')], none, createdFromSecond))).toEqual(['new-2', 'b', 'new-1']);
    expect(cardSlots([alert('a')], none, createdFromSecond)[0]).toEqual({ key: 'new-2', alert: alert('a') });
  });

  it('a slow create: the live list shows the new alert before the answer; the card being saved stays, and then is that alert', () => {
    const saving = (key: string) => key === 'new-1';
    // Before the answer: the alert has a card of its own, and the card being saved keeps its edits.
    expect(keys(cardSlots([alert('a')], saving))).toEqual(['a', 'new-1', 'new-2']);
    // The answer: the card's draft is gone and the alert is the card's.
    expect(keys(cardSlots([alert('a')], none, { a: 'new-1' }))).toEqual(['new-1', 'new-2', 'new-3']);
  });
});

describe('cardValues', () => {
  it('an empty card is inactive, 24 hours before, with an empty address (the default one)', () => {
    expect(cardValues(null)).toEqual({
      active: false,
      companyName: '',
      keywords: '',
      notificationTiming: '24h',
      notificationEmail: '',
    });
  });

  it('shows a saved alert with its own address, or an empty field when it has none (NULL)', () => {
    const saved = alert('a', { keywords: 'AI', notificationTiming: '1w', notificationEmail: 'ir@example.com' });
    expect(cardValues(saved)).toEqual({
      active: true,
      companyName: 'Company a',
      keywords: 'AI',
      notificationTiming: '1w',
      notificationEmail: 'ir@example.com',
    });
    expect(cardValues(alert('b')).notificationEmail).toBe('');
  });
});
