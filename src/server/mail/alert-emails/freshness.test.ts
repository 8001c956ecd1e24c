import { describe, expect, it } from 'vitest';
import { articlesReceipt, freshnessFacts, newestPublished } from './freshness.ts';

describe('freshness receipt of a digest', () => {
  it('takes the newest dated article as published, whatever the order and offset', () => {
    expect(
      newestPublished([
        { publishedAt: '2026-11-24T08:00:00Z' },
        { publishedAt: null },
        { publishedAt: '2026-11-24T10:30:00+01:00' },
        { publishedAt: '2026-11-24T09:15:00.000Z' },
      ]),
    ).toBe('2026-11-24T09:30:00.000Z');
  });

  it('has no published time when no article is dated, or a date does not parse', () => {
    expect(newestPublished([])).toBeNull();
    expect(newestPublished([{ publishedAt: null }, { publishedAt: 'yesterday' }])).toBeNull();
  });

  it('is the receipt of found and sent, and the library row labelled Freshness', () => {
    const receipt = articlesReceipt([{ publishedAt: '2026-11-24T13:05:00Z' }], '2026-11-24T13:41:00.000Z', '2026-11-24T14:00:00.000Z');
    expect(receipt).toEqual({
      publishedAt: '2026-11-24T13:05:00.000Z',
      foundAt: '2026-11-24T13:41:00.000Z',
      sentAt: '2026-11-24T14:00:00.000Z',
    });
    expect(freshnessFacts(receipt)).toEqual({
      type: 'facts',
      rows: [{ label: 'Freshness', value: 'Published Nov 24, 8:05 AM ET → found 8:41 AM ET → sent 9:00 AM ET' }],
    });
  });
});
