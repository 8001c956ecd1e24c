// @vitest-environment jsdom
// /air/reports/:id against a fake API: the steps as they run (live), a failure and its retry, the
// finished report with its sources, and what is never markup or a link.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AIR_STEPS, type AirReportDetail, type AirStep, airMessages } from '../../../shared/air.ts';
import { refreshLiveQueries } from '../../lib/live-updates.ts';
import { AirReportPage, REPORT_LOAD_ERROR } from './report-page.tsx';
import { airReport, airReportDetail } from './test-data.ts';

type Answer = { status: number; body?: unknown };

function renderReport(answers: Record<string, () => Answer>, id = 'r-1') {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    requests.push(key);
    const answer = answers[key]?.() ?? { status: 404, body: { error: { code: 'not_found', message: airMessages.notFound } } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const router = createMemoryRouter([{ path: '/air/reports/:id', element: <AirReportPage /> }], { initialEntries: [`/air/reports/${id}`] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { requests, client, container: view.container };
}

const ok = (report: AirReportDetail) => () => ({ status: 200, body: { report } });

/** The steps with these states in order (the rest waiting). */
function steps(...states: [AirStep['state'], string | null][]): AirStep[] {
  return AIR_STEPS.map((id, index) => ({ id, state: states[index]?.[0] ?? 'waiting', summary: states[index]?.[1] ?? null }));
}

const stepItem = (name: string) => {
  const items = within(screen.getByRole('list', { name: 'Report steps' })).getAllByRole('listitem');
  return items.find((item) => item.textContent?.includes(name))!;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a report being built', () => {
  it('shows a skeleton, then every step with its state and summary, and follows live changes', async () => {
    let detail = airReportDetail({
      steps: steps(
        ['done', 'Found the company site and its SEC profile.'],
        ['done', '4 events in the last 90 days.'],
        ['not_available', 'Hacker News did not answer.'],
        ['running', null],
      ),
    });
    const { client } = renderReport({ 'GET /api/air/reports/r-1': () => ok(detail)() });
    expect(screen.getByRole('status', { name: 'Loading report' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Northwind Traders' })).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();

    const list = screen.getByRole('list', { name: 'Report steps' });
    expect(list.getAttribute('aria-live')).toBe('polite');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-state')),
    ).toEqual(['done', 'done', 'not_available', 'running', 'waiting', 'waiting', 'waiting', 'waiting']);
    expect(stepItem('Company Enrichment').textContent).toContain('Done');
    expect(stepItem('Company Enrichment').textContent).toContain('Found the company site and its SEC profile.');
    expect(stepItem('Social Listening').textContent).toContain('Not available');
    expect(stepItem('Social Listening').textContent).toContain('Hacker News did not answer.');
    expect(stepItem('Persona Builder').textContent).toContain('Running');
    expect(stepItem('Persona Builder').querySelector('.animate-spin')).toBeTruthy();
    expect(stepItem('Instant Delivery').textContent).toContain('Waiting');

    detail = {
      ...detail,
      steps: steps(['done', null], ['done', null], ['not_available', null], ['done', '3 buying centers mapped.'], ['running', null]),
    };
    await act(async () => {
      await refreshLiveQueries(client, 'air_reports');
    });
    await waitFor(() => expect(stepItem('Persona Builder').textContent).toContain('3 buying centers mapped.'));
    expect(stepItem('Prospect Discovery').textContent).toContain('Running');
  });

  it("shows the failing step's message and retries it", async () => {
    let detail = airReportDetail({
      status: 'failed',
      steps: steps(['done', null], ['failed', 'The news search timed out.']),
      failure: { step: 'news_intelligence', message: 'The news search timed out.' },
    });
    const { requests } = renderReport({
      'GET /api/air/reports/r-1': () => ok(detail)(),
      'POST /api/air/reports/r-1/retry': () => {
        detail = { ...detail, status: 'running', failure: null, steps: steps(['done', null], ['running', null]) };
        return ok(detail)();
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Stopped at News Intelligence: The news search timed out.');
    expect(stepItem('News Intelligence').textContent).toContain('Failed');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(stepItem('News Intelligence').textContent).toContain('Running'));
    expect(requests).toContain('POST /api/air/reports/r-1/retry');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('names the step and its plain reason, and says why a retry is refused for the day', async () => {
    const reason = "the company's website could not be reached";
    const limit = '5 of your report runs in the last 24 hours failed; that is the daily limit. Try again in 3 hours.';
    renderReport({
      'GET /api/air/reports/r-1': ok(
        airReportDetail({ status: 'failed', steps: steps(['failed', reason]), failure: { step: 'company_enrichment', message: reason } }),
      ),
      'POST /api/air/reports/r-1/retry': () => ({
        status: 429,
        body: { error: { code: 'air_daily_limit', message: limit, title: 'Daily limit reached' } },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Stopped at Company Enrichment: the company's website could not be reached.");
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Daily limit reached')).toBeTruthy();
    expect(screen.getByText(limit)).toBeTruthy();
  });
});

describe('a finished report', () => {
  const finished = (report = airReport()) =>
    airReportDetail({
      status: 'succeeded',
      finishedAt: '2026-06-10T14:06:00Z',
      emailedTo: 'alerts@example.com',
      steps: AIR_STEPS.map((id) => ({ id, state: 'done', summary: null })),
      report,
    });

  it('shows every section with its sources', async () => {
    renderReport({ 'GET /api/air/reports/r-1': ok(finished()) });
    await screen.findByRole('heading', { level: 1, name: 'Northwind Traders' });
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(screen.getByText('E-mailed to alerts@example.com')).toBeTruthy();

    const company = screen.getByRole('region', { name: 'Company' });
    expect(company.textContent).toContain('Northwind Traders, Inc.');
    expect(within(company).getByRole('link', { name: 'Source for Employees' }).getAttribute('href')).toBe(
      'https://www.northwind.example/about',
    );

    const money = screen.getByRole('region', { name: 'Financials and filings' });
    expect(money.textContent).toContain('$410M');
    expect(within(money).getByRole('link', { name: 'Annual report 2025' }).getAttribute('href')).toBe(
      'https://www.sec.gov/Archives/10k.htm',
    );

    const news = screen.getByRole('region', { name: 'News events' });
    expect(news.textContent).toContain('Expansion');
    expect(news.textContent).toContain('Northwind opens a Denver hub');
    expect(within(news).getByRole('link', { name: 'Source for Northwind opens a Denver hub' }).getAttribute('href')).toBe(
      'https://news.example/denver',
    );

    expect(screen.getByRole('region', { name: 'Social listening' }).textContent).toContain('No discussions of Northwind on Hacker News');

    const centers = screen.getByRole('region', { name: 'Buying centers' });
    expect(within(centers).getByRole('article', { name: 'Operations' }).textContent).toContain('Warehouse Manager');
    expect(within(centers).getByRole('link', { name: 'Source for Staffing the Denver hub' })).toBeTruthy();

    const prospects = screen.getByRole('region', { name: 'Prospects' });
    expect(prospects.textContent).toContain('1 person found: the company names only its leadership team publicly.');
    const row = within(prospects).getByRole('row', { name: /Dana Reyes/ });
    expect(row.textContent).toContain('VP Operations');
    expect(row.textContent).toContain('Runs the new warehouses.');
    const source = within(row).getByRole('link', { name: 'Company website for Dana Reyes' });
    expect(source.getAttribute('href')).toBe('https://www.northwind.example/leadership');
    expect(source.getAttribute('target')).toBe('_blank');
    expect(source.getAttribute('rel')).toBe('noopener noreferrer');

    const sources = screen.getByRole('region', { name: 'Sources' });
    expect(within(sources).getByRole('link', { name: 'Northwind opens a Denver hub' }).getAttribute('href')).toBe(
      'https://news.example/denver',
    );
    expect(sources.textContent).toContain('Example News');
  });

  it('copies an outreach message', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderReport({ 'GET /api/air/reports/r-1': ok(finished()) });
    const outreach = await screen.findByRole('region', { name: 'Outreach strategy' });
    expect(outreach.textContent).toContain('Staffing a new hub');
    expect(outreach.textContent).toContain('Denver hub opening');
    fireEvent.click(within(outreach).getByRole('button', { name: 'Copy message for Dana Reyes' }));
    expect(writeText).toHaveBeenCalledWith('Hi Dana, congratulations on Denver.\nOur robots cut ramp-up time in half.');
  });

  it('shows what the AI and the sources wrote as text, and links only http(s) addresses', async () => {
    const evil = '<img src=x onerror="alert(1)">';
    const base = airReport();
    const { container } = renderReport({
      'GET /api/air/reports/r-1': ok(
        finished(
          airReport({
            company: { ...base.company, name: evil, description: `<script>alert(1)</script>` },
            prospects: [{ ...base.prospects[0]!, why: evil, sourceUrl: 'javascript:alert(1)' }],
            outreach: [{ ...base.outreach[0]!, message: evil }],
          }),
        ),
      ),
    });
    await screen.findByRole('region', { name: 'Prospects' });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getAllByText(evil).length).toBeGreaterThanOrEqual(3);
    const prospects = screen.getByRole('region', { name: 'Prospects' });
    expect(within(prospects).queryByRole('link')).toBeNull();
    expect(prospects.textContent).toContain('Company website');
    for (const link of container.querySelectorAll('a[target="_blank"]')) {
      expect(link.getAttribute('href')).toMatch(/^https?:\/\//);
    }
  });
});

describe('when there is no report to show', () => {
  it('says a report that does not exist does not, with the way back', async () => {
    renderReport({}, 'missing');
    expect(await screen.findByRole('heading', { level: 1, name: airMessages.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your reports' }).getAttribute('href')).toBe('/air');
  });

  it('offers to try again when loading fails', async () => {
    let fail = true;
    renderReport({
      'GET /api/air/reports/r-1': () =>
        fail ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } } : ok(airReportDetail())(),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(REPORT_LOAD_ERROR);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Northwind Traders' })).toBeTruthy();
  });
});
