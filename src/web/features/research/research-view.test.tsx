// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { libraryMessages } from '../../../shared/library.ts';
import { messages } from '../../../shared/messages.ts';
import type { ResearchMeta } from '../../../shared/research.ts';
import { researchStatusKey, stageProgress } from './api.ts';
import { CompanyNewsPage } from './company-news-page.tsx';
import { EarningsAnalysisPage } from './earnings-page.tsx';
import { COPIED_MESSAGE, COPY_FAILED_MESSAGE, KeptLink, ResultView, StageList } from './research-view.tsx';
import type { ResearchResult } from './result-text.ts';
import { TrendsPage } from './trends-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const meta: ResearchMeta = { documents: 4, model: 'test-model', generatedAt: '2026-01-03T10:00:00Z', period: 'Q3 2025' };
const result: ResearchResult = {
  keySummary: 'Acme had a <script>alert("x")</script> quarter.',
  keyFindings: ['Revenue up 12%', '<img src=x onerror=alert(1)>'],
  trendAnalysis: [{ trend: 'AI adoption', analysis: 'Spreading across logistics.' }],
  marketData: [{ statistic: '40% of firms use AI', source: 'https://stats.example.com/report' }],
  quotes: [{ text: 'We beat expectations.', speaker: 'Jane Doe', context: 'CEO, earnings call' }],
  sources: [
    { url: 'https://news.example.com/acme', title: 'Acme beats estimates', publisher: 'Example News', publishedAt: null },
    { url: 'javascript:alert(1)', title: 'Click me', publisher: null, publishedAt: null },
  ],
};

describe('ResultView', () => {
  it('renders each section of the result with the run facts', () => {
    render(<ResultView title="Earnings Analysis: Acme" result={result} meta={meta} />);
    const region = screen.getByRole('region', { name: 'Earnings Analysis: Acme' });
    for (const heading of ['Key summary', 'Key findings', 'Trend analysis', 'Market data', 'Quotes', 'Sources']) {
      expect(within(region).getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(within(region).getByText(/^Based on 4 documents · test-model · /)).toBeTruthy();
    expect(within(region).getByText('Period: Q3 2025')).toBeTruthy();
    expect(within(region).getByText('Revenue up 12%').tagName).toBe('LI');
    expect(within(region).getByRole('heading', { name: 'AI adoption' })).toBeTruthy();
    expect(within(region).getByText('Spreading across logistics.')).toBeTruthy();
    expect(within(region).getByText('“We beat expectations.”')).toBeTruthy();
    expect(within(region).getByText('— Jane Doe, CEO, earnings call')).toBeTruthy();
    const link = within(region).getByRole('link', { name: 'Acme beats estimates' });
    expect(link.getAttribute('href')).toBe('https://news.example.com/acme');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(region).getByRole('link', { name: 'stats.example.com' })).toBeTruthy();
  });

  it('tells the user when sources were still being read and reached the analysis as headlines', () => {
    render(<ResultView title="R" result={result} meta={{ ...meta, stillReading: 3 }} />);
    expect(screen.getByText('3 sources were still being read and are shown as headlines.')).toBeTruthy();
    cleanup();
    render(<ResultView title="R" result={result} meta={meta} />);
    expect(screen.queryByText(/still being read/)).toBeNull();
  });

  it('links to the library item the analysis was kept as, when it was (issue 27)', () => {
    const kept = { ...meta, libraryItemId: 'item 1' } as ResearchMeta;
    const router = createMemoryRouter([{ path: '*', element: <KeptLink meta={kept} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: libraryMessages.kept }).getAttribute('href')).toBe('/library/item%201');
    cleanup();
    render(<KeptLink meta={{ ...meta, libraryItemId: null } as ResearchMeta} />);
    render(<KeptLink meta={meta} />);
    expect(screen.queryByText(libraryMessages.kept)).toBeNull();
  });

  it('shows how many statements were sourced, and what was dropped (issue 27 §4)', () => {
    const checked = { ...meta, statements: { sourced: 10, total: 12, dropped: 2 }, citationsDropped: 1 };
    render(<ResultView title="R" result={result} meta={checked} />);
    expect(screen.getByText('10 of 12 statements sourced · 2 dropped: not supported by its source')).toBeTruthy();
    expect(screen.getByText('1 citation of sources that were not retrieved dropped.')).toBeTruthy();
    cleanup();
    render(<ResultView title="R" result={result} meta={{ ...meta, statements: { sourced: 12, total: 12, dropped: 0 } }} />);
    expect(screen.getByText('12 of 12 statements sourced')).toBeTruthy();
    expect(screen.queryByText(/dropped/)).toBeNull();
    cleanup();
    render(<ResultView title="R" result={result} meta={meta} />);
    expect(screen.queryByText(/statements? sourced/)).toBeNull();
  });

  it('links each citation marker to the source of that number, and leaves a marker the list lacks as text', () => {
    const cited: ResearchResult = {
      ...result,
      keySummary: 'Acme grew 12% [1]. Costs fell [1, 2].',
      keyFindings: ['Acme hired 300 engineers [9].'],
      trendAnalysis: [{ trend: 'AI adoption', analysis: 'Spreading across logistics [1].' }],
    };
    render(<ResultView title="R" result={cited} meta={meta} />);
    const markers = screen.getAllByRole('link', { name: 'Source 1: Acme beats estimates' });
    expect(markers).toHaveLength(3);
    for (const marker of markers) {
      expect(marker.textContent).toBe('1');
      expect(marker.getAttribute('href')).toBe('https://news.example.com/acme');
      expect(marker.getAttribute('target')).toBe('_blank');
    }
    // The second source is javascript:, never a link: its number stays text.
    expect(screen.queryByRole('link', { name: /^Source 2/ })).toBeNull();
    expect(screen.getByText('Acme hired 300 engineers [9].')).toBeTruthy();
    expect(screen.getByText('Sources').parentElement!.querySelector('ol')).toBeTruthy();
  });

  it('does not make a javascript: source a link', () => {
    render(<ResultView title="R" result={result} meta={meta} />);
    expect(screen.getByText('Click me').closest('a')).toBeNull();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'https://stats.example.com/report',
      'https://news.example.com/acme',
    ]);
  });

  it('shows markup written by the AI as text', () => {
    const { container } = render(<ResultView title="R" result={result} meta={meta} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Acme had a <script>alert("x")</script> quarter.')).toBeTruthy();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
  });

  it('copies the result as Markdown and says so', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <>
        <ResultView title="Company Research: Acme" result={result} meta={meta} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    expect(await screen.findByText(COPIED_MESSAGE)).toBeTruthy();
    expect(writeText).toHaveBeenCalledOnce();
    expect(writeText.mock.calls[0]![0]).toMatch(/^# Company Research: Acme\n\n/);
    expect(writeText.mock.calls[0]![0]).toContain('1. [Acme beats estimates](https://news.example.com/acme) — Example News');
  });

  it('says when the clipboard refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    render(
      <>
        <ResultView title="R" result={result} meta={meta} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    expect(await screen.findByText(COPY_FAILED_MESSAGE)).toBeTruthy();
  });
});

describe('stages', () => {
  it('marks stages before the latest done, the latest current, the rest waiting', () => {
    const running = {
      phase: 'running',
      request: {},
      startedAt: 0,
      details: { retrieve: 'Found 14 articles', analyse: 'Asking test-model' },
    } as const;
    expect(stageProgress(running).map((s) => s.state)).toEqual(['done', 'current', 'pending']);
    expect(stageProgress({ ...running, phase: 'failed', failure: { kind: 'format', message: 'x' } }).map((s) => s.state)).toEqual([
      'done',
      'failed',
      'pending',
    ]);
    expect(stageProgress({ phase: 'idle' }).map((s) => s.state)).toEqual(['pending', 'pending', 'pending']);
  });

  it('lists the stages with their details in a polite live region', () => {
    const running = { phase: 'running', request: {}, startedAt: 0, details: { retrieve: 'Found 14 articles from the last week' } } as const;
    render(<StageList stages={stageProgress(running)} />);
    const list = screen.getByRole('list', { name: 'Progress' });
    expect(list.getAttribute('aria-live')).toBe('polite');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Retrieving sources (in progress)Found 14 articles from the last week',
      'Analysing with AI (waiting)',
      'Checking sources and quotes (waiting)',
    ]);
  });
});

function renderPage(element: React.ReactElement, url: string, status = { configured: true as const, model: 'test-model' }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  queryClient.setQueryData(researchStatusKey, status);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('research pages', () => {
  it('company news: prefills the company from ?company= and needs a timeframe', async () => {
    renderPage(<CompanyNewsPage />, '/aurora-os/company-news?company=Acme%20Corp');
    expect(screen.getByRole('heading', { level: 1, name: 'Company Research' })).toBeTruthy();
    expect((screen.getByLabelText(/Company name/) as HTMLInputElement).value).toBe('Acme Corp');
    expect((screen.getByLabelText(/Timeframe/) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(/Sentiment/) as HTMLSelectElement).value).toBe('none');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' })));
    expect(await screen.findByText('Cannot generate analysis')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields.')).toBeTruthy();
    expect(screen.getByLabelText(/Timeframe/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/Company name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('trends: defaults to 90 days and no region, and needs industry and trend type', async () => {
    renderPage(<TrendsPage />, '/aurora-os/trends');
    expect(screen.getByRole('heading', { level: 1, name: 'Trend Scanner' })).toBeTruthy();
    expect((screen.getByLabelText(/Timeframe/) as HTMLSelectElement).value).toBe('90d');
    const region = screen.getByLabelText(/Region/) as HTMLSelectElement;
    expect(region.value).toBe('');
    expect(region.selectedOptions[0]!.textContent).toBe('None (defaults to USA)');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' })));
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields')).toBeTruthy();
  });

  it('earnings: shows the not-configured message above the form; year has no default, quarter is the most recent', () => {
    renderPage(<EarningsAnalysisPage />, '/aurora-os/earnings', {
      configured: false,
      message: messages.errors.aiNotConfigured,
    } as never);
    expect(screen.getByRole('heading', { level: 1, name: 'Earnings Analysis' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.errors.aiNotConfigured);
    expect((screen.getByLabelText(/Year/) as HTMLSelectElement).value).toBe('');
    const quarter = screen.getByLabelText(/Quarter/) as HTMLSelectElement;
    expect(quarter.selectedOptions[0]!.textContent).toBe('Most Recent Quarter');
    expect(screen.getByPlaceholderText('e.g. margins, guidance, AI strategy')).toBeTruthy();
  });
});
