import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { earningsAlertMessages, earningsAlertSchema, earningsBadge, formatEarningsDate, verifiableUrl } from './earnings-alerts.ts';

const result = (status: string | null, confidenceScore: number | null) => ({ status, confidenceScore });

describe('earningsBadge', () => {
  it.each([
    ['not_found', 0.95, 'Not Announced', 'gray'],
    ['error', 0.95, 'Verification Error', 'red'],
    ['pending', 0.95, 'Checking', 'blue'],
  ])('status %s wins over the score', (status, score, label, tone) => {
    expect(earningsBadge(result(status, score))).toEqual({ label, tone });
  });

  it.each([
    [1, 'Confirmed', 'green'],
    [0.8, 'Confirmed', 'green'],
    [0.79, 'Tentative', 'yellow'],
    [0.5, 'Tentative', 'yellow'],
    [0.49, 'Tentative', 'red'],
    [0, 'Tentative', 'red'],
  ])('otherwise a score of %d is %s (%s)', (score, label, tone) => {
    expect(earningsBadge(result('confirmed', score))).toEqual({ label, tone });
    expect(earningsBadge(result(null, score))).toEqual({ label, tone });
  });

  it('counts a missing score as no confidence', () => {
    expect(earningsBadge(result('found', null))).toEqual({ label: 'Tentative', tone: 'red' });
  });

  it('shows a company not looked up yet (no result row) as Checking', () => {
    expect(earningsBadge(null)).toEqual({ label: 'Checking', tone: 'blue' });
  });
});

describe('formatEarningsDate', () => {
  it('formats the day in New York', () => {
    expect(formatEarningsDate('2025-03-05T14:00:00.000Z')).toBe('Mar 5, 2025');
    // 02:00 UTC on the 6th is still the evening of the 5th in New York.
    expect(formatEarningsDate('2025-03-06T02:00:00.000Z')).toBe('Mar 5, 2025');
  });

  it('shows a date without a time (midnight UTC, as a date-only source is stored) as that day', () => {
    expect(formatEarningsDate('2025-03-05T00:00:00.000Z')).toBe('Mar 5, 2025');
    expect(formatEarningsDate('2025-03-05 00:00:00+00')).toBe('Mar 5, 2025');
  });

  it.each([null, undefined, '', 'not a date'])('is TBD without a date (%j)', (value) => {
    expect(formatEarningsDate(value)).toBe('TBD');
  });
});

describe('verifiableUrl', () => {
  it('keeps web addresses', () => {
    expect(verifiableUrl('https://investor.apple.com/news?id=1')).toBe('https://investor.apple.com/news?id=1');
    expect(verifiableUrl('http://example.com')).toBe('http://example.com/');
  });

  it.each([null, '', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.com/x', 'example.com', ' '])(
    'refuses %j',
    (value) => {
      expect(verifiableUrl(value)).toBeNull();
    },
  );
});

describe('earningsAlertSchema', () => {
  const parse = (value: unknown) => z.safeParse(earningsAlertSchema, value);

  it('trims, defaults the timing to 24h and stores blanks as null', () => {
    expect(parse({ active: false, companyName: '  Apple  ', keywords: '  ', notificationEmail: '' })).toEqual({
      success: true,
      data: { active: false, companyName: 'Apple', keywords: null, notificationTiming: '24h', notificationEmail: null },
    });
    expect(
      parse({ active: true, companyName: 'Apple', keywords: ' iPhone ', notificationTiming: '1w', notificationEmail: ' A@B.co ' }).data,
    ).toEqual({
      active: true,
      companyName: 'Apple',
      keywords: 'iPhone',
      notificationTiming: '1w',
      notificationEmail: 'a@b.co',
    });
  });

  it.each([{ active: true, companyName: '   ' }, { active: true, companyName: '' }, { active: true }])(
    'needs a company name: %j',
    (value) => {
      expect(parse(value).error?.issues[0]?.message).toBe(earningsAlertMessages.companyRequired);
    },
  );

  it.each([
    [{ active: true, companyName: 'x'.repeat(201) }, 'Company name must be at most 200 characters.'],
    [{ active: true, companyName: 'x', keywords: 'k'.repeat(201) }, 'Keywords must be at most 200 characters.'],
    [{ active: true, companyName: 'x', notificationTiming: '2d' }, 'Choose when to be notified.'],
    [{ active: true, companyName: 'x', notificationEmail: 'not-an-email' }, 'Enter a valid e-mail address'],
    [{ active: true, companyName: 'x', ticker: 'AAPL' }, 'Unrecognized key: "ticker"'],
    [{ active: 'yes', companyName: 'x' }, 'Invalid input: expected boolean, received string'],
    [{ active: true, companyName: ['x'] }, 'Company name must be text.'],
  ])('refuses %j', (value, message) => {
    expect(parse(value).error?.issues[0]?.message).toBe(message);
  });

  it('accepts exactly 200 characters', () => {
    expect(parse({ active: true, companyName: 'x'.repeat(200), keywords: 'k'.repeat(200) }).success).toBe(true);
  });
});
