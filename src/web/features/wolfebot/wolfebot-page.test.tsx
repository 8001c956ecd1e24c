// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WolfebotPage } from './wolfebot-page.tsx';

afterEach(cleanup);

const renderPage = () =>
  render(
    <MemoryRouter>
      <WolfebotPage />
    </MemoryRouter>,
  );

describe('WolfebotPage', () => {
  it('says the assistant is coming soon', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Wolfebot Assistant' })).toBeTruthy();
    expect(screen.getByText('Coming Soon')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Wolfebot is not available yet.');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/homepage');
  });

  it('lists exactly 8 example conversations, none of which can be opened', () => {
    renderPage();
    const chats = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
    expect(chats).toHaveLength(8);
    expect(new Set(chats.map((chat) => chat.textContent)).size).toBe(8);
    for (const chat of chats) expect((chat as HTMLButtonElement).disabled).toBe(true);
    expect(chats[0]!.textContent).toBe('Prep for Acme discovery call');
  });

  it('has a message box and send button that are both disabled and say so', () => {
    renderPage();
    const input = screen.getByRole('textbox', { name: 'Message Wolfebot' }) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toMatch(/coming soon/i);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    // Nothing on the page can be used except the link to Home.
    expect(screen.getAllByRole('button').every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
  });

  it('describes what the assistant will do in four blurbs', () => {
    renderPage();
    const features = screen.getByRole('region', { name: 'What Wolfebot will do' });
    const cards = within(features).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Account research on demand', 'Call preparation', 'A writing partner', 'Answers from your alerts']);
    for (const card of cards) expect(card.querySelector('p')?.textContent?.length).toBeGreaterThan(30);
  });
});
