// @vitest-environment jsdom
// The form of the /content-os screen: its fields, what prefills them, and the banner when AI is not configured.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_API, HOOK_CATEGORIES } from '../../../shared/content.ts';
import { messages } from '../../../shared/messages.ts';
import { NAVIGATION_GUIDE_KEY, RESET_EVENT } from '../../lib/navigation-guide.ts';
import { button, click, deferred, fillForm, input, profile, renderPage, stubApi, type } from './content-page-test-setup.tsx';

describe('the form', () => {
  it('has the header, the Navigation guide button, and the labelled fields with the 11 categories', async () => {
    stubApi({});
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Content OS' })).toBeTruthy();
    expect(screen.getByText('Generate LinkedIn content')).toBeTruthy();
    const category = input('Hook Category') as unknown as HTMLSelectElement;
    expect([...category.options].map((o) => o.textContent)).toEqual(['Select a hook category', ...HOOK_CATEGORIES]);
    expect(category.value).toBe('');
    for (const label of ['Who', 'What', 'Why']) expect(input(label).maxLength).toBe(500);
    expect(screen.getByText(/^Your audience/)).toBeTruthy();
    expect(screen.getByText(/^Your solution/)).toBeTruthy();
    expect(screen.getByText(/^Your value proposition/)).toBeTruthy();
    expect(button('Generate Hooks').type).toBe('submit');

    localStorage.setItem(NAVIGATION_GUIDE_KEY, 'true');
    const reopened = vi.fn();
    window.addEventListener(RESET_EVENT, reopened);
    fireEvent.click(button('Navigation guide'));
    window.removeEventListener(RESET_EVENT, reopened);
    expect(localStorage.getItem(NAVIGATION_GUIDE_KEY)).toBeNull();
    expect(reopened).toHaveBeenCalledOnce();
  });

  it('prefills from the profile, with ?who= ?what= ?why= taking precedence', () => {
    stubApi({});
    renderPage({ url: '/content-os?what=Fleet%20software&why=' });
    expect(input('Who').value).toBe('Retail, Logistics');
    expect(input('What').value).toBe('Fleet software');
    expect(input('Why').value).toBe('Fewer empty miles');
  });

  it('keeps what the user typed when the profile arrives later', async () => {
    const profileReply = deferred();
    stubApi({ '/api/profile/current': profileReply.route });
    renderPage({ url: '/content-os?why=Save%20money', session: 'loading' });
    expect(input('Why').value).toBe('Save money');
    type('Who', 'Typed audience');
    await act(async () => profileReply.release({ json: { profile } }));
    await waitFor(() => expect(input('What').value).toBe('Route planning'));
    expect(input('Who').value).toBe('Typed audience');
    expect(input('Why').value).toBe('Save money');
    // Once only: clearing a field later does not bring the profile back.
    type('What', '');
    expect(input('What').value).toBe('');
  });

  it('shows the not-configured message and disables generating', () => {
    stubApi({});
    renderPage({ status: { configured: false, message: messages.errors.aiNotConfigured } });
    expect(screen.getByRole('alert').textContent).toBe(messages.errors.aiNotConfigured);
    fillForm();
    expect(button('Generate Hooks').disabled).toBe(true);
    fireEvent.click(button('Research Stats (click me!)'));
    expect(button('Generate Stats').disabled).toBe(true);
  });
});

describe('AI not configured any more', () => {
  it("shows the banner with the server's message when a call answers 503, and disables generating", async () => {
    const message = 'AI is not configured on this server. An operator sets AI_API_KEY.';
    stubApi({ [CONTENT_API.generateHooks]: () => ({ status: 503, json: { error: { code: 'ai_not_configured', message } } }) });
    renderPage();
    fillForm();
    expect(screen.queryByText(message, { selector: '[role="alert"] p' })).toBeNull();
    await click('Generate Hooks');
    expect(await screen.findByText(message, { selector: '[role="alert"] p' })).toBeTruthy();
    expect(button('Generate Hooks').disabled).toBe(true);
  });

  it('a 503 of the database (not of AI) shows no banner and keeps generating enabled', async () => {
    const message = messages.errors.databaseUnavailable;
    stubApi({ [CONTENT_API.generateHooks]: () => ({ status: 503, json: { error: { code: 'database_unavailable', message } } }) });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await waitFor(() => expect(button('Generate Hooks').disabled).toBe(false));
    expect(screen.queryByText(messages.errors.aiNotConfigured)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
