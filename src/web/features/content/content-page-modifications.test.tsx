// @vitest-environment jsdom
// Modifications of the draft on the /content-os screen (use-modification).
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_API } from '../../../shared/content.ts';
import { bodiesOf, button, click, deferred, draftText, toDraft } from './content-page-test-setup.tsx';

describe('modifications', () => {
  it('are single-select toggles; Make Changes needs one', async () => {
    await toDraft();
    const shorter = button('Shorter');
    const casual = button('More casual');
    expect(button('Make Changes').disabled).toBe(true);
    fireEvent.click(shorter);
    expect(shorter.getAttribute('aria-pressed')).toBe('true');
    expect(button('Make Changes').disabled).toBe(false);
    fireEvent.click(casual);
    expect(shorter.getAttribute('aria-pressed')).toBe('false');
    expect(casual.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(casual);
    expect(casual.getAttribute('aria-pressed')).toBe('false');
    expect(button('Make Changes').disabled).toBe(true);
  });

  it('replace the draft and clear the choice', async () => {
    const reply = deferred();
    await toDraft({ [CONTENT_API.modifyContent]: reply.route });
    fireEvent.click(button('Shorter'));
    await click('Make Changes');
    expect(((await screen.findByRole('button', { name: 'Making changes...' })) as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesOf(CONTENT_API.modifyContent)).toEqual([{ content: draftText, modification: 'shorter' }]);
    await act(async () => reply.release({ json: { modifiedContent: 'The hook line\n\nShort body' } }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit paragraph/ }).map((p) => p.textContent)).toEqual([
      'Edit paragraph 1: The hook line',
      'Edit paragraph 2: Short body',
    ]);
    expect(button('Shorter').getAttribute('aria-pressed')).toBe('false');
    expect(button('Make Changes').disabled).toBe(true);
  });

  it('disable Save in an open paragraph editor while they run', async () => {
    const reply = deferred();
    await toDraft({ [CONTENT_API.modifyContent]: reply.route });
    fireEvent.click(button(/^Edit paragraph 1/));
    fireEvent.change(screen.getByLabelText('Paragraph 1'), { target: { value: 'My own first line' } });
    fireEvent.click(button('Shorter'));
    await click('Make Changes');
    await screen.findByRole('button', { name: 'Making changes...' });
    expect(button('Save').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(false);
    await act(async () => reply.release({ json: { modifiedContent: 'The hook line\n\nShort body' } }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect(screen.queryByLabelText('Paragraph 1')).toBeNull();
  });

  it('keep the original draft on failure', async () => {
    await toDraft({
      [CONTENT_API.modifyContent]: () => ({ status: 502, json: { error: { code: 'ai_unavailable', message: 'The AI is down.' } } }),
    });
    fireEvent.click(button('More professional'));
    await click('Make Changes');
    expect(await screen.findByText('Failed to save changes')).toBeTruthy();
    expect(screen.getByText('The AI is down.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit paragraph/ })).toHaveLength(3);
    expect(button('More professional').getAttribute('aria-pressed')).toBe('true');
  });
});
