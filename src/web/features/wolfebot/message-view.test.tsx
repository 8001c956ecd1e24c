// @vitest-environment jsdom
// How an answer reads: [n] markers as links to its sources, library sources opening in the app and
// others in a new tab, the sentences no cited source supports greyed with a note, the statement
// count, and the model's words always as text.
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/wolfebot.ts';
import { UNSUPPORTED_NOTE } from './answer-text.ts';
import { AssistantMessage, sourceAnchor } from './message-view.tsx';
import { citedAnswer, libraryCitation, message, newsCitation } from './test-setup.tsx';

afterEach(cleanup);

function renderAnswer(answer: Message) {
  render(
    <MemoryRouter>
      <ol>
        <AssistantMessage message={answer} conversationTitle="Acme prep" />
      </ol>
    </MemoryRouter>,
  );
  return screen.getByRole('article', { name: "Wolfebot's answer" });
}

describe('an answer', () => {
  it('turns each [n] into a link to its source under the answer', () => {
    const answer = renderAnswer(
      message('a1', 'assistant', 'Acme opened a plant [1]. It hired 400 people [1][2].', {
        citations: [libraryCitation, newsCitation],
        sentences: [
          { text: 'Acme opened a plant [1].', cites: [1], verdict: 'supported' },
          { text: 'It hired 400 people [1][2].', cites: [1, 2], verdict: 'supported' },
        ],
      }),
    );
    const markers = within(answer).getAllByRole('link', { name: /^Source \d/ });
    expect(markers.map((m) => [m.textContent, m.getAttribute('href')])).toEqual([
      ['[1]', `#${sourceAnchor('a1', 1)}`],
      ['[1]', `#${sourceAnchor('a1', 1)}`],
      ['[2]', `#${sourceAnchor('a1', 2)}`],
    ]);
    for (const marker of markers) expect(marker.parentElement?.tagName).toBe('SUP');

    const sources = within(answer).getByRole('list', { name: 'Sources' });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((item) => item.id)).toEqual([sourceAnchor('a1', 1), sourceAnchor('a1', 2)]);
    const library = within(sources).getByRole('link', { name: 'Acme Robotics opens Toledo plant' });
    expect(library.getAttribute('href')).toBe('/library/item-1');
    expect(library.getAttribute('target')).toBeNull();
    const news = within(sources).getByRole('link', { name: 'Acme hires 400' });
    expect(news.getAttribute('href')).toBe('https://news.example.com/acme');
    expect(news.getAttribute('target')).toBe('_blank');
    expect(news.getAttribute('rel')).toContain('noopener');
    // Nothing greyed: every sentence is cited or supported.
    expect(answer.querySelector('[data-unsupported]')).toBeNull();
  });

  it('greys the sentences no cited source supports, with a note, and shows the statement count', () => {
    const answer = renderAnswer({
      ...citedAnswer('a1'),
      text: 'Acme Robotics opened a plant in Toledo [1]. It will double revenue. Want talking points? It is the market leader.',
      sentences: [...citedAnswer('a1').sentences!, { text: 'It is the market leader.', cites: [], verdict: 'unsupported' }],
      statements: { sourced: 1, total: 3, dropped: 1 },
    });
    const greyed = [...answer.querySelectorAll('[data-unsupported]')];
    expect(greyed.map((el) => el.getAttribute('title'))).toEqual([UNSUPPORTED_NOTE, UNSUPPORTED_NOTE]);
    expect(greyed.map((el) => el.textContent)).toEqual([
      `It will double revenue. (${UNSUPPORTED_NOTE})`,
      `It is the market leader. (${UNSUPPORTED_NOTE})`,
    ]);
    expect(within(answer).getByText('1 of 3 statements sourced · 1 dropped: not supported by its source')).toBeTruthy();
  });

  it('shows the model’s words as text, never as HTML, and a source with a bad address as plain text', () => {
    const answer = renderAnswer(
      message('a1', 'assistant', '<img src=x onerror=alert(1)> <b>bold</b> [1]', {
        citations: [{ n: 1, title: '<script>x</script>', url: 'javascript:alert(1)', kind: 'article' }],
      }),
    );
    expect(answer.querySelector('img, b, script')).toBeNull();
    expect(answer.textContent).toContain('<img src=x onerror=alert(1)> <b>bold</b>');
    expect(within(answer).queryByRole('link', { name: '<script>x</script>' })).toBeNull();
    expect(within(answer).getByText('<script>x</script>')).toBeTruthy();
  });

  it('while streaming shows the text so far, markers without links yet, and says it is answering', () => {
    const answer = renderAnswer(message('a1', 'assistant', 'Acme opened a plant [1', { status: 'streaming' }));
    expect(answer.textContent).toContain('Acme opened a plant [1');
    expect(within(answer).getByRole('status').textContent).toBe('Wolfebot is answering…');
    expect(within(answer).queryByRole('list', { name: 'Sources' })).toBeNull();
  });
});
