// @vitest-environment jsdom
// The /air page against a fake API: the form's rule, the server's refusals, credits and the AI
// notice, the reports list, and a request that opens the new report's page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AirOverview, airMessages } from '../../../shared/air.ts';
import { refreshLiveQueries } from '../../lib/live-updates.ts';
import { AirPage, NO_REPORTS_TEXT } from './air-page.tsx';
import { formatRefreshDate } from './format.ts';
import { AirReportPage } from './report-page.tsx';
import { airOverview, airReportDetail } from './test-data.ts';

const THIRTY = 'Warehouse robots; Ops, Finance';
const TWENTY_NINE = THIRTY.slice(0, -1);

type Answer = { status: number; body?: unknown };
type Request = { method: string; path: string; body: unknown };

/** Answers by 'METHOD /path'; records every request. */
function fakeApi(answers: Record<string, Answer | (() => Answer)>) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    requests.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : null });
    const found = answers[`${method} ${path}`];
    const answer =
      typeof found === 'function' ? found() : (found ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  return requests;
}

function renderAir(overview: AirOverview | (() => AirOverview), more: Record<string, Answer | (() => Answer)> = {}) {
  const requests = fakeApi({
    'GET /api/air': () => ({ status: 200, body: typeof overview === 'function' ? overview() : overview }),
    ...more,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const router = createMemoryRouter(
    [
      { path: '/air', element: <AirPage /> },
      { path: '/air/reports/:id', element: <AirReportPage /> },
    ],
    { initialEntries: ['/air'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { requests, client, router };
}

const website = () => screen.getByLabelText(/^Company Website/) as HTMLInputElement;
const solution = () => screen.getByLabelText(/^Solution & Buying Centers/) as HTMLTextAreaElement;
const send = () => screen.getByRole('button', { name: 'Email me the report' }) as HTMLButtonElement;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const loaded = () => screen.findByText(/credits? available/);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the AIR form', () => {
  it('needs a website and 30 trimmed characters, and asks for more detail once the field is left short', async () => {
    renderAir(airOverview());
    await loaded();
    expect(send().disabled).toBe(true);

    type(solution(), 'Warehouse robots');
    expect(screen.queryByText(airMessages.beThorough)).toBeNull();
    fireEvent.blur(solution());
    expect(screen.getByText(airMessages.beThorough)).toBeTruthy();
    expect(solution().getAttribute('aria-invalid')).toBe('true');

    type(website(), 'https://www.northwind.example');
    type(solution(), `   ${TWENTY_NINE}   `);
    expect(screen.getByText('29/30 characters (1 more needed)')).toBeTruthy();
    expect(send().disabled).toBe(true);
    type(solution(), `   ${THIRTY}   `);
    expect(send().disabled).toBe(false);
    expect(screen.queryByText(airMessages.beThorough)).toBeNull();

    type(website(), '   ');
    expect(send().disabled).toBe(true);
    type(website(), 'northwind.example');
    expect(send().disabled).toBe(false);
  });

  it('starts with the solution text from the profile until the user types', async () => {
    renderAir(airOverview({ solutionDraft: 'Warehouse robots for Operations and Finance leaders' }));
    await loaded();
    expect(solution().value).toBe('Warehouse robots for Operations and Finance leaders');
    type(solution(), 'Mine');
    expect(solution().value).toBe('Mine');
  });

  it('shows a website that is not a web address on its field without sending anything', async () => {
    const { requests } = renderAir(airOverview());
    await loaded();
    type(website(), 'not a website');
    type(solution(), THIRTY);
    fireEvent.click(send());
    expect(await screen.findByText(airMessages.websiteInvalid)).toBeTruthy();
    expect(website().getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("shows the server's field errors on their fields, until the field is edited", async () => {
    renderAir(airOverview(), {
      'POST /api/air/reports': {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Please check the form',
            fields: { website: airMessages.websiteInvalid, solution: airMessages.solutionTooShort },
          },
        },
      },
    });
    await loaded();
    type(website(), 'northwind.example');
    type(solution(), THIRTY);
    fireEvent.click(send());
    expect(await screen.findByText(airMessages.solutionTooShort)).toBeTruthy();
    expect(screen.getByText(airMessages.websiteInvalid)).toBeTruthy();
    expect(website().getAttribute('aria-invalid')).toBe('true');
    expect(solution().getAttribute('aria-invalid')).toBe('true');
    type(solution(), `${THIRTY} and more`);
    expect(screen.queryByText(airMessages.solutionTooShort)).toBeNull();
    expect(screen.getByText(airMessages.websiteInvalid)).toBeTruthy();
  });

  it('sends the request and opens the new report, which follows its steps', async () => {
    const started = airReportDetail({ id: 'new-1', status: 'queued' });
    const { requests, router } = renderAir(airOverview(), {
      'POST /api/air/reports': { status: 201, body: { report: started } },
      'GET /api/air/reports/new-1': { status: 200, body: { report: started } },
    });
    await loaded();
    type(website(), 'northwind.example');
    type(solution(), `  ${THIRTY}  `);
    fireEvent.click(send());
    expect(await screen.findByRole('heading', { level: 1, name: 'Northwind Traders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/air/reports/new-1');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ website: 'https://northwind.example/', solution: THIRTY });
    expect(screen.getByRole('list', { name: 'Report steps' }).getAttribute('aria-live')).toBe('polite');
  });
});

describe('credits and availability', () => {
  it('shows the credits left of the month', async () => {
    renderAir(airOverview({ credits: { limit: 3, used: 1, remaining: 2, refreshesOn: '2026-07-01' } }));
    await loaded();
    const credits = screen.getByRole('region', { name: 'Your credits' });
    expect(credits.textContent).toContain('2 credits available');
    expect(credits.textContent).toContain('of 3 this month');
    expect(credits.textContent).toContain('Credit Refresh: 1st of the month');
  });

  it('at 0 credits disables the button and says when credits return', async () => {
    renderAir(airOverview({ credits: { limit: 3, used: 3, remaining: 0, refreshesOn: '2026-07-01' } }));
    await loaded();
    type(website(), 'northwind.example');
    type(solution(), THIRTY);
    const date = formatRefreshDate('2026-07-01');
    expect(send().disabled).toBe(true);
    expect(send().getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(send().getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe(`No credits left this month. Your credits return on ${date}.`);
    const credits = screen.getByRole('region', { name: 'Your credits' });
    expect(credits.textContent).toContain('0 credits available');
    expect(credits.textContent).toContain(`Your credits return on ${date}.`);
  });

  it("shows the server's notice when AI is not configured, and nothing can start", async () => {
    const message = 'AI is not configured. An operator sets ANTHROPIC_API_KEY to enable it.';
    const { requests } = renderAir(airOverview({ ai: { configured: false, message } }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    type(website(), 'northwind.example');
    type(solution(), THIRTY);
    expect(send().disabled).toBe(true);
    fireEvent.submit(send().closest('form')!);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('no longer says AIR is not live', async () => {
    renderAir(airOverview());
    await loaded();
    expect(screen.queryByText(/not live yet/)).toBeNull();
    expect(screen.queryByText(/In Development/)).toBeNull();
  });
});

describe('your reports', () => {
  it('says so when there are none', async () => {
    renderAir(airOverview());
    expect(await screen.findByText(NO_REPORTS_TEXT)).toBeTruthy();
  });

  it('lists each report with its status and date, linking to its page, and follows live changes', async () => {
    let status: 'running' | 'succeeded' = 'running';
    const { client } = renderAir(() =>
      airOverview({
        reports: [
          {
            id: 'r-2',
            website: 'https://contoso.example/',
            companyName: null,
            status: 'queued',
            createdAt: '2026-06-11T10:00:00Z',
            finishedAt: null,
          },
          {
            id: 'r-1',
            website: 'https://www.northwind.example/',
            companyName: 'Northwind',
            status,
            createdAt: '2026-06-10T10:00:00Z',
            finishedAt: null,
          },
        ],
      }),
    );
    const list = within(await screen.findByRole('list', { name: 'Your reports' }));
    const rows = list.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'contoso.example' }).getAttribute('href')).toBe('/air/reports/r-2');
    expect(rows[0]!.textContent).toContain('Queued');
    expect(within(rows[1]!).getByRole('link', { name: 'Northwind' }).getAttribute('href')).toBe('/air/reports/r-1');
    expect(rows[1]!.textContent).toContain('www.northwind.example');
    expect(rows[1]!.textContent).toContain('In progress');

    status = 'succeeded';
    await act(async () => {
      await refreshLiveQueries(client, 'air_reports');
    });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Your reports' })).getAllByRole('listitem')[1]!.textContent).toContain('Ready'),
    );
  });
});

describe('under the hood', () => {
  it('lists the eight steps, all active, with what each does now', async () => {
    renderAir(airOverview());
    await loaded();
    const steps = within(screen.getByRole('list', { name: 'Under the Hood' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '1.Company Enrichment',
      '2.News Intelligence',
      '3.Social Listening',
      '4.Persona Builder',
      '5.Prospect Discovery',
      '6.Outreach Strategy',
      '7.Report Builder',
      '8.Instant Delivery',
    ]);
    for (const step of steps) expect(within(step).getByText('Active')).toBeTruthy();
    expect(steps[2]!.textContent).toContain('Hacker News');
    expect(steps[4]!.textContent).toContain('Nobody is invented');
  });
});
