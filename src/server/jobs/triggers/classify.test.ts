import { describe, expect, it } from 'vitest';
import { freshnessLine } from '../../../shared/triggers.ts';
import { eventSummary, eventTitle, triggerKindsOf } from './classify.ts';

describe('triggerKindsOf', () => {
  it('reads the 8-K items a seller acts on, once each, in the filing order', () => {
    expect(triggerKindsOf({ form: '8-K', items: ['5.02', '9.01'], role: 'Filer' })).toEqual(['leadership']);
    expect(triggerKindsOf({ form: '8-K', items: ['1.01', '2.01', '5.02', '9.01'], role: 'Filer' })).toEqual([
      'agreement',
      'acquisition',
      'leadership',
    ]);
    expect(triggerKindsOf({ form: '8-K', items: ['2.05'], role: 'Filer' })).toEqual(['restructuring']);
    expect(triggerKindsOf({ form: '8-K', items: ['2.02'], role: 'Filer' })).toEqual(['results']);
    expect(triggerKindsOf({ form: '8-K', items: ['1.03'], role: 'Filer' })).toEqual(['bankruptcy']);
  });

  it('gives nothing for other items, amendments and forms', () => {
    expect(triggerKindsOf({ form: '8-K', items: ['8.01', '9.01'], role: 'Filer' })).toEqual([]);
    expect(triggerKindsOf({ form: '8-K/A', items: ['5.02'], role: 'Filer' })).toEqual([]);
    expect(triggerKindsOf({ form: 'D/A', items: [], role: 'Filer' })).toEqual([]);
    expect(triggerKindsOf({ form: 'DEF 14A', items: [], role: 'Filer' })).toEqual([]);
    expect(triggerKindsOf({ form: '10-K', items: [], role: 'Filer' })).toEqual([]);
  });

  it('reads Form D as funding, S-1 as an IPO filing, and a 13D for its subject company only', () => {
    expect(triggerKindsOf({ form: 'D', items: [], role: 'Filer' })).toEqual(['funding']);
    expect(triggerKindsOf({ form: 'S-1', items: [], role: 'Filer' })).toEqual(['ipo']);
    expect(triggerKindsOf({ form: 'SC 13D', items: [], role: 'Subject' })).toEqual(['activist']);
    expect(triggerKindsOf({ form: 'SCHEDULE 13D', items: [], role: 'Subject' })).toEqual(['activist']);
    expect(triggerKindsOf({ form: 'SCHEDULE 13D', items: [], role: 'Filed by' })).toEqual([]);
  });
});

describe('the event in words', () => {
  it('names the kinds in the title and says what happened from the filing, with the people it names', () => {
    expect(eventTitle('Huron Consulting Group Inc.', ['leadership'])).toBe('Huron Consulting Group Inc.: Leadership change');
    const summary = eventSummary('Huron Consulting Group Inc.', ['leadership'], {
      officers: [
        { name: 'Jane Doe', title: 'Chief Financial Officer', change: 'appointed' },
        { name: 'John Roe', title: null, change: 'departing' },
      ],
    });
    expect(summary).toBe(
      'Huron Consulting Group Inc. reported officers or directors appointed or leaving (8-K item 5.02). The filing names: Jane Doe appointed as Chief Financial Officer; John Roe leaving.',
    );
  });

  it("states a Form D's amounts as filed, and who filed a 13D", () => {
    expect(
      eventSummary('Klondike Holdings LLC', ['funding'], {
        offering: { totalOfferingAmount: 5_000_000, totalAmountSold: 2_500_000, indefinite: false },
      }),
    ).toBe(
      'Klondike Holdings LLC reported raising money in a private offering (Form D). Sold so far: $2,500,000 of a $5,000,000 offering.',
    );
    expect(
      eventSummary('Acme Fund LP', ['funding'], { offering: { totalOfferingAmount: null, totalAmountSold: 750_000, indefinite: true } }),
    ).toContain('Sold so far: $750,000 of an offering of no stated size.');
    expect(eventSummary('Acme Corp', ['activist'], { filedBy: 'Starboard Value LP' })).toBe(
      'Acme Corp is the subject of an investor’s stake of more than 5% (Schedule 13D). Filed by Starboard Value LP.',
    );
  });
});

describe('freshnessLine', () => {
  it('reads published → found → sent in New York time, the day said once', () => {
    expect(
      freshnessLine(
        { publishedAt: '2026-07-27T21:29:58Z', foundAt: '2026-07-27T21:30:41Z', sentAt: '2026-07-27T21:31:05Z' },
        'Filed with the SEC',
      ),
    ).toBe('Filed with the SEC Jul 27, 5:29 PM ET → found 5:30 PM ET → sent 5:31 PM ET');
    expect(freshnessLine({ publishedAt: '2026-07-27T23:59:00-04:00', foundAt: '2026-07-28T00:01:00-04:00', sentAt: null })).toBe(
      'Published Jul 27, 11:59 PM ET → found Jul 28, 12:01 AM ET',
    );
    expect(freshnessLine({ publishedAt: null, foundAt: '2026-07-28T12:00:00Z', sentAt: '2026-07-28T12:00:30Z' })).toBe(
      'Found Jul 28, 8:00 AM ET → sent 8:00 AM ET',
    );
  });

  it('labels each moment by its own minute, formatted once per minute (the 9 AM burst)', () => {
    const line = (sentAt: string) => freshnessLine({ publishedAt: null, foundAt: '2026-11-30T13:58:10Z', sentAt });
    // The same minute however its seconds, the offsets written, or how often it is asked.
    expect(line('2026-11-30T14:00:00.000Z')).toBe('Found Nov 30, 8:58 AM ET → sent 9:00 AM ET');
    expect(line('2026-11-30T14:00:59.999Z')).toBe('Found Nov 30, 8:58 AM ET → sent 9:00 AM ET');
    expect(line('2026-11-30T09:00:30-05:00')).toBe('Found Nov 30, 8:58 AM ET → sent 9:00 AM ET');
    expect(line('2026-11-30T14:01:00.000Z')).toBe('Found Nov 30, 8:58 AM ET → sent 9:01 AM ET');
    // Another day in New York is said.
    expect(line('2026-12-01T05:00:00Z')).toBe('Found Nov 30, 8:58 AM ET → sent Dec 1, 12:00 AM ET');
  });
});
