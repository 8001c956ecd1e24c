// @vitest-environment jsdom
// Hooks on the /content-os screen (use-hook-generation): the checks, the overlay, cancelling, the failures.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_API } from '../../../shared/content.ts';
import {
  bodiesOf,
  button,
  calls,
  click,
  deferred,
  fillForm,
  hooksReply,
  input,
  renderPage,
  scrollIntoView,
  stubApi,
  toastSpies,
  type,
} from './content-page-test-setup.tsx';

describe('hooks', () => {
  it('needs all four fields: toast and the empty fields marked', async () => {
    stubApi({});
    renderPage({ session: null });
    type('Who', 'Retail ops leaders');
    await click('Generate Hooks');
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all fields')).toBeTruthy();
    expect(input('Hook Category').getAttribute('aria-invalid')).toBe('true');
    expect(input('Who').getAttribute('aria-invalid')).toBeNull();
    expect(input('What').getAttribute('aria-invalid')).toBe('true');
    expect(input('Why').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('shows the overlay while generating, then the hooks without numbering, scrolled into view and focused after 100 ms', async () => {
    const reply = deferred();
    stubApi({ [CONTENT_API.generateHooks]: reply.route });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    expect(await screen.findByRole('status', { name: 'Generating your hooks' })).toBeTruthy();
    expect(bodiesOf(CONTENT_API.generateHooks)).toEqual([
      {
        inputs: {
          hookCategory: 'Market Trend',
          audience: 'Retail ops leaders',
          solution: 'Route planning',
          valueProposition: 'Fewer empty miles',
        },
        marketData: null,
      },
    ]);
    vi.useFakeTimers();
    await act(async () => reply.release(hooksReply));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByRole('status', { name: 'Generating your hooks' })).toBeNull();
    const section = screen.getByRole('region', { name: 'Generated Hooks' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual([
      'First hook for retail',
      'Second <img src=x onerror=alert(1)> hook',
      'Third hook',
    ]);
    expect(section.querySelector('img')).toBeNull();
    expect(within(section).getAllByRole('button', { name: 'Use This Hook' })).toHaveLength(3);
    const heading = within(section).getByRole('heading', { name: 'Generated Hooks' });
    expect(heading.tabIndex).toBe(-1);
    await act(async () => vi.advanceTimersByTimeAsync(99));
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(heading);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(heading);
  });

  it('cancels from the overlay: the request is aborted, no toast, the previous hooks stay', async () => {
    const second = deferred();
    let answers = 0;
    stubApi({ [CONTENT_API.generateHooks]: () => (++answers === 1 ? hooksReply : second.route()) });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    const hookTexts = () =>
      within(screen.getByRole('region', { name: 'Generated Hooks' }))
        .getAllByRole('listitem')
        .map((card) => card.querySelector('p')?.textContent);
    await waitFor(() => expect(hookTexts()).toHaveLength(3));
    const before = hookTexts();
    // Let the first run's focus move (100 ms) happen before the second run starts.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Generated Hooks' })));

    fillForm();
    type('Why', 'Fewer empty miles, faster');
    await click('Generate Hooks');
    const overlay = await screen.findByRole('status', { name: 'Generating your hooks' });
    const cancel = within(overlay).getByRole('button', { name: 'Cancel' });
    // The page behind is inert: the Cancel button is where keyboard focus lands.
    expect(document.activeElement).toBe(cancel);
    const [, request] = calls.filter((call) => call.path === CONTENT_API.generateHooks);
    expect(request!.signal!.aborted).toBe(false);

    await act(async () => fireEvent.click(cancel));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Generating your hooks' })).toBeNull());
    expect(request!.signal!.aborted).toBe(true);
    // The answer coming anyway changes nothing.
    await act(async () => second.release({ json: { hooks: ['A hook nobody waited for'] } }));
    expect(hookTexts()).toEqual(before);
    expect(toastSpies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(document.activeElement).toBe(button('Generate Hooks'));
    expect(button('Generate Hooks').disabled).toBe(false);
  });

  it("toasts 'Error' with the server's message", async () => {
    stubApi({
      [CONTENT_API.generateHooks]: () => ({ status: 502, json: { error: { code: 'ai_unavailable', message: 'The AI is down.' } } }),
    });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    expect(await screen.findByText('The AI is down.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Generated Hooks' })).toBeNull();
  });

  it("toasts 'Failed to generate hooks' for an answer without hooks", async () => {
    stubApi({ [CONTENT_API.generateHooks]: () => ({ json: { hooks: ['  ', ''] } }) });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    expect(await screen.findByText('Failed to generate hooks')).toBeTruthy();
  });
});
