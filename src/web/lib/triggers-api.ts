// An alert's "As it happens" setting (/api/triggers, issue 31) as TanStack Query hooks for the alert
// cards' box (components/alert-triggers.tsx), and the user's rules for those events (quiet hours,
// time zone, urgent kinds, daily cap) for the channels page's section. The queries follow live
// changes to their tables, so a change saved in another tab shows without a reload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TriggerAlertType, TriggerSettings, TriggerSettingsAnswer, TriggerSubscription } from '../../shared/triggers.ts';
import { api } from './api-client.ts';
import { liveTables } from './live-updates.ts';

const path = (type: TriggerAlertType, id: string) => `/api/triggers/alerts/${type}/${encodeURIComponent(id)}`;
const subscriptionKey = (type: TriggerAlertType, id: string) => ['triggers', 'alert', type, id] as const;

export function useTriggerSubscription(type: TriggerAlertType, id: string) {
  return useQuery({
    queryKey: subscriptionKey(type, id),
    queryFn: () => api<{ subscription: TriggerSubscription }>(path(type, id)),
    select: (answer) => answer.subscription,
    meta: liveTables('trigger_subscriptions'),
  });
}

export function useSaveTriggerSubscription(type: TriggerAlertType, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscription: TriggerSubscription) =>
      api<{ subscription: TriggerSubscription }>(path(type, id), { method: 'PUT', body: subscription }),
    onSuccess: (answer) => client.setQueryData(subscriptionKey(type, id), answer),
  });
}

const SETTINGS_PATH = '/api/triggers/settings';
const settingsKey = ['triggers', 'settings'] as const;

/** The user's rules, the defaults (DEFAULT_TRIGGER_SETTINGS) when they never saved any, and whether they did. */
export function useTriggerSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api<TriggerSettingsAnswer>(SETTINGS_PATH),
    meta: liveTables('trigger_settings'),
  });
}

export function useSaveTriggerSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TriggerSettings) => api<TriggerSettingsAnswer>(SETTINGS_PATH, { method: 'PUT', body: settings }),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
  });
}
