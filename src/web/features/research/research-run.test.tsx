// @vitest-environment jsdom
// A whole run on a screen, against a local stand-in for the research API: progress, then the result
// or the error, the way the server streams them.
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { libraryMessages } from '../../../shared/library.ts';
import { messages } from '../../../shared/messages.ts';
import { RESEARCH_STREAM_TYPE, type ResearchStatus, researchMessages, researchPaths } from '../../../shared/research.ts';
import { researchStatusKey } from './api.ts';
import { CompanyNewsPage } from './company-news-page.tsx';
import { TrendsPage } from './trends-page.tsx';

type Reply = (response: ServerResponse) => void;
let reply: Reply = (response) => response.writeHead(500).end();
let requests: { path: string; body: unknown }[] = [];
let server: Server;
let base: string;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    requests.push({ path: request.url ?? '', body: body ? JSON.parse(body) : null });
    reply(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  requests = [];
});

/** The page's same-origin paths go to the local server, as the browser would send them to ours. */
function routeFetchToServer() {
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => realFetch(new URL(input, base), init));
}

const line = (event: unknown) => `${JSON.stringify(event)}\n`;
const meta = { documents: 5, model: 'test-model', generatedAt: '2026-01-03T10:00:00Z', period: null };

function renderPage(element: React.ReactElement, url: string, status: ResearchStatus = { configured: true, model: 'test-model' }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  queryClient.setQueryData(researchStatusKey, status);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

function choose(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('a research run', () => {
  it('shows the stages while running, then the result, scrolled into view', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    let finish: () => void = () => {};
    reply = (response) => {
      response.writeHead(200, { 'content-type': RESEARCH_STREAM_TYPE });
      response.write(line({ type: 'stage', stage: 'retrieve', detail: 'Searching the news' }));
      response.write(line({ type: 'stage', stage: 'analyse', detail: 'Found 14 articles from the last week' }));
      finish = () =>
        response.end(
          line({
            type: 'result',
            data: { keySummary: 'Acme is doing well.', keyFindings: ['Revenue up'], sources: [] },
            meta,
          }),
        );
    };
    routeFetchToServer();
    renderPage(<CompanyNewsPage />, '/aurora-os/company-news?company=Acme');
    choose(/Timeframe/, '1w');
    fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' }));

    expect(
      await screen.findByText(
        'We are reading the latest coverage of Acme and asking the AI to analyse it. This usually takes about 30 seconds.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Found 14 articles from the last week')).toBeTruthy();
    const stages = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(stages.map((stage) => stage.dataset.state)).toEqual(['done', 'current', 'pending']);
    expect(screen.getByText(/s elapsed$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Analysing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests).toEqual([
      { path: researchPaths.companyNews, body: { companyName: 'Acme', timeframe: '1w', sentiment: 'none', keyword: null } },
    ]);

    await act(async () => finish());
    expect(await screen.findByText('Acme is doing well.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Company Research: Acme' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });

    // Editing the form keeps the result on screen.
    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Other' } });
    expect(screen.getByText('Acme is doing well.')).toBeTruthy();
  });

  it('links to the result kept in the library, outside the result, whose links are its sources (issue 27)', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    reply = (response) => {
      response.writeHead(200, { 'content-type': RESEARCH_STREAM_TYPE });
      response.end(
        line({
          type: 'result',
          data: { keySummary: 'Acme is doing well.', keyFindings: [], sources: [] },
          meta: { ...meta, libraryItemId: 'kept-1' },
        }),
      );
    };
    routeFetchToServer();
    renderPage(<CompanyNewsPage />, '/aurora-os/company-news?company=Acme');
    choose(/Timeframe/, '1w');
    fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' }));
    const kept = await screen.findByRole('link', { name: libraryMessages.kept });
    expect(kept.getAttribute('href')).toBe('/library/kept-1');
    expect(within(screen.getByRole('region', { name: 'Company Research: Acme' })).queryByRole('link')).toBeNull();
  });

  it('cancels a run: the request is aborted and the form is free again', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const closed = new Promise<void>((resolve) => {
      reply = (response) => {
        response.writeHead(200, { 'content-type': RESEARCH_STREAM_TYPE });
        response.write(line({ type: 'stage', stage: 'retrieve', detail: 'Searching the news' }));
        response.on('close', () => resolve());
      };
    });
    routeFetchToServer();
    renderPage(<CompanyNewsPage />, '/aurora-os/company-news?company=Acme');
    choose(/Timeframe/, '1w');
    fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' }));
    await screen.findByText('Searching the news');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await closed;
    expect(screen.queryByRole('list', { name: 'Progress' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Generate analysis' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('trends: an error event gives the toast and the inline error with the server message', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    reply = (response) => {
      response.writeHead(200, { 'content-type': RESEARCH_STREAM_TYPE });
      response.write(line({ type: 'stage', stage: 'retrieve', detail: 'Searching the news' }));
      response.write(line({ type: 'stage', stage: 'analyse', detail: 'Asking test-model' }));
      response.end(
        line({ type: 'error', error: { code: 'ai_invalid_output', message: 'The AI answer did not fit the expected format.' } }),
      );
    };
    routeFetchToServer();
    renderPage(<TrendsPage />, '/aurora-os/trends');
    fireEvent.change(screen.getByLabelText(/Industry/), { target: { value: 'Logistics' } });
    choose(/Trend type/, 'adoption');
    fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' }));

    const inline = await screen.findByRole('alert');
    expect(inline.textContent).toBe(`${researchMessages.trends.aiError}The AI answer did not fit the expected format.`);
    expect(await screen.findByText(researchMessages.trends.aiError, { selector: '[data-title]' })).toBeTruthy();
    expect(requests[0]!.body).toEqual({ industry: 'Logistics', trendType: 'adoption', timeframe: '90d', region: 'usa' });
    const stages = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(stages.map((stage) => stage.dataset.state)).toEqual(['done', 'failed', 'pending']);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('trends: a partial result carries the yellow warning', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    reply = (response) => {
      response.writeHead(200, { 'content-type': RESEARCH_STREAM_TYPE });
      response.end(
        line({
          type: 'result',
          data: { keySummary: 'Moving fast.', keyFindings: [], trendAnalysis: [], marketData: [], sources: [] },
          meta,
        }),
      );
    };
    routeFetchToServer();
    renderPage(<TrendsPage />, '/aurora-os/trends');
    fireEvent.change(screen.getByLabelText(/Industry/), { target: { value: 'Logistics' } });
    choose(/Trend type/, 'all angles');
    fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' }));
    expect(await screen.findByText('Moving fast.')).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(researchMessages.trends.incomplete);
  });

  it('a 503 toasts the server message and shows it in the banner', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    reply = (response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'ai_not_configured', message: messages.errors.aiNotConfigured } }));
    };
    routeFetchToServer();
    renderPage(<CompanyNewsPage />, '/aurora-os/company-news?company=Acme');
    choose(/Timeframe/, '24h');
    fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' }));
    expect(await screen.findByText(researchMessages.companyNews.aiResponseError)).toBeTruthy();
    expect(screen.getAllByText(messages.errors.aiNotConfigured)).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe(messages.errors.aiNotConfigured);
  });

  it('a 503 of the database (not of AI) toasts its message and shows no AI banner', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    reply = (response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'database_unavailable', message: messages.errors.databaseUnavailable } }));
    };
    routeFetchToServer();
    renderPage(<CompanyNewsPage />, '/aurora-os/company-news?company=Acme');
    choose(/Timeframe/, '24h');
    fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' }));
    expect(await screen.findByText(researchMessages.companyNews.aiResponseError)).toBeTruthy();
    expect(await screen.findByText(messages.errors.databaseUnavailable)).toBeTruthy();
    // The banner (role alert) says AI is not configured; toasts of earlier tests may still be on screen.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("company news: a result that is not in the documented shape toasts 'Invalid response' and shows nothing of it", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    reply = (response) => {
      response.writeHead(200, { 'content-type': RESEARCH_STREAM_TYPE });
      // An older or broken server: findings as one string, no sources.
      response.end(line({ type: 'result', data: { keySummary: 'Half a result.', keyFindings: 'Revenue up' }, meta }));
    };
    routeFetchToServer();
    renderPage(<CompanyNewsPage />, '/aurora-os/company-news?company=Acme');
    choose(/Timeframe/, '1w');
    fireEvent.click(screen.getByRole('button', { name: 'Generate analysis' }));
    expect(await screen.findByText(researchMessages.companyNews.invalidResponse, { selector: '[data-title]' })).toBeTruthy();
    expect(screen.queryByText('Half a result.')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Company Research: Acme' })).toBeNull();
  });
});
