// @vitest-environment jsdom
// The draft on the /content-os screen (use-draft-writer): writing it for a hook, the CTA, copying and editing paragraphs.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_API, contentMessages } from '../../../shared/content.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { contentStatusKey } from './api.ts';
import {
  bodiesOf,
  button,
  click,
  ctaOptions,
  deferred,
  draftReply,
  draftText,
  fillForm,
  hooksReply,
  input,
  profile,
  type Route,
  ready,
  renderPage,
  scrollTo,
  stubApi,
  toDraft,
  type,
} from './content-page-test-setup.tsx';
import { useContentCreation } from './use-content-creation.ts';

/**
 * The screen only offers hooks that exist; a click arriving for one no longer listed is the
 * selection handler's own failure, which nothing on screen can produce on purpose.
 */
function StaleClick() {
  const { hooks } = useContentCreation();
  return (
    <button type="button" onClick={() => void hooks.select(3)}>
      Stale hook
    </button>
  );
}

describe('the draft', () => {
  it('writes the draft for the chosen hook: Loading..., then Regenerate, the author, the paragraphs, scrolled to the end', async () => {
    const reply = deferred();
    stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: reply.route });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await screen.findByRole('heading', { name: 'Generated Hooks' });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[1]!));

    expect(((await screen.findByRole('button', { name: 'Loading...' })) as HTMLButtonElement).disabled).toBe(true);
    for (const other of screen.getAllByRole('button', { name: 'Use This Hook' })) expect((other as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status', { name: 'Writing your draft' })).toBeTruthy();
    expect(bodiesOf(CONTENT_API.postBuilder)).toEqual([
      {
        hook: 'Second <img src=x onerror=alert(1)> hook',
        inputs: {
          hookCategory: 'Market Trend',
          audience: 'Retail ops leaders',
          solution: 'Route planning',
          valueProposition: 'Fewer empty miles',
          marketData: null,
        },
      },
    ]);

    await act(async () => reply.release(draftReply));
    expect(await screen.findByText('Content generated')).toBeTruthy();
    const draft = screen.getByRole('region', { name: 'Your Draft' });
    expect(within(draft).getByText('Jane Doe')).toBeTruthy();
    expect(within(draft).getByText('Head of Sales')).toBeTruthy();
    expect(within(draft).getByText('JD')).toBeTruthy();
    const paragraphs = within(draft).getAllByRole('button', { name: /^Edit paragraph/ });
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'Edit paragraph 1: The hook line',
      'Edit paragraph 2: Second paragraph <script>x</script>',
      'Edit paragraph 3: Third paragraph',
    ]);
    expect(draft.querySelector('script')).toBeNull();
    expect(button('Regenerate').disabled).toBe(false);
    expect(scrollTo).toHaveBeenCalledOnce();
  });

  it('checks the form before calling: a field emptied after the hooks came gives its own toast', async () => {
    stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: () => draftReply });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await screen.findByRole('heading', { name: 'Generated Hooks' });
    type('Who', ' ');
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[0]!));
    expect(await screen.findByText('Missing required form values')).toBeTruthy();
    expect(bodiesOf(CONTENT_API.postBuilder)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Your Draft' })).toBeNull();
    // The emptied field is marked, as Generate Hooks' check does; the others are not.
    expect(input('Who').getAttribute('aria-invalid')).toBe('true');
    for (const label of ['Hook Category', 'What', 'Why']) expect(input(label).getAttribute('aria-invalid')).toBeNull();
  });

  it("toasts 'Error' / 'Failed to select hook' when the chosen hook is gone (a stale click)", async () => {
    stubApi({ [CONTENT_API.postBuilder]: () => draftReply });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueryKey, profile);
    queryClient.setQueryData(contentStatusKey, ready);
    const router = createMemoryRouter([{ path: '*', element: <StaleClick /> }]);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    );
    await click('Stale hook');
    expect(await screen.findByText(contentMessages.draft.selectFailed)).toBeTruthy();
    expect(bodiesOf(CONTENT_API.postBuilder)).toEqual([]);
  });

  it("falls back to 'AI Writer' and 'LinkedIn Author'", async () => {
    stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: () => draftReply });
    renderPage({ session: { ...profile, firstName: null, lastName: null, jobTitle: null } });
    fillForm();
    await click('Generate Hooks');
    await act(async () => fireEvent.click((await screen.findAllByRole('button', { name: 'Use This Hook' }))[0]!));
    const draft = await screen.findByRole('region', { name: 'Your Draft' });
    expect(within(draft).getByText('AI Writer')).toBeTruthy();
    expect(within(draft).getByText('LinkedIn Author')).toBeTruthy();
  });

  it('toasts a bad answer and keeps no draft', async () => {
    stubApi({
      [CONTENT_API.generateHooks]: () => hooksReply,
      [CONTENT_API.postBuilder]: () => ({ status: 502, json: { error: { code: 'ai_invalid_output', message: 'Did not fit.' } } }),
    });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await act(async () => fireEvent.click((await screen.findAllByRole('button', { name: 'Use This Hook' }))[0]!));
    expect(await screen.findByText('Bad response from the AI.. try again')).toBeTruthy();
    expect(screen.getByText('Did not fit.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your Draft' })).toBeNull();
    // No draft arrived, so no hook became the selected one; every card can be tried again.
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    const buttons = screen.getAllByRole('button', { name: 'Use This Hook' }) as HTMLButtonElement[];
    expect(buttons.map((b) => b.disabled)).toEqual([false, false, false]);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('moves the selection and clears the CTA only when the new draft arrives', async () => {
    let next: Route = () => draftReply;
    await toDraft({ [CONTENT_API.postBuilder]: (body) => next(body) });
    const cards = () => within(screen.getByRole('region', { name: 'Generated Hooks' })).getAllByRole('listitem');
    const cardButton = (index: number) => within(cards()[index]!).getByRole('button') as HTMLButtonElement;
    const meeting = () => screen.getByRole('radio', { name: 'Meeting Booking' }) as HTMLInputElement;
    fireEvent.click(meeting());

    const reply = deferred();
    next = reply.route;
    await act(async () => fireEvent.click(cardButton(2)));
    // While it is written: the pending card says so, the draft's own hook stays selected, nothing else moves.
    expect(cardButton(2).textContent).toBe('Loading...');
    expect(cardButton(0).textContent).toBe('Regenerate');
    expect(cardButton(1).textContent).toBe('Use This Hook');
    expect([0, 1, 2].map((i) => cardButton(i).disabled)).toEqual([true, true, true]);
    expect(meeting().checked).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Your Draft' })).getByText('Book 15 minutes with me.')).toBeTruthy();

    await act(async () => reply.release({ json: { content: 'A new draft', ctaOptions } }));
    await waitFor(() => expect(cardButton(2).textContent).toBe('Regenerate'));
    expect(cardButton(0).textContent).toBe('Use This Hook');
    expect(meeting().checked).toBe(false);
    expect(button(/^Edit paragraph 1/).textContent).toBe('Edit paragraph 1: A new draft');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('selects no card of a newer hooks list when a draft for the older list arrives', async () => {
    const reply = deferred();
    stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: reply.route });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await act(async () => fireEvent.click((await screen.findAllByRole('button', { name: 'Use This Hook' }))[1]!));
    await click('Generate Hooks');
    await waitFor(() => expect(bodiesOf(CONTENT_API.generateHooks)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Loading...' })).toBeNull());
    await act(async () => reply.release(draftReply));
    expect(await screen.findByRole('region', { name: 'Your Draft' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Use This Hook' })).toHaveLength(3);
  });

  it('leaves the selection, the draft and the chosen CTA as they were when another hook fails', async () => {
    let fail = false;
    await toDraft({
      [CONTENT_API.postBuilder]: () =>
        fail ? { status: 502, json: { error: { code: 'ai_unavailable', message: 'The AI is down.' } } } : draftReply,
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Engagement' }));
    fail = true;
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[1]!));
    expect(await screen.findByText('Hmm.. hang on. Try again')).toBeTruthy();
    expect(screen.getByText('The AI is down.')).toBeTruthy();
    await waitFor(() => expect(button('Regenerate').disabled).toBe(false));
    const cards = within(screen.getByRole('region', { name: 'Generated Hooks' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('button').textContent).toBe('Regenerate');
    expect(screen.getAllByRole('button', { name: 'Use This Hook' })).toHaveLength(2);
    expect((screen.getByRole('radio', { name: 'Engagement' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Edit paragraph/ })).toHaveLength(3);
    expect(scrollTo).toHaveBeenCalledOnce();
  });

  it('picks one CTA at a time, shows it after the draft and copies it with the draft', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await toDraft();
    const group = screen.getByRole('group', { name: 'Finish up your piece: which CTA feels right?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('id') !== null),
    ).toHaveLength(5);

    await click('Copy');
    expect(writeText).toHaveBeenLastCalledWith(draftText);
    expect(await screen.findByText('Got it!')).toBeTruthy();

    fireEvent.click(within(group).getByRole('radio', { name: 'Engagement' }));
    fireEvent.click(within(group).getByRole('radio', { name: 'Meeting Booking' }));
    expect((within(group).getByRole('radio', { name: 'Engagement' }) as HTMLInputElement).checked).toBe(false);
    const draft = screen.getByRole('region', { name: 'Your Draft' });
    expect(within(draft).getByText('Book 15 minutes with me.')).toBeTruthy();
    expect(within(draft).queryByText('What would you cut first?')).toBeNull();
    await click('Copy');
    expect(writeText).toHaveBeenLastCalledWith(`${draftText}\n\nBook 15 minutes with me.`);

    // Regenerating clears the chosen CTA.
    await click('Regenerate');
    await waitFor(() => expect(bodiesOf(CONTENT_API.postBuilder)).toHaveLength(2));
    await waitFor(() => expect(button('Regenerate').disabled).toBe(false));
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).some((radio) => radio.checked)).toBe(false);
    expect(within(screen.getByRole('region', { name: 'Your Draft' })).queryByText('Book 15 minutes with me.')).toBeNull();
  });

  it('says when the clipboard refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    await toDraft();
    await click('Copy');
    expect(await screen.findByText("Hmm.. something's wrong")).toBeTruthy();
  });

  it('edits a paragraph: Save disabled for blank text, Cancel and Escape restore, Save replaces', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await toDraft();
    fireEvent.click(button(/^Edit paragraph 2/));
    const editor = screen.getByLabelText('Paragraph 2') as HTMLTextAreaElement;
    expect(editor.value).toBe('Second paragraph <script>x</script>');
    expect(document.activeElement).toBe(editor);

    fireEvent.change(editor, { target: { value: '   ' } });
    expect(button('Save').disabled).toBe(true);
    fireEvent.click(button('Save'));
    expect(screen.getByLabelText('Paragraph 2')).toBeTruthy();
    expect(screen.queryByText('Content updated')).toBeNull();

    fireEvent.change(editor, { target: { value: 'Discarded text' } });
    expect(button('Save').disabled).toBe(false);
    fireEvent.click(button('Cancel'));
    expect(screen.queryByLabelText('Paragraph 2')).toBeNull();
    expect(button(/^Edit paragraph 2/).textContent).toBe('Edit paragraph 2: Second paragraph <script>x</script>');
    expect(document.activeElement).toBe(button(/^Edit paragraph 2/));

    fireEvent.click(button(/^Edit paragraph 2/));
    fireEvent.change(screen.getByLabelText('Paragraph 2'), { target: { value: 'Escaped text' } });
    fireEvent.keyDown(screen.getByLabelText('Paragraph 2'), { key: 'Escape' });
    expect(screen.queryByLabelText('Paragraph 2')).toBeNull();
    expect(button(/^Edit paragraph 2/).textContent).toBe('Edit paragraph 2: Second paragraph <script>x</script>');
    expect(document.activeElement).toBe(button(/^Edit paragraph 2/));

    fireEvent.click(button(/^Edit paragraph 2/));
    expect((screen.getByLabelText('Paragraph 2') as HTMLTextAreaElement).value).toBe('Second paragraph <script>x</script>');
    fireEvent.change(screen.getByLabelText('Paragraph 2'), { target: { value: '  A better second paragraph  ' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Content updated')).toBeTruthy();
    expect(button(/^Edit paragraph 2/).textContent).toBe('Edit paragraph 2: A better second paragraph');
    await click('Copy');
    expect(writeText).toHaveBeenLastCalledWith('The hook line\n\nA better second paragraph\n\nThird paragraph');
  });
});
