// @vitest-environment jsdom
// The channels page's "As it happens" (issue 31) against a fake triggers API: loading and the load
// error, the defaults with the browser's own time zone preselected and said to be not saved yet (the
// server's `saved`), a saved row shown as saved even when it equals the defaults,
// Save only for a change, every message the user can cause shown under its field without a
// request, the server's refusal shown as it says, and live updates.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  DEFAULT_TRIGGER_SETTINGS,
  MAX_DAILY_CAP,
  TRIGGER_KINDS,
  type TriggerSettings,
  triggerSettingsMessages as text,
  triggerKindLabels,
  triggerMessages,
} from '../../../shared/triggers.ts';
import { refreshLiveQueries } from '../../lib/live-updates.ts';
import { fakeTriggersApi } from '../../lib/test-triggers-api.ts';
import { TriggerSettingsSection } from './trigger-settings.tsx';

const toasts = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error') };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  zoneSpy?.mockRestore();
  zoneSpy = undefined;
  toasts.success.mockClear();
  toasts.error.mockClear();
});

let zoneSpy: { mockRestore: () => void } | undefined;

/** The browser's own zone, as the section asks for it. */
function browserZone(zone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  zoneSpy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: zone };
  });
}

const BERLIN: TriggerSettings = {
  quietHours: { start: '22:30', end: '06:15' },
  timeZone: 'Europe/Berlin',
  urgentKinds: ['leadership', 'bankruptcy'],
  dailyCap: 3,
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  render(
    <QueryClientProvider client={client}>
      <TriggerSettingsSection />
    </QueryClientProvider>,
  );
  return {
    liveUpdate: () =>
      act(async () => {
        await refreshLiveQueries(client, 'trigger_settings');
      }),
  };
}

const form = () => screen.findByRole('form', { name: text.title });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const quietToggle = () => screen.getByRole('checkbox', { name: text.quietToggle }) as HTMLInputElement;
const zone = () => screen.getByLabelText(text.timeZone) as HTMLSelectElement;
const urgent = () => within(screen.getByRole('group', { name: text.urgentLegend }));
const urgentBox = (kind: keyof typeof triggerKindLabels) =>
  urgent().getByRole('checkbox', { name: triggerKindLabels[kind] }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const set = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
/** The message a field shows (its error, else its hint), by its aria-describedby. */
const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
/** The "not saved yet" note, when shown. */
const notSaved = () => screen.queryByRole('note');
const puts = (api: ReturnType<typeof fakeTriggersApi>) => api.requests.filter((r) => r.method === 'PUT');

describe('TriggerSettingsSection', () => {
  it('shows loading until the settings come, and the load error (no form) when they cannot', async () => {
    const api = fakeTriggersApi();
    api.answerNext('GET', 'pending');
    renderSection();
    expect(screen.getByRole('heading', { name: text.title })).toBeTruthy();
    expect(screen.getByText(text.intro)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    cleanup();

    api.answerNext('GET', api.refusal(500, 'internal', 'Something went wrong on our side. Please try again.'));
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toBe(text.loadError);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('with nothing saved, shows the defaults with the browser’s own zone preselected, to be saved', async () => {
    browserZone('Europe/Berlin');
    const api = fakeTriggersApi();
    renderSection();
    await form();
    expect(api.requests).toEqual([{ method: 'GET', path: '/api/triggers/settings', body: null }]);
    expect(quietToggle().checked).toBe(true);
    expect(input(text.quietStart).type).toBe('time');
    expect(input(text.quietStart).value).toBe('20:00');
    expect(input(text.quietEnd).value).toBe('07:00');
    expect(zone().value).toBe('Europe/Berlin');
    expect([...zone().options].map((option) => option.value)).toEqual(Intl.supportedValuesOf('timeZone'));
    expect(
      urgent()
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(TRIGGER_KINDS.map((kind) => triggerKindLabels[kind]));
    expect(
      urgent()
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);
    expect(input(text.capLabel).value).toBe('10');
    expect(input(text.capLabel).type).toBe('number');
    expect(describedBy(input(text.capLabel))).toBe(text.capHelp);
    // Nothing is saved yet: the note says what applies until then, and Save is on.
    expect(notSaved()?.textContent).toBe(text.notSaved);
    expect(describedBy(await form())).toBe(text.notSaved);
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(text.saved));
    expect(puts(api).map((r) => r.body)).toEqual([{ ...DEFAULT_TRIGGER_SETTINGS, timeZone: 'Europe/Berlin' }]);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(notSaved()).toBeNull();
  });

  it('with nothing saved and a browser zone it does not know, preselects the default; the defaults as they are can be saved', async () => {
    browserZone('Mars/Olympus_Mons');
    const api = fakeTriggersApi();
    renderSection();
    await form();
    expect(zone().value).toBe(DEFAULT_TIME_ZONE);
    expect(notSaved()?.textContent).toBe(text.notSaved);
    // Not saved yet, even values equal to the defaults are the user's to save.
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(text.saved));
    expect(puts(api).map((r) => r.body)).toEqual([DEFAULT_TRIGGER_SETTINGS]);
    await waitFor(() => expect(notSaved()).toBeNull());
    expect(saveButton().disabled).toBe(true);
  });

  it('a saved row equal to the defaults shows as saved: its own zone, no note, nothing to save', async () => {
    browserZone('Asia/Tokyo');
    const api = fakeTriggersApi();
    api.settings.saved = structuredClone(DEFAULT_TRIGGER_SETTINGS);
    renderSection();
    await form();
    expect(zone().value).toBe(DEFAULT_TIME_ZONE);
    expect(notSaved()).toBeNull();
    expect((await form()).getAttribute('aria-describedby')).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('a saved zone the browser does not list still shows as chosen', async () => {
    const api = fakeTriggersApi();
    api.settings.saved = { ...BERLIN, timeZone: 'UTC' };
    renderSection();
    await form();
    expect(zone().value).toBe('UTC');
    expect(saveButton().disabled).toBe(true);
  });

  it('shows the saved settings (not the browser’s zone); Save only for a change not undone', async () => {
    browserZone('Asia/Tokyo');
    const api = fakeTriggersApi();
    api.settings.saved = structuredClone(BERLIN);
    renderSection();
    await form();
    expect(input(text.quietStart).value).toBe('22:30');
    expect(input(text.quietEnd).value).toBe('06:15');
    expect(zone().value).toBe('Europe/Berlin');
    expect(TRIGGER_KINDS.filter((kind) => urgentBox(kind).checked)).toEqual(['leadership', 'bankruptcy']);
    expect(input(text.capLabel).value).toBe('3');
    expect(saveButton().disabled).toBe(true);

    set(text.capLabel, '4');
    expect(saveButton().disabled).toBe(false);
    set(text.capLabel, '3');
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(urgentBox('bankruptcy'));
    fireEvent.click(urgentBox('bankruptcy'));
    expect(saveButton().disabled).toBe(true);
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('saves every change at once, urgent kinds in the list’s order, and no quiet hours as null', async () => {
    const api = fakeTriggersApi();
    api.settings.saved = structuredClone(BERLIN);
    renderSection();
    await form();
    set(text.quietStart, '21:00');
    set(text.quietEnd, '08:00');
    fireEvent.change(zone(), { target: { value: 'America/Chicago' } });
    fireEvent.click(urgentBox('activist'));
    fireEvent.click(urgentBox('leadership'));
    fireEvent.click(urgentBox('agreement'));
    set(text.capLabel, String(MAX_DAILY_CAP));
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(text.saved));
    const chicago = {
      quietHours: { start: '21:00', end: '08:00' },
      timeZone: 'America/Chicago',
      urgentKinds: ['agreement', 'bankruptcy', 'activist'],
      dailyCap: MAX_DAILY_CAP,
    };
    expect(puts(api).map((r) => r.body)).toEqual([chicago]);
    await waitFor(() => expect(saveButton().disabled).toBe(true));

    // No quiet hours: the times hidden (back as they were when switched on again), and sent as null.
    fireEvent.click(quietToggle());
    expect(screen.queryByLabelText(text.quietStart)).toBeNull();
    expect(screen.queryByLabelText(text.quietEnd)).toBeNull();
    fireEvent.click(quietToggle());
    expect(input(text.quietStart).value).toBe('21:00');
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(quietToggle());
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(2));
    expect(puts(api)[1]?.body).toEqual({ ...chicago, quietHours: null });
    expect(api.settings.saved?.quietHours).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(quietToggle().checked).toBe(false);
    // Saved as none, the server keeps no times: switched on, the usual ones are offered.
    fireEvent.click(quietToggle());
    expect(input(text.quietStart).value).toBe('20:00');
    expect(input(text.quietEnd).value).toBe('07:00');
    expect(saveButton().disabled).toBe(false);
  });

  it.each([
    ['a start time cleared', text.quietStart, '', text.timeInvalid],
    ['an end time past midnight', text.quietEnd, '24:00', text.timeInvalid],
    ['the same start and end', text.quietEnd, '22:30', text.quietSame],
    ['a cap of 0', text.capLabel, '0', text.capRange],
    [`a cap of ${MAX_DAILY_CAP + 1}`, text.capLabel, String(MAX_DAILY_CAP + 1), text.capRange],
    ['a cap of 2.5', text.capLabel, '2.5', text.capRange],
    ['no cap', text.capLabel, '', text.capRange],
  ])('refuses %s under its field, without a request; the message goes on the next edit', async (_case, label, value, message) => {
    const api = fakeTriggersApi();
    api.settings.saved = structuredClone(BERLIN);
    renderSection();
    await form();
    set(label, value);
    fireEvent.click(saveButton());
    expect(describedBy(input(label))).toBe(message);
    expect(input(label).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(puts(api)).toEqual([]);
    expect(toasts.success).not.toHaveBeenCalled();

    set(label, label === text.capLabel ? '5' : '23:00');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(text.saved));
    expect(puts(api)).toHaveLength(1);
  });

  it('shows the server’s refusal under the field it names, else as it says (as text), and keeps the change', async () => {
    const api = fakeTriggersApi();
    api.settings.saved = structuredClone(BERLIN);
    renderSection();
    await form();
    set(text.capLabel, '7');
    api.answerNext('PUT', api.refusal(400, 'validation', text.timeZoneUnknown, { timeZone: text.timeZoneUnknown }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(describedBy(zone())).toBe(text.timeZoneUnknown));

    set(text.capLabel, '8');
    api.answerNext('PUT', api.refusal(400, 'validation', triggerMessages.kindUnknown, { 'urgentKinds.0': triggerMessages.kindUnknown }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(describedBy(screen.getByRole('group', { name: text.urgentLegend }))).toBe(triggerMessages.kindUnknown));

    set(text.capLabel, '9');
    api.answerNext('PUT', api.refusal(503, 'unavailable', 'Back in a minute <b>soon</b>'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Back in a minute <b>soon</b>'));
    expect(document.querySelector('b')).toBeNull();
    expect(toasts.success).not.toHaveBeenCalled();
    expect(input(text.capLabel).value).toBe('9');
    expect(saveButton().disabled).toBe(false);
    expect(api.settings.saved).toEqual(BERLIN);
  });

  it('follows live updates: settings saved elsewhere show without a reload', async () => {
    const api = fakeTriggersApi();
    api.settings.saved = structuredClone(BERLIN);
    const view = renderSection();
    await form();
    api.settings.saved = { ...BERLIN, quietHours: null, dailyCap: 12, urgentKinds: ['ipo'] };
    await view.liveUpdate();
    await waitFor(() => expect(quietToggle().checked).toBe(false));
    expect(input(text.capLabel).value).toBe('12');
    expect(TRIGGER_KINDS.filter((kind) => urgentBox(kind).checked)).toEqual(['ipo']);
    expect(saveButton().disabled).toBe(true);
  });
});
