// Factories for the AIR screens' tests: a whole overview, report or report detail, with overrides.
import { type AirOverview, type AirReport, type AirReportDetail, initialAirSteps } from '../../../shared/air.ts';

export function airOverview(overrides: Partial<AirOverview> = {}): AirOverview {
  return {
    credits: { limit: 3, used: 0, remaining: 3, refreshesOn: '2026-07-01' },
    ai: { configured: true, model: 'test-model' },
    reports: [],
    solutionDraft: '',
    ...overrides,
  };
}

export function airReport(overrides: Partial<AirReport> = {}): AirReport {
  return {
    company: {
      name: 'Northwind Traders',
      website: 'https://www.northwind.example/',
      legalName: 'Northwind Traders, Inc.',
      ticker: 'NWND',
      cik: '0000123456',
      industry: 'Wholesale distribution',
      headquarters: 'Seattle, WA',
      description: 'Distributes specialty foods.',
    },
    facts: [{ label: 'Employees', value: '1,200', sourceUrl: 'https://www.northwind.example/about' }],
    financials: [{ label: 'Revenue (FY2025)', value: '$410M', sourceUrl: 'https://www.sec.gov/cgi-bin/browse-edgar?CIK=123456' }],
    filings: [
      {
        form: '10-K',
        filedOn: '2026-02-20',
        title: 'Annual report 2025',
        highlight: 'Plans two new warehouses.',
        url: 'https://www.sec.gov/Archives/10k.htm',
      },
    ],
    events: [
      {
        type: 'expansion',
        date: '2026-03-02',
        headline: 'Northwind opens a Denver hub',
        summary: 'A 200,000 sq ft warehouse opens in the autumn.',
        sourceUrl: 'https://news.example/denver',
      },
    ],
    social: { searched: ['Hacker News'], posts: [], note: 'No discussions of Northwind on Hacker News in the last 90 days.' },
    buyingCenters: [
      {
        name: 'Operations',
        roles: ['VP Operations', 'Warehouse Manager'],
        priorities: [{ text: 'Staffing the Denver hub', sourceUrl: 'https://news.example/denver' }],
      },
    ],
    prospects: [
      {
        name: 'Dana Reyes',
        title: 'VP Operations',
        buyingCenter: 'Operations',
        why: 'Runs the new warehouses.',
        score: 0.92,
        sourceUrl: 'https://www.northwind.example/leadership',
        sourceKind: 'Company website',
      },
    ],
    prospectNote: '1 person found: the company names only its leadership team publicly.',
    outreach: [
      {
        prospectName: 'Dana Reyes',
        buyingCenter: 'Operations',
        angle: 'Staffing a new hub',
        trigger: { text: 'Denver hub opening', sourceUrl: 'https://news.example/denver' },
        message: 'Hi Dana, congratulations on Denver.\nOur robots cut ramp-up time in half.',
      },
    ],
    sources: [
      { url: 'https://news.example/denver', title: 'Northwind opens a Denver hub', publisher: 'Example News', publishedAt: '2026-03-02' },
    ],
    ...overrides,
  };
}

export function airReportDetail(overrides: Partial<AirReportDetail> = {}): AirReportDetail {
  return {
    id: 'r-1',
    website: 'https://www.northwind.example/',
    companyName: 'Northwind Traders',
    status: 'running',
    createdAt: '2026-06-10T14:00:00Z',
    finishedAt: null,
    solution: 'Warehouse robots; Operations, Supply Chain and Finance leaders',
    steps: initialAirSteps(),
    report: null,
    failure: null,
    emailedTo: null,
    ...overrides,
  };
}
