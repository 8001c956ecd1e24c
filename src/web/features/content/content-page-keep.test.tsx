// @vitest-environment jsdom
// 'Keep in library' on the /content-os draft (issue 27 §1): the draft as Copy copies it is kept, the
// button gives way to the link to the kept item until the draft changes, and a refusal is toasted.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { libraryMessages } from '../../../shared/library.ts';
import { bodiesOf, button, click, draftText, toDraft } from './content-page-test-setup.tsx';
import { KEEP_FAILED, KEEP_LABEL } from './keep-draft.tsx';

const DRAFTS = '/api/library/drafts';

describe('Keep in library', () => {
  it('keeps the draft with its chosen CTA, then links to it until the draft changes', async () => {
    let kept = 0;
    await toDraft({ [DRAFTS]: () => ({ status: 201, json: { id: `kept-${++kept}` } }) });
    const draft = screen.getByRole('region', { name: 'Your Draft' });
    fireEvent.click(within(screen.getByRole('group', { name: /which CTA feels right/ })).getByRole('radio', { name: 'Meeting Booking' }));
    await click(KEEP_LABEL);
    const link = await within(draft).findByRole('link', { name: libraryMessages.kept });
    expect(link.getAttribute('href')).toBe('/library/kept-1');
    expect(bodiesOf(DRAFTS)).toEqual([{ text: `${draftText}\n\nBook 15 minutes with me.` }]);
    expect(screen.queryByRole('button', { name: KEEP_LABEL })).toBeNull();

    // Another CTA is another draft: it can be kept again.
    fireEvent.click(within(screen.getByRole('group', { name: /which CTA feels right/ })).getByRole('radio', { name: 'Engagement' }));
    expect(within(draft).queryByRole('link', { name: libraryMessages.kept })).toBeNull();
    await click(KEEP_LABEL);
    expect((await within(draft).findByRole('link', { name: libraryMessages.kept })).getAttribute('href')).toBe('/library/kept-2');
  });

  it("toasts the server's refusal and offers the button again", async () => {
    await toDraft({ [DRAFTS]: () => ({ status: 400, json: { error: { code: 'validation', message: 'Write the draft to keep.' } } }) });
    await click(KEEP_LABEL);
    expect(await screen.findByText(KEEP_FAILED)).toBeTruthy();
    expect(screen.getByText('Write the draft to keep.')).toBeTruthy();
    expect(button(KEEP_LABEL).disabled).toBe(false);
  });
});
