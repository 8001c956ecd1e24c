import { describe, expect, it } from 'vitest';
import { figureValue, filingHighlight } from './enrich.ts';

const filing = (form: string, items: string[] = [], reportDate: string | null = null) => ({ form, items, reportDate });

describe('filingHighlight', () => {
  it('names the items an 8-K reports, in order, leaving out the exhibits item (9.01)', () => {
    expect(filingHighlight(filing('8-K', ['5.02', '9.01']))).toBe('Departure or appointment of directors or officers');
    expect(filingHighlight(filing('8-K', ['2.02', '7.01', '9.01']))).toBe(
      'Results of operations (earnings release); Regulation FD disclosure',
    );
    expect(filingHighlight(filing('8-K', ['1.01', '2.01', '2.05', '5.07', '8.01']))).toBe(
      'Entry into a material agreement; Completion of an acquisition or disposition; Exit or disposal costs (restructuring); Shareholder vote results; Other events',
    );
  });

  it('shows an item it has no title for by its number', () => {
    expect(filingHighlight(filing('8-K', ['2.04', '5.02']))).toBe('Item 2.04; Departure or appointment of directors or officers');
  });

  it('says nothing for an 8-K with only exhibits or no items', () => {
    expect(filingHighlight(filing('8-K', ['9.01']))).toBeNull();
    expect(filingHighlight(filing('8-K', []))).toBeNull();
  });

  it('treats an amendment like its form', () => {
    expect(filingHighlight(filing('8-K/A', ['5.02']))).toBe('Departure or appointment of directors or officers');
    expect(filingHighlight(filing('10-K/A', [], '2025-12-31'))).toBe('Annual report for the year ended 2025-12-31');
    expect(filingHighlight(filing('10-Q/A', [], '2025-09-30'))).toBe('Quarterly report for the period ended 2025-09-30');
  });

  it('gives the period of an annual or quarterly report when known', () => {
    expect(filingHighlight(filing('10-K', [], '2025-12-31'))).toBe('Annual report for the year ended 2025-12-31');
    expect(filingHighlight(filing('10-K'))).toBe('Annual report');
    expect(filingHighlight(filing('10-Q', [], '2025-09-27'))).toBe('Quarterly report for the period ended 2025-09-27');
    expect(filingHighlight(filing('10-Q'))).toBe('Quarterly report');
  });

  it('says nothing for other forms', () => {
    expect(filingHighlight(filing('S-1', [], '2025-01-01'))).toBeNull();
    expect(filingHighlight(filing('DEF 14A'))).toBeNull();
    expect(filingHighlight(filing('4', ['5.02']))).toBeNull();
  });
});

describe('figureValue', () => {
  it('writes dollars in short form with up to two decimals', () => {
    expect(figureValue({ value: 1_234_567_890, unit: 'USD' })).toBe('$1.23B');
    expect(figureValue({ value: 410_000_000, unit: 'USD' })).toBe('$410M');
    expect(figureValue({ value: 2_500_000_000_000, unit: 'USD' })).toBe('$2.5T');
    expect(figureValue({ value: 999, unit: 'USD' })).toBe('$999');
  });

  it("writes XBRL's pure counts (employees) as a plain number", () => {
    expect(figureValue({ value: 187_000, unit: 'pure' })).toBe('187K');
  });

  it('keeps the sign of a loss', () => {
    expect(figureValue({ value: -5_000_000, unit: 'USD' })).toBe('-$5M');
  });

  it('counts shares', () => {
    expect(figureValue({ value: 15_550_000_000, unit: 'shares' })).toBe('15.55B shares');
    expect(figureValue({ value: 1_000, unit: 'shares' })).toBe('1K shares');
  });

  it('names any other unit after the number', () => {
    expect(figureValue({ value: 12_500, unit: 'employees' })).toBe('12.5K employees');
    expect(figureValue({ value: 0.25, unit: 'EUR' })).toBe('0.25 EUR');
  });
});
