// @vitest-environment jsdom
// The News Alerts screen against a fake API, for the races a card meets: a list fetched while a save
// is on its way, a slow create, edits made while saving, two tabs, and deletes here and elsewhere.
// A live update is what live-updates.ts does on a change to sonar_alerts: refetch the list.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NewsAlert, newsAlertMessages } from '../../../shared/news-alerts.ts';
import { refreshLiveQueries } from '../../lib/live-updates.ts';
import { deletedElsewhereText } from './alert-cards.ts';
import { NewsAlertsPage } from './news-alerts-page.tsx';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Body = { active: boolean; companyName: string; keywords: string; deliveryDays: NewsAlert['deliveryDays']; deliveryHour: number };

/** The API over an in-memory table. A held method answers only when released; its change is made at once. */
function fakeApi(seed: string[]) {
  let alerts: NewsAlert[] = [];
  let next = 1;
  const row = (body: Body, id = `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`): NewsAlert => ({
    id,
    active: body.active,
    companyName: body.companyName.trim(),
    keywords: body.keywords
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    deliveryDays: body.deliveryDays,
    deliveryHour: body.deliveryHour,
    notificationEmail: null,
    searchId: id,
    createdAt: new Date(2030, 0, next).toISOString(),
    updatedAt: new Date().toISOString(),
  });
  const add = (companyName: string) => {
    const alert = row({ active: false, companyName, keywords: '', deliveryDays: ['MON'], deliveryHour: 9 });
    alerts.push(alert);
    return alert;
  };
  for (const company of seed) add(company);

  const held = new Set<Method>();
  const waiting: (() => void)[] = [];
  const requests: Method[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET') as Method;
    requests.push(method);
    const id = String(input).split('/api/news-alerts/')[1];
    const body = init.body ? (JSON.parse(String(init.body)) as Body) : undefined;
    let answer: unknown = null;
    if (method === 'GET') answer = { alerts: [...alerts], defaultNotificationEmail: 'me@example.com' };
    if (method === 'POST' && body) {
      const alert = row(body);
      alerts.push(alert);
      answer = { alert };
    }
    if (method === 'PUT' && body && id) {
      const alert = { ...row(body, id), createdAt: alerts.find((a) => a.id === id)!.createdAt };
      alerts = alerts.map((a) => (a.id === id ? alert : a));
      answer = { alert };
    }
    if (method === 'DELETE') alerts = alerts.filter((a) => a.id !== id);
    if (held.has(method)) await new Promise<void>((resolve) => waiting.push(resolve));
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return new Response(answer === null ? '' : JSON.stringify(answer), { status: answer === null ? 204 : 200 });
  });
  return {
    add,
    remove: (companyName: string) => {
      alerts = alerts.filter((a) => a.companyName !== companyName);
    },
    rename: (companyName: string, to: string) => {
      alerts = alerts.map((a) => (a.companyName === companyName ? { ...a, companyName: to, updatedAt: new Date().toISOString() } : a));
    },
    hold: (method: Method) => held.add(method),
    /** Answers the held requests, oldest first. */
    release: async () => {
      held.clear();
      await act(async () => {
        for (const resolve of waiting.splice(0)) resolve();
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    },
    requests,
  };
}

/** One browser tab: its own query cache, and the live update it gets on any change to sonar_alerts. */
function openTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const view = render(
    <QueryClientProvider client={client}>
      <NewsAlertsPage />
    </QueryClientProvider>,
  );
  const page = within(view.container);
  return {
    card: (n: number) => within(page.getByRole('region', { name: `Alert ${n}` })),
    cards: () => page.queryAllByRole('region', { name: /^Alert \d$/ }),
    /** Starts the refetch (it may be held) and lets what has come in render. */
    liveUpdate: () =>
      act(async () => {
        void refreshLiveQueries(client, 'sonar_alerts');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }),
    page,
  };
}
type Tab = ReturnType<typeof openTab>;

/** A field by its label (a required one's label ends with its marker). */
const field = (scope: ReturnType<typeof within>, label: string) => scope.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;
const type = (tab: Tab, n: number, label: string, value: string) => fireEvent.change(field(tab.card(n), label), { target: { value } });
const value = (tab: Tab, n: number, label: string) => field(tab.card(n), label).value;
const companies = (tab: Tab) => tab.cards().map((card) => field(within(card), 'Company name').value);
const click = (tab: Tab, n: number, name: string) => fireEvent.click(tab.card(n).getByRole('button', { name }));

async function loaded(tab: Tab) {
  await tab.page.findAllByRole('region', { name: /^Alert \d$/ });
  return tab;
}

/** The toasts the page asked for (sonner keeps its toasts between tests: its calls are checked instead). */
const toasts = { info: vi.spyOn(toast, 'info'), success: vi.spyOn(toast, 'success') };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.info.mockClear();
  toasts.success.mockClear();
});

describe('News Alerts: races between saves and reloads', () => {
  it('a slow create: the live update shows the alert before the answer, then it is the card’s alert, once', async () => {
    const api = fakeApi([]);
    const tab = await loaded(openTab());
    type(tab, 1, 'Company name', 'Acme');
    click(tab, 1, 'TUE');
    api.hold('POST');
    click(tab, 1, 'Save Changes');
    await tab.card(1).findByRole('button', { name: 'Saving...' });
    await tab.liveUpdate();
    await waitFor(() => expect(companies(tab)).toEqual(['Acme', 'Acme', '']));
    await api.release();
    await waitFor(() => expect(companies(tab)).toEqual(['Acme', '', '']));
    expect(tab.card(1).getByText('All changes saved')).toBeTruthy();
    expect(tab.card(1).queryByText('Not saved')).toBeNull();
  });

  it('a list fetched before a save and answered after it does not undo the save, nor call the new alert deleted', async () => {
    const api = fakeApi([]);
    const tab = await loaded(openTab());
    type(tab, 1, 'Company name', 'Acme');
    click(tab, 1, 'TUE');
    // Keywords with blanks: the server stores them cleaned up, which the card shows once saved.
    type(tab, 1, 'Keywords', 'merger, , layoffs ');
    api.hold('GET');
    await tab.liveUpdate();
    click(tab, 1, 'Save Changes');
    await waitFor(() => expect(tab.card(1).getByText('All changes saved')).toBeTruthy());
    expect(value(tab, 1, 'Keywords')).toBe('merger, layoffs');
    // The old list (no alert yet) comes in: it was cancelled, and fetched again after the save.
    await api.release();
    expect(companies(tab)).toEqual(['Acme', '', '']);
    expect(tab.card(1).queryByText('Not saved')).toBeNull();
    expect(toasts.info).not.toHaveBeenCalled();
    expect(api.requests.filter((m) => m === 'GET')).toHaveLength(3);
  });

  it('a save shows its answer at once; the saving tab does not fetch the list again', async () => {
    const api = fakeApi(['Initech']);
    const tab = await loaded(openTab());
    type(tab, 1, 'Company name', 'Initech Renamed');
    click(tab, 1, 'Save Changes');
    await waitFor(() => expect(tab.card(1).getByText('All changes saved')).toBeTruthy());
    expect(value(tab, 1, 'Company name')).toBe('Initech Renamed');
    expect(api.requests).toEqual(['GET', 'PUT']);
  });

  it('edits made while the save is on its way stay, and keep the card dirty', async () => {
    const api = fakeApi(['Initech']);
    const tab = await loaded(openTab());
    type(tab, 1, 'Company name', 'First');
    api.hold('PUT');
    click(tab, 1, 'Save Changes');
    type(tab, 1, 'Company name', 'Second');
    await api.release();
    await waitFor(() => expect(tab.card(1).getByRole('button', { name: 'Save Changes' })).toBeTruthy());
    expect(value(tab, 1, 'Company name')).toBe('Second');
  });

  it('two tabs: a save in one moves the other tab’s clean card; a card with edits keeps them', async () => {
    fakeApi(['Initech', 'Globex']);
    const mine = await loaded(openTab());
    const other = await loaded(openTab());
    type(mine, 1, 'Keywords', 'typed here');
    type(other, 1, 'Company name', 'Initech Renamed');
    click(other, 1, 'Save Changes');
    type(other, 2, 'Company name', 'Globex Corporation');
    click(other, 2, 'Save Changes');
    await waitFor(() => expect(other.card(2).getByText('All changes saved')).toBeTruthy());
    // The live update reaches both tabs.
    await mine.liveUpdate();
    await other.liveUpdate();
    await waitFor(() => expect(value(mine, 2, 'Company name')).toBe('Globex Corporation'));
    expect(value(mine, 1, 'Company name')).toBe('Initech');
    expect(value(mine, 1, 'Keywords')).toBe('typed here');
    expect(mine.card(1).getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(companies(other)).toEqual(['Initech Renamed', 'Globex Corporation', '']);
  });

  it('an alert deleted in another tab: an edited card stays, unsaved, and says so once; a clean one goes', async () => {
    const api = fakeApi(['One', 'Two', 'Three', 'Four', 'Five']);
    const tab = await loaded(openTab());
    type(tab, 4, 'Keywords', 'typed before the delete');
    api.remove('Four');
    api.remove('Five');
    await tab.liveUpdate();
    await waitFor(() => expect(toasts.info.mock.calls).toEqual([[deletedElsewhereText]]));
    expect(companies(tab)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(tab.card(4).getByText('Not saved')).toBeTruthy();
    expect(value(tab, 4, 'Keywords')).toBe('typed before the delete');
    // Saved again, it is a new alert.
    click(tab, 4, 'Save Changes');
    await waitFor(() => expect(tab.card(4).queryByText('Not saved')).toBeNull());
    expect(toasts.success).toHaveBeenCalledWith(newsAlertMessages.created);
    expect(toasts.info).toHaveBeenCalledTimes(1);
  });

  it('a delete from this page answered after the live update is no delete elsewhere, edits or not', async () => {
    const api = fakeApi(['One', 'Two', 'Three', 'Four']);
    const tab = await loaded(openTab());
    type(tab, 4, 'Keywords', 'typed, then deleted');
    api.hold('DELETE');
    click(tab, 4, 'Delete alert');
    await waitFor(() => expect(api.requests).toContain('DELETE'));
    await tab.liveUpdate();
    await waitFor(() => expect(tab.cards()).toHaveLength(3));
    await api.release();
    expect(tab.cards()).toHaveLength(3);
    expect(toasts.info).not.toHaveBeenCalled();
  });

  it('an alert created in another tab takes a clean placeholder’s place, never one being typed in', async () => {
    const api = fakeApi(['One']);
    const tab = await loaded(openTab());
    type(tab, 3, 'Company name', 'Typed');
    api.add('Two');
    api.add('Three');
    await tab.liveUpdate();
    await waitFor(() => expect(companies(tab)).toEqual(['One', 'Two', 'Three', 'Typed']));
    api.rename('Two', 'Two renamed');
    await tab.liveUpdate();
    await waitFor(() => expect(companies(tab)).toEqual(['One', 'Two renamed', 'Three', 'Typed']));
  });
});
