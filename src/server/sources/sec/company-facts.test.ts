import { describe, expect, it } from 'vitest';
import { figuresFromFacts, periodKind } from './company-facts.ts';

describe('figuresFromFacts', () => {
  const url = (accn: string) => `https://www.sec.gov/${accn}-index.htm`;
  type Fact = {
    start?: string;
    end: string;
    val: number;
    accn: string;
    fy: number;
    fp: string;
    form: string;
    filed: string;
    frame?: string;
  };
  const usd = (facts: Fact[]) => ({ units: { USD: facts } });
  const TEN_K_24 = { accn: '0000320193-24-000123', fy: 2024, fp: 'FY', form: '10-K', filed: '2024-11-01' };
  const TEN_K_25 = { accn: '0000320193-25-000079', fy: 2025, fp: 'FY', form: '10-K', filed: '2025-10-31' };
  const TEN_Q_26 = { accn: '0000320193-26-000006', fy: 2026, fp: 'Q1', form: '10-Q', filed: '2026-01-30' };

  it('reads 52/53-week fiscal years and quarters, keeps the latest filed value and labels the year as the filer does', () => {
    // Apple-shaped: fiscal years ending the last Saturday of September, each period repeated by later filings.
    const figures = figuresFromFacts(
      {
        facts: {
          'us-gaap': {
            RevenueFromContractWithCustomerExcludingAssessedTax: usd([
              { start: '2023-10-01', end: '2024-09-28', val: 391_035_000_000, ...TEN_K_24, frame: 'CY2024' },
              { start: '2023-10-01', end: '2024-09-28', val: 391_035_000_000, ...TEN_K_25 },
              { start: '2024-09-29', end: '2025-09-27', val: 416_161_000_000, ...TEN_K_25 },
              { start: '2024-09-29', end: '2024-12-28', val: 124_300_000_000, ...TEN_Q_26 },
              { start: '2025-09-28', end: '2025-12-27', val: 143_756_000_000, ...TEN_Q_26 },
            ]),
            // Restated in the next annual report: the restated value wins.
            NetIncomeLoss: usd([
              { start: '2024-09-29', end: '2025-09-27', val: 112_010_000_000, ...TEN_K_25 },
              { start: '2024-09-29', end: '2025-09-27', val: 112_500_000_000, ...TEN_Q_26, fp: 'Q1' },
            ]),
          },
        },
      },
      url,
    );
    expect(figures.map((f) => [f.label, f.value, f.filed])).toEqual([
      ['Revenue (fiscal year 2025)', 416_161_000_000, '2025-10-31'],
      ['Net income (fiscal year 2025)', 112_500_000_000, '2026-01-30'],
      ['Revenue (quarter ended 2025-12-27)', 143_756_000_000, '2026-01-30'],
    ]);
    expect(figures[0]!.sourceUrl).toBe('https://www.sec.gov/0000320193-25-000079-index.htm');
  });

  it('names a fiscal year as the annual report that first gave it did (a year ending in February is the previous one)', () => {
    const [revenue] = figuresFromFacts(
      {
        facts: {
          'us-gaap': {
            Revenues: usd([
              {
                start: '2024-02-04',
                end: '2025-02-01',
                val: 106_566_000_000,
                accn: '0000027419-25-000010',
                fy: 2024,
                fp: 'FY',
                form: '10-K',
                filed: '2025-03-12',
              },
              {
                start: '2024-02-04',
                end: '2025-02-01',
                val: 106_566_000_000,
                accn: '0000027419-26-000009',
                fy: 2025,
                fp: 'FY',
                form: '10-K',
                filed: '2026-03-11',
              },
              {
                start: '2025-02-02',
                end: '2026-01-31',
                val: 104_800_000_000,
                accn: '0000027419-26-000009',
                fy: 2025,
                fp: 'FY',
                form: '10-K',
                filed: '2026-03-11',
              },
            ]),
          },
        },
      },
      url,
    );
    expect(revenue!.label).toBe('Revenue (fiscal year 2025)');
    expect(revenue!.periodEnd).toBe('2026-01-31');
  });

  it('prefers total Revenues, falls back across concepts per period, and ignores facts from non-periodic forms', () => {
    const figures = figuresFromFacts(
      {
        facts: {
          'us-gaap': {
            SalesRevenueNet: usd([{ start: '2016-01-01', end: '2016-12-31', val: 5, ...TEN_K_24, fy: 2016 }]),
            Revenues: usd([
              { start: '2025-01-01', end: '2025-12-31', val: 1_000, ...TEN_K_25 },
              // A registration statement repeating a figure is not a periodic report.
              {
                start: '2025-10-01',
                end: '2025-12-31',
                val: 999,
                accn: '0000320193-26-000001',
                fy: 2025,
                fp: 'FY',
                form: 'S-1',
                filed: '2026-01-05',
              },
            ]),
            RevenueFromContractWithCustomerExcludingAssessedTax: usd([
              { start: '2025-01-01', end: '2025-12-31', val: 900, ...TEN_K_25 },
              { start: '2026-01-01', end: '2026-03-31', val: 260, ...TEN_Q_26 },
            ]),
          },
        },
      },
      url,
    );
    expect(figures.map((f) => [f.label, f.value, f.concept])).toEqual([
      ['Revenue (fiscal year 2025)', 1_000, 'us-gaap:Revenues'],
      ['Revenue (quarter ended 2026-03-31)', 260, 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'],
    ]);
  });

  it('never reports a year-to-date total as a quarter, and labels it when it is all there is', () => {
    const q3 = { accn: '0000789019-26-000011', fy: 2026, fp: 'Q3', form: '10-Q', filed: '2026-04-29' };
    const figures = figuresFromFacts(
      {
        facts: {
          'us-gaap': {
            NetIncomeLoss: usd([
              { start: '2025-07-01', end: '2026-03-31', val: 90, ...q3 },
              { start: '2026-01-01', end: '2026-03-31', val: 30, ...q3 },
            ]),
            NetCashProvidedByUsedInOperatingActivities: usd([{ start: '2025-07-01', end: '2026-03-31', val: 120, ...q3 }]),
          },
        },
      },
      url,
    );
    expect(figures.map((f) => [f.label, f.value])).toEqual([
      ['Net income (quarter ended 2026-03-31)', 30],
      ['Operating cash flow (nine months ended 2026-03-31)', 120],
    ]);
  });

  it('adds the share classes of the latest cover and the employees when the filer tags them; nothing to report is []', () => {
    const cover = { accn: '0001652044-26-000012', fy: 2026, fp: 'Q1', form: '10-Q', filed: '2026-04-25' };
    const figures = figuresFromFacts(
      {
        facts: {
          dei: {
            // companyfacts drops the class of each cover value: Class A, B and C of one filing.
            EntityCommonStockSharesOutstanding: {
              units: {
                shares: [
                  { end: '2026-01-28', val: 99, ...cover, accn: '0001652044-26-000003', filed: '2026-02-04', fp: 'FY', form: '10-K' },
                  { end: '2026-04-15', val: 5_800_000_000, ...cover },
                  { end: '2026-04-15', val: 860_000_000, ...cover },
                  { end: '2026-04-15', val: 5_450_000_000, ...cover },
                ],
              },
            },
            EntityNumberOfEmployees: { units: { pure: [{ end: '2025-12-31', val: 187_000, ...cover, form: '10-K', fp: 'FY' }] } },
          },
        },
      },
      url,
    );
    expect(figures.map((f) => [f.label, f.value, f.unit])).toEqual([
      ['Shares outstanding (as of 2026-04-15)', 12_110_000_000, 'shares'],
      ['Employees (as of 2025-12-31)', 187_000, 'pure'],
    ]);
    expect(figuresFromFacts({ facts: {} }, url)).toEqual([]);
  });

  it('tells quarters, years and year-to-date totals apart by their length', () => {
    expect(periodKind({ end: '2025-09-27' })).toBe('instant');
    expect(periodKind({ start: '2025-06-29', end: '2025-09-27' })).toBe('quarter');
    expect(periodKind({ start: '2024-09-29', end: '2025-09-27' })).toBe('year');
    expect(periodKind({ start: '2023-09-25', end: '2024-09-28' })).toBe('year'); // 53 weeks
    expect(periodKind({ start: '2024-12-29', end: '2025-06-28' })).toBe('ytd');
    expect(periodKind({ start: '2025-01-01', end: '2025-09-30' })).toBe('ytd');
  });
});
