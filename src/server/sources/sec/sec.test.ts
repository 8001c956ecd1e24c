import { describe, expect, it } from 'vitest';
import { normaliseCompanyName } from '../web/company-name.ts';
import { type EarningsFiling, findCompany, parseFilingIndex, pickFiling, reportedQuarter } from './sec.ts';

describe('normaliseCompanyName', () => {
  it('ignores case, punctuation and legal suffixes', () => {
    expect(normaliseCompanyName('Apple Inc.')).toBe('apple');
    expect(normaliseCompanyName('APPLE')).toBe('apple');
    expect(normaliseCompanyName('Microsoft Corporation')).toBe('microsoft');
    expect(normaliseCompanyName('The Coca-Cola Co')).toBe('coca cola');
    expect(normaliseCompanyName('AT&T Inc.')).toBe('at and t');
    expect(normaliseCompanyName('Goldman Sachs Group Inc /DE/')).toBe('goldman sachs');
    expect(normaliseCompanyName('AMAZON COM INC')).toBe(normaliseCompanyName('Amazon.com, Inc.'));
    expect(normaliseCompanyName('Nestlé S.A.')).toBe('nestle');
    expect(normaliseCompanyName('Holdings')).toBe('holdings');
    // EDGAR's "X & Co" names (company_tickers.json spells them so) match what people type.
    expect(normaliseCompanyName('JPMORGAN CHASE & CO')).toBe('jpmorgan chase');
    expect(normaliseCompanyName('JPMorgan Chase & Co.')).toBe('jpmorgan chase');
    expect(normaliseCompanyName('Johnson & Johnson')).toBe('johnson and johnson');
    expect(normaliseCompanyName('PROCTER & GAMBLE Co')).toBe('procter and gamble');
  });
});

describe('findCompany', () => {
  const rows = [
    { cik_str: 320193, ticker: 'AAPL', title: 'Apple Inc.' },
    { cik_str: 1067983, ticker: 'BRK-B', title: 'BERKSHIRE HATHAWAY INC' },
    { cik_str: 789019, ticker: 'MSFT', title: 'MICROSOFT CORP' },
    { cik_str: 19617, ticker: 'JPM', title: 'JPMORGAN CHASE & CO' },
  ];
  it('matches a ticker first, then a normalised name, padding the CIK to 10 digits', () => {
    expect(findCompany(rows, 'aapl')).toEqual({ cik: '0000320193', ticker: 'AAPL', name: 'Apple Inc.' });
    expect(findCompany(rows, 'BRK.B')?.ticker).toBe('BRK-B');
    expect(findCompany(rows, 'Microsoft Corporation')?.cik).toBe('0000789019');
    expect(findCompany(rows, 'apple')?.ticker).toBe('AAPL');
    expect(findCompany(rows, 'JPMorgan Chase')?.ticker).toBe('JPM');
    expect(findCompany(rows, 'JPMorgan Chase & Co.')?.ticker).toBe('JPM');
    expect(findCompany(rows, 'Pear Computers')).toBeNull();
    expect(findCompany(rows, '  ')).toBeNull();
  });
});

const filing = (filingDate: string): EarningsFiling => ({
  accessionNumber: `0000320193-${filingDate.slice(2, 4)}-0000${filingDate.slice(5, 7)}`,
  filingDate,
  reportDate: filingDate,
  filingUrl: `https://www.sec.gov/${filingDate}-index.htm`,
  exhibitUrl: null,
});

describe('reportedQuarter', () => {
  it('is the calendar quarter that ended 10 to 100 days before the filing', () => {
    expect(reportedQuarter('2025-01-30')).toEqual({ year: 2024, quarter: 4 });
    expect(reportedQuarter('2025-05-01')).toEqual({ year: 2025, quarter: 1 });
    expect(reportedQuarter('2025-07-31')).toEqual({ year: 2025, quarter: 2 });
    expect(reportedQuarter('2025-10-30')).toEqual({ year: 2025, quarter: 3 });
    // A late fourth-quarter release early in April still reports the fourth quarter.
    expect(reportedQuarter('2025-04-05')).toEqual({ year: 2024, quarter: 4 });
    expect(reportedQuarter('2025-04-12')).toEqual({ year: 2025, quarter: 1 });
  });
});

describe('pickFiling', () => {
  const filings = ['2024-05-02', '2024-08-01', '2024-10-31', '2025-01-30', '2025-05-01', '2025-07-31'].map(filing);

  it('picks the release of the asked quarter and year', () => {
    expect(pickFiling(filings, { year: '2024', quarter: 'Q4' })).toMatchObject({
      filing: { filingDate: '2025-01-30' },
      year: 2024,
      quarter: 4,
    });
    expect(pickFiling(filings, { year: '2025', quarter: 'Q1' })?.filing.filingDate).toBe('2025-05-01');
    expect(pickFiling(filings, { year: '2023', quarter: 'Q1' })).toBeNull();
  });

  it('takes the newest that fits when year or quarter is most recent', () => {
    expect(pickFiling(filings, { year: 'most_recent', quarter: 'most_recent' })).toMatchObject({ year: 2025, quarter: 2 });
    expect(pickFiling(filings, { year: 'most_recent', quarter: 'Q3' })).toMatchObject({ filing: { filingDate: '2024-10-31' }, year: 2024 });
    expect(pickFiling(filings, { year: '2024', quarter: 'most_recent' })).toMatchObject({
      filing: { filingDate: '2025-01-30' },
      quarter: 4,
    });
    expect(pickFiling([...filings].reverse(), { year: '2024', quarter: 'most_recent' })?.filing.filingDate).toBe('2025-01-30');
    expect(pickFiling([], { year: 'most_recent', quarter: 'most_recent' })).toBeNull();
  });
});

describe('parseFilingIndex', () => {
  it('reads Type and document link, follows the inline XBRL viewer and refuses other hosts', () => {
    const html = `<table class="tableFile"><tr><th>Seq</th><th>Description</th><th>Document</th><th>Type</th><th>Size</th></tr>
      <tr><td>1</td><td>8-K</td><td><a href="/ix?doc=/Archives/edgar/data/320193/000032019325000008/aapl-20250130.htm">aapl-20250130.htm</a></td><td>8-K</td><td>40000</td></tr>
      <tr><td>2</td><td>EX-99.1</td><td><a href="/Archives/edgar/data/320193/000032019325000008/a8-kex991.htm">a8-kex991.htm</a></td><td>EX-99.1</td><td>90000</td></tr>
      <tr><td>3</td><td>Elsewhere</td><td><a href="https://evil.example/x.htm">x.htm</a></td><td>EX-99.2</td><td>1</td></tr></table>`;
    expect(
      parseFilingIndex(html, 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000008/0000320193-25-000008-index.htm'),
    ).toEqual([
      { type: '8-K', url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000008/aapl-20250130.htm', description: '8-K' },
      { type: 'EX-99.1', url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000008/a8-kex991.htm', description: 'EX-99.1' },
    ]);
  });
});
