// @vitest-environment jsdom
// The /content-os screen keeps its work for the tab (use-kept-work): restored on return, never across users, forgotten by Start over.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_API } from '../../../shared/content.ts';
import {
  bodiesOf,
  button,
  calls,
  click,
  deferred,
  draftReply,
  fillForm,
  hooksReply,
  input,
  profile,
  renderPage,
  scrollTo,
  statsA,
  stubApi,
  type,
} from './content-page-test-setup.tsx';
import { loadSnapshot, saveSnapshot, snapshotKey } from './session-store.ts';

describe('kept for the tab', () => {
  const statsRoutes = {
    [CONTENT_API.analyzeMetrics]: () => ({ json: { data: statsA } }),
    [CONTENT_API.generateHooks]: () => hooksReply,
    [CONTENT_API.postBuilder]: () => draftReply,
  };
  const paragraphs = () => screen.getAllByRole('button', { name: /^Edit paragraph/ }).map((p) => p.textContent);
  const edited = ['Edit paragraph 1: The hook line', 'Edit paragraph 2: My own second paragraph', 'Edit paragraph 3: Third paragraph'];
  const hookButtons = () =>
    within(screen.getByRole('region', { name: 'Generated Hooks' }))
      .getAllByRole('listitem')
      .map((card) => within(card).getByRole('button').textContent);
  const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

  /** Stats (the second chosen), hooks, the draft of the second hook with paragraph 2 edited, Meeting Booking chosen. */
  async function work(url?: string) {
    stubApi(statsRoutes);
    renderPage({ url });
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    fireEvent.click(await screen.findByRole('radio', { name: 'Fuel costs rose 8%' }));
    await click('Generate Hooks');
    await act(async () => fireEvent.click((await screen.findAllByRole('button', { name: 'Use This Hook' }))[1]!));
    await screen.findByRole('heading', { name: 'Your Draft' });
    fireEvent.click(button(/^Edit paragraph 2/));
    fireEvent.change(screen.getByLabelText('Paragraph 2'), { target: { value: 'My own second paragraph' } });
    fireEvent.click(button('Save'));
    fireEvent.click(radio('Meeting Booking'));
    expect(paragraphs()).toEqual(edited);
  }

  it('brings back the form, stats, hooks, the edited draft and the chosen CTA when the page opens again', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await work();
    cleanup();
    const sent = calls.length;

    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your Draft' })).toBeTruthy();
    expect(input('Hook Category').value).toBe('Market Trend');
    expect(input('Who').value).toBe('Retail ops leaders');
    expect(input('Why').value).toBe('Fewer empty miles');
    expect(button('Research Stats (click me!)').getAttribute('aria-expanded')).toBe('true');
    expect(radio('Fuel costs rose 8%').checked).toBe(true);
    expect(hookButtons()).toEqual(['Use This Hook', 'Regenerate', 'Use This Hook']);
    expect(paragraphs()).toEqual(edited);
    expect(radio('Meeting Booking').checked).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Your Draft' })).getByText('Book 15 minutes with me.')).toBeTruthy();
    // Restored, not generated again; and the page is not scrolled as when a draft arrives.
    expect(calls).toHaveLength(sent);
    expect(scrollTo).toHaveBeenCalledOnce();

    await click('Copy');
    expect(writeText).toHaveBeenLastCalledWith('The hook line\n\nMy own second paragraph\n\nThird paragraph\n\nBook 15 minutes with me.');
    // The counter and the stats returned so far came back too.
    await click('Generate Stats');
    await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(2));
    expect(bodiesOf(CONTENT_API.analyzeMetrics)[1]).toMatchObject({ generationCount: 1, previousStats: statsA });
  });

  it('lets ?who= ?what= ?why= override a restored field and start the stats counter again', async () => {
    await work();
    cleanup();
    renderPage({ url: '/content-os?who=Fleet%20CFOs' });
    await screen.findByRole('heading', { name: 'Your Draft' });
    expect(input('Who').value).toBe('Fleet CFOs');
    expect(input('What').value).toBe('Route planning');
    expect(paragraphs()).toEqual(edited);
    await click('Generate Stats');
    await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(2));
    expect(bodiesOf(CONTENT_API.analyzeMetrics)[1]).toMatchObject({ audience: 'Fleet CFOs', generationCount: 0, previousStats: statsA });
  });

  it('never lets the profile overwrite restored values, even when it arrives after the page opened', async () => {
    saveSnapshot(profile.id, {
      form: {
        values: { hookCategory: 'Question', audience: 'Restored audience', solution: '', valueProposition: '' },
        typed: ['audience', 'valueProposition'],
        generationCount: 0,
      },
      statsOpen: false,
      stats: [],
      previousStats: [],
      selectedStat: null,
      hooks: ['A restored hook'],
      selectedHook: null,
      draft: null,
      ctaOptions: null,
      selectedCta: null,
    });
    const profileReply = deferred();
    stubApi({ '/api/profile/current': profileReply.route });
    renderPage({ session: 'loading' });
    // Nothing is restored before the user is known: the key is theirs.
    expect(screen.queryByRole('heading', { name: 'Generated Hooks' })).toBeNull();
    await act(async () => profileReply.release({ json: { profile } }));
    expect(await screen.findByText('A restored hook')).toBeTruthy();
    expect(input('Hook Category').value).toBe('Question');
    expect(input('Who').value).toBe('Restored audience');
    // Emptied by the user: stays empty. Never touched and empty: the profile fills it.
    expect(input('Why').value).toBe('');
    expect(input('What').value).toBe('Route planning');
  });

  it('keeps nothing of another user', async () => {
    await work();
    cleanup();
    renderPage({ session: { ...profile, id: 'u2', email: 'sam@example.com' } });
    expect(input('Who').value).toBe('Retail, Logistics');
    expect(input('Hook Category').value).toBe('');
    expect(screen.queryByRole('heading', { name: 'Generated Hooks' })).toBeNull();
    expect(loadSnapshot(profile.id)?.draft).toBe('The hook line\n\nMy own second paragraph\n\nThird paragraph');
  });

  it("'Start over' forgets it all and shows the freshly prefilled form", async () => {
    stubApi(statsRoutes);
    renderPage({ url: '/content-os?what=Fleet%20software' });
    fillForm();
    // Nothing generated yet: nothing to start over.
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();
    cleanup();
    sessionStorage.clear();
    await work('/content-os?what=Fleet%20software');

    // While a draft is written, it waits.
    const reply = deferred();
    stubApi({ ...statsRoutes, [CONTENT_API.postBuilder]: reply.route });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[0]!));
    expect(button('Start over').disabled).toBe(true);
    await act(async () => reply.release(draftReply));
    await waitFor(() => expect(button('Start over').disabled).toBe(false));
    expect(sessionStorage.getItem(snapshotKey(profile.id))).not.toBeNull();

    await click('Start over');
    expect(screen.queryByRole('region', { name: 'Generated Hooks' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your Draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();
    expect(button('Research Stats (click me!)').getAttribute('aria-expanded')).toBe('false');
    expect(input('Hook Category').value).toBe('');
    expect(input('Who').value).toBe('Retail, Logistics');
    // The link's ?what= was applied once and left the address: a fresh start is the profile's.
    expect(input('What').value).toBe('Route planning');
    expect(input('Why').value).toBe('Fewer empty miles');
    expect(document.activeElement).toBe(input('Hook Category'));
    expect(sessionStorage.length).toBe(0);

    // A fresh start for the stats too: no counter, no previous stats.
    type('Hook Category', 'Question');
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(2));
    expect(bodiesOf(CONTENT_API.analyzeMetrics)[1]).toMatchObject({ solution: 'Route planning', generationCount: 0, previousStats: [] });

    // Opening the page again restores the new start, not the old work.
    cleanup();
    renderPage({ url: '/content-os?what=Fleet%20software' });
    expect(input('Hook Category').value).toBe('Question');
    expect(screen.queryByRole('heading', { name: 'Generated Hooks' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your Draft' })).toBeNull();
  });
});
