// @vitest-environment jsdom
// Research stats on the /content-os screen (use-research-stats): the panel, the calls, the count and the retries.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_API, contentMessages } from '../../../shared/content.ts';
import {
  bodiesOf,
  button,
  click,
  deferred,
  fillForm,
  hooksReply,
  renderPage,
  statsA,
  statsB,
  stubApi,
  type,
} from './content-page-test-setup.tsx';

describe('research stats', () => {
  it('is collapsed first; opening shows the placeholder; Generate Stats waits for all four fields', () => {
    stubApi({});
    renderPage({ session: null });
    const toggle = button('Research Stats (click me!)');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(contentMessages.stats.placeholder)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Generate real-time market data for your piece here')).toBeTruthy();
    const hint = 'Fill in all four fields to generate stats.';
    const describedBy = () => button('Generate Stats').getAttribute('aria-describedby');
    expect(button('Generate Stats').disabled).toBe(true);
    expect(document.getElementById(describedBy()!)?.textContent).toBe(hint);
    type('Hook Category', 'Market Trend');
    type('Who', 'a');
    type('What', 'b');
    expect(button('Generate Stats').disabled).toBe(true);
    expect(screen.getByText(hint)).toBeTruthy();
    type('Why', 'c');
    expect(button('Generate Stats').disabled).toBe(false);
    expect(screen.queryByText(hint)).toBeNull();
    expect(describedBy()).toBeNull();
    type('Why', '   ');
    expect(button('Generate Stats').disabled).toBe(true);
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it('generates, lists the latest stats with linked sources, counts and accumulates, and resets the count on change', async () => {
    const first = deferred();
    let answer = 0;
    stubApi({ [CONTENT_API.analyzeMetrics]: () => (++answer === 1 ? first.route() : { json: { data: statsB } }) });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    expect(((await screen.findByRole('button', { name: 'Generating...' })) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => first.release({ json: { data: statsA } }));
    expect(await screen.findByText('Market data generated!')).toBeTruthy();

    const group = screen.getByRole('group', { name: 'Choose a statistic for your hooks' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(screen.getByRole('radio', { name: '42% of retailers <b>cut</b> routes' })).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    const publisher = screen.getByRole('link', { name: 'Example News' });
    expect(publisher.getAttribute('href')).toBe('https://www.news.example.com/a');
    expect(publisher.getAttribute('target')).toBe('_blank');
    expect(publisher.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'trade.example.org' })).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(2);

    await click('Generate Stats');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    expect(screen.getByRole('radio', { name: 'Empty miles fell 12%' })).toBeTruthy();

    type('Why', 'Fewer empty miles, faster');
    await click('Generate Stats');
    await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(3));
    const bodies = bodiesOf(CONTENT_API.analyzeMetrics);
    const inputs = { hookCategory: 'Market Trend', audience: 'Retail ops leaders', solution: 'Route planning' };
    expect(bodies[0]).toEqual({ ...inputs, valueProposition: 'Fewer empty miles', generationCount: 0, previousStats: [], attempt: 0 });
    expect(bodies[1]).toMatchObject({ generationCount: 1, previousStats: statsA, attempt: 0 });
    expect(bodies[2]).toMatchObject({
      valueProposition: 'Fewer empty miles, faster',
      generationCount: 0,
      previousStats: [...statsA, ...statsB],
    });
  });

  it('shows the hint after four generations', async () => {
    stubApi({ [CONTENT_API.analyzeMetrics]: () => ({ json: { data: statsB } }) });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    for (let i = 1; i <= 4; i++) {
      expect(screen.queryByText(/Not happy with the stats/)).toBeNull();
      await click('Generate Stats');
      await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(i));
      await waitFor(() => expect(button('Generate Stats').disabled).toBe(false));
    }
    expect(
      screen.getByText(
        'Not happy with the stats? There might be limited data available. Try changing Why, broadening What, or honing in on Who.',
      ),
    ).toBeTruthy();
  });

  it('clears the chosen stat when the panel closes; hooks get the chosen stat, else the first', async () => {
    stubApi({ [CONTENT_API.analyzeMetrics]: () => ({ json: { data: statsA } }), [CONTENT_API.generateHooks]: () => hooksReply });
    renderPage();
    fillForm();
    expect(screen.queryByText(/^Your hooks will use:/)).toBeNull();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    const second = (await screen.findByRole('radio', { name: 'Fuel costs rose 8%' })) as HTMLInputElement;
    // Before any choice, the first stat goes with the hooks; the line says so (as text, markup and all).
    const willUse = () => document.getElementById(button('Generate Hooks').getAttribute('aria-describedby') ?? '')?.textContent;
    expect(willUse()).toBe('Your hooks will use: 42% of retailers <b>cut</b> routes (Example News)');
    fireEvent.click(second);
    expect(second.checked).toBe(true);
    expect(willUse()).toBe('Your hooks will use: Fuel costs rose 8% (trade.example.org)');
    await click('Generate Hooks');
    await waitFor(() => expect(bodiesOf(CONTENT_API.generateHooks)).toHaveLength(1));
    expect(bodiesOf(CONTENT_API.generateHooks)[0]!.marketData).toEqual(statsA[1]);

    fireEvent.click(button('Research Stats (click me!)'));
    fireEvent.click(button('Research Stats (click me!)'));
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).some((radio) => radio.checked)).toBe(false);
    expect(willUse()).toBe('Your hooks will use: 42% of retailers <b>cut</b> routes (Example News)');
    await click('Generate Hooks');
    await waitFor(() => expect(bodiesOf(CONTENT_API.generateHooks)).toHaveLength(2));
    expect(bodiesOf(CONTENT_API.generateHooks)[1]!.marketData).toEqual(statsA[0]);
  });

  it('toasts the rate limit and stops', async () => {
    stubApi({ [CONTENT_API.analyzeMetrics]: () => ({ status: 429, json: { error: { code: 'rate_limited', message: 'Slow down' } } }) });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    expect(await screen.findByText('Please wait a moment before generating more stats')).toBeTruthy();
    // The server's own words (how long to wait) as the description.
    expect(screen.getByText('Slow down')).toBeTruthy();
    expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(1);
    expect(screen.queryByText(contentMessages.stats.failed)).toBeNull();
  });

  it('retries an answer that is no list of stats like any failure (1 s, then 2 s) and ends with the error toast', async () => {
    stubApi({ [CONTENT_API.analyzeMetrics]: () => ({ json: { data: [] } }) });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    // Only the waits between attempts are faked: reading an answer needs the real event loop.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await click('Generate Stats');
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(2_001));
    expect(bodiesOf(CONTENT_API.analyzeMetrics).map((b) => b?.attempt)).toEqual([0, 1, 2]);
    await act(() =>
      vi.waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: contentMessages.stats.failed })),
      ),
    );
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('retries validation failures and ends with the error toast after three attempts', async () => {
    stubApi({
      [CONTENT_API.analyzeMetrics]: () => ({
        status: 422,
        json: { error: { code: 'validation_failed', message: 'Validation failed: nothing could be traced.' } },
      }),
    });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    expect(await screen.findByText('Failed to generate market data. Please try again.')).toBeTruthy();
    expect(bodiesOf(CONTENT_API.analyzeMetrics).map((b) => b?.attempt)).toEqual([0, 1, 2]);
    expect(screen.getAllByText('Validation Error')).toHaveLength(2);
  });
});
