// @vitest-environment jsdom
// The /wolfebot page against a fake API: the page kept from the coming-soon design, the starters,
// a streamed answer, the composer's keys and limits, a failed answer's retry, an answer that was
// left streaming and is followed to its end, rename and delete, a conversation that is not the
// user's, and the page without an AI provider.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WOLFEBOT_MESSAGE_MAX_CHARS,
  WOLFEBOT_STARTERS,
  type WolfebotEvent,
  wolfebotMessages,
  wolfebotPaths,
} from '../../../shared/wolfebot.ts';
import { AI_OFF, AI_ON, citedAnswer, conversation, fakeApi, message, NOT_CONFIGURED, ndjsonStream, renderPage } from './test-setup.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = `GET ${wolfebotPaths.conversations}`;
const STATUS = `GET ${wolfebotPaths.status}`;
const noConversations = { status: 200, body: { conversations: [] } };
const conversationsList = (...items: ReturnType<typeof conversation>[]) => ({ status: 200, body: { conversations: items } });
const box = () => screen.getByRole('textbox', { name: 'Message Wolfebot' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const list = () => screen.findByRole('list', { name: 'Conversations' });

describe('the page', () => {
  it('keeps the heading, eyebrow and the four feature blurbs, and no longer says it is coming soon', async () => {
    fakeApi({ [STATUS]: AI_ON, [LIST]: noConversations });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Wolfebot Assistant' })).toBeTruthy();
    expect(screen.getByText('LinkedIn OS')).toBeTruthy();
    expect(screen.queryByText('Coming Soon')).toBeNull();
    expect(screen.queryByText(/not available yet/)).toBeNull();
    const features = screen.getByRole('region', { name: 'What Wolfebot does' });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Account research on demand', 'Call preparation', 'A writing partner', 'Answers from your alerts']);
    await screen.findAllByRole('button', { name: WOLFEBOT_STARTERS[0] });
  });

  it('offers the 8 starters when there are no conversations, and one starts a conversation with its text, streamed', async () => {
    const live = ndjsonStream();
    const question = message('q1', 'user', 'Prep for Acme discovery call');
    // What the server has stored: the answer once it is complete.
    let stored: ReturnType<typeof message>[] = [];
    const requests = fakeApi({
      [STATUS]: AI_ON,
      [LIST]: noConversations,
      [`POST ${wolfebotPaths.conversations}`]: { status: 201, body: { conversation: conversation('c1', 'New conversation') } },
      [`GET ${wolfebotPaths.conversation('c1')}`]: () => ({
        status: 200,
        body: { conversation: conversation('c1', 'Prep for Acme discovery call'), messages: stored },
      }),
      [`POST ${wolfebotPaths.messages('c1')}`]: { stream: live.stream },
    });
    renderPage();
    const starters = await within(await list()).findAllByRole('button');
    expect(starters.map((b) => b.textContent)).toEqual([...WOLFEBOT_STARTERS]);
    for (const starter of starters) expect((starter as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(starters[0]!);
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === wolfebotPaths.messages('c1'))).toBe(true));
    expect(requests.find((r) => r.path === wolfebotPaths.messages('c1'))!.body).toEqual({ text: 'Prep for Acme discovery call' });
    // The question shows at once, before the server has stored it.
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(within(chat).getByText('Prep for Acme discovery call')).toBeTruthy();

    const send = async (event: WolfebotEvent) => live.send(event);
    await send({ type: 'message', message: question });
    await send({ type: 'message', message: message('a1', 'assistant', '', { status: 'streaming' }) });
    await send({ type: 'delta', text: 'Acme Robotics opened ' });
    expect(await within(chat).findByText(/Acme Robotics opened/)).toBeTruthy();
    expect(within(chat).getByRole('status').textContent).toBe('Wolfebot is answering…');
    expect(sendButton().disabled).toBe(true);
    await send({ type: 'delta', text: 'a plant in Toledo [1]. It will double revenue. Want talking points?' });
    stored = [question, citedAnswer('a1')];
    await send({ type: 'done', message: citedAnswer('a1') });
    live.end();

    const answer = await within(chat).findByRole('article', { name: "Wolfebot's answer" });
    await waitFor(() => expect(within(answer).getByText('1 of 2 statements sourced')).toBeTruthy());
    expect(within(answer).getByRole('link', { name: 'Acme Robotics opens Toledo plant' }).getAttribute('href')).toBe('/library/item-1');
    expect(within(answer).getByRole('link', { name: 'Source 1: Acme Robotics opens Toledo plant' })).toBeTruthy();
    expect(answer.querySelector('[title="Not supported by a cited source"]')?.textContent).toContain('It will double revenue.');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
  });

  it('shows the starters in an empty new conversation when the list shows conversations', async () => {
    fakeApi({ [STATUS]: AI_ON, [LIST]: conversationsList(conversation('c1', 'Acme prep')) });
    renderPage();
    expect(await within(await list()).findByRole('link', { name: 'Acme prep' })).toBeTruthy();
    const starters = within(screen.getByRole('list', { name: 'Start with one of these' })).getAllByRole('button');
    expect(starters).toHaveLength(8);
  });
});

describe('the composer', () => {
  it('sends on Enter, adds a line on Shift+Enter, and checks the text with the schema', async () => {
    const requests = fakeApi({
      [STATUS]: AI_ON,
      [LIST]: conversationsList(conversation('c1', 'Acme prep')),
      [`GET ${wolfebotPaths.conversation('c1')}`]: { status: 200, body: { conversation: conversation('c1', 'Acme prep'), messages: [] } },
      [`POST ${wolfebotPaths.messages('c1')}`]: {
        status: 429,
        body: { error: { code: 'ai_user_limit', message: 'Too many questions this hour.' } },
      },
    });
    renderPage(`/wolfebot?conversation=c1`);
    await screen.findByRole('heading', { level: 2, name: 'Acme prep' });

    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(await screen.findByText(wolfebotMessages.messageRequired)).toBeTruthy();

    fireEvent.change(box(), { target: { value: 'x'.repeat(WOLFEBOT_MESSAGE_MAX_CHARS + 1) } });
    expect(screen.getByText(wolfebotMessages.messageTooLong)).toBeTruthy();
    expect(screen.getByText(`${WOLFEBOT_MESSAGE_MAX_CHARS + 1}/${WOLFEBOT_MESSAGE_MAX_CHARS}`)).toBeTruthy();

    fireEvent.change(box(), { target: { value: 'Where is the plant?' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.keyDown(box(), { key: 'Enter' });
    // Refused: the question comes back into the box with the server's words.
    expect(await screen.findByText('Too many questions this hour.')).toBeTruthy();
    expect(box().value).toBe('Where is the plant?');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ text: 'Where is the plant?' }]);
  });
});

describe('answers', () => {
  it("shows a failed answer's error, and Try again asks the question again", async () => {
    const requests = fakeApi({
      [STATUS]: AI_ON,
      [LIST]: conversationsList(conversation('c1', 'Acme prep')),
      [`GET ${wolfebotPaths.conversation('c1')}`]: {
        status: 200,
        body: {
          conversation: conversation('c1', 'Acme prep'),
          messages: [
            message('q1', 'user', 'Where is the plant?'),
            message('a1', 'assistant', 'Acme Rob', { status: 'failed', error: wolfebotMessages.interrupted }),
          ],
        },
      },
      [`POST ${wolfebotPaths.messages('c1')}`]: () => ({ stream: ndjsonStream().stream }),
    });
    renderPage('/wolfebot?conversation=c1');
    const alert = await screen.findByText(wolfebotMessages.interrupted);
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ text: 'Where is the plant?' }]));
  });

  it('follows an answer still being written when the page comes back to it, until it is complete', async () => {
    let reads = 0;
    const question = message('q1', 'user', 'Where is the plant?');
    fakeApi({
      [STATUS]: AI_ON,
      [LIST]: conversationsList(conversation('c1', 'Acme prep')),
      [`GET ${wolfebotPaths.conversation('c1')}`]: () => {
        reads += 1;
        const answer = reads < 2 ? message('a1', 'assistant', 'Acme Robotics opened', { status: 'streaming' }) : citedAnswer('a1');
        return { status: 200, body: { conversation: conversation('c1', 'Acme prep'), messages: [question, answer] } };
      },
    });
    renderPage('/wolfebot?conversation=c1');
    expect(await screen.findByText('Acme Robotics opened')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Wolfebot is answering…');
    expect(await screen.findByText('1 of 2 statements sourced', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(reads).toBe(2);
  });

  it("says a conversation that is not the user's does not exist", async () => {
    fakeApi({
      [STATUS]: AI_ON,
      [LIST]: noConversations,
      [`GET ${wolfebotPaths.conversation('other')}`]: {
        status: 404,
        body: { error: { code: 'not_found', message: wolfebotMessages.notFound } },
      },
    });
    renderPage('/wolfebot?conversation=other');
    expect(await screen.findByText(wolfebotMessages.notFound)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message Wolfebot' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(await screen.findByRole('textbox', { name: 'Message Wolfebot' })).toBeTruthy();
  });
});

describe('the conversation list', () => {
  it('renames in place with the schema’s message, and deletes after a confirmation', async () => {
    // The server's list as it stands: the list is read again after each change.
    let listed = [conversation('c1', 'Acme prep'), conversation('c2', 'Globex')];
    const requests = fakeApi({
      [STATUS]: AI_ON,
      [LIST]: () => conversationsList(...listed),
      [`PATCH ${wolfebotPaths.conversation('c1')}`]: ({ body }) => {
        listed = listed.map((c) => (c.id === 'c1' ? conversation('c1', (body as { title: string }).title) : c));
        return { status: 200, body: { conversation: listed[0] } };
      },
      [`DELETE ${wolfebotPaths.conversation('c2')}`]: () => {
        listed = listed.filter((c) => c.id !== 'c2');
        return { status: 204 };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Acme prep' }));
    const name = screen.getByRole('textbox', { name: 'Conversation name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByText(wolfebotMessages.titleRequired)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'y'.repeat(101) } });
    fireEvent.submit(name);
    expect(screen.getByText(wolfebotMessages.titleTooLong)).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.change(name, { target: { value: '  Acme discovery  ' } });
    fireEvent.submit(name);
    expect(await within(await list()).findByRole('link', { name: 'Acme discovery' })).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({ title: 'Acme discovery' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Globex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const conversations = await list();
    await waitFor(() => expect(within(conversations).queryByRole('link', { name: 'Globex' })).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.path === wolfebotPaths.conversation('c2'))).toBe(true);
  });
});

describe('without an AI provider', () => {
  it('says so, disables the composer and the starters, and still shows the conversations', async () => {
    fakeApi({
      [STATUS]: AI_OFF,
      [LIST]: conversationsList(conversation('c1', 'Acme prep')),
      [`GET ${wolfebotPaths.conversation('c1')}`]: {
        status: 200,
        body: { conversation: conversation('c1', 'Acme prep'), messages: [message('q1', 'user', 'Where?'), citedAnswer('a1')] },
      },
    });
    renderPage('/wolfebot?conversation=c1');
    const notice = await screen.findByText('Wolfebot cannot answer right now.');
    expect(notice.closest('[role="alert"]')!.textContent).toContain(wolfebotMessages.aiOff);
    expect(notice.closest('[role="alert"]')!.textContent).toContain(NOT_CONFIGURED);
    expect(box().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
    expect(await screen.findByText('1 of 2 statements sourced')).toBeTruthy();
  });

  it('disables the starters', async () => {
    fakeApi({ [STATUS]: AI_OFF, [LIST]: noConversations });
    renderPage();
    await screen.findByText('Wolfebot cannot answer right now.');
    const starters = await within(await list()).findAllByRole('button');
    expect(starters).toHaveLength(8);
    for (const starter of starters) expect((starter as HTMLButtonElement).disabled).toBe(true);
  });
});
