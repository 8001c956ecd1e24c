// The newsletter's data: one query (live on newsletter_alerts, and on users, where the default
// notification address comes from) and one save that creates or updates.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Newsletter, NewsletterFormValues, NewsletterResponse } from '../../../shared/newsletter.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';
import { useSaveIntoCache } from '../../lib/save-into-cache.ts';

const newsletterQueryKey = ['newsletter'] as const;

export function useNewsletter() {
  return useQuery({
    queryKey: newsletterQueryKey,
    queryFn: ({ signal }) => api<NewsletterResponse>('/api/newsletter', { signal }),
    meta: liveTables('newsletter_alerts', 'users'),
  });
}

/** POST when the user has no newsletter yet, PUT otherwise; the answer replaces the cached one (lib/save-into-cache.ts). */
export function useSaveNewsletter() {
  return useMutation({
    mutationFn: ({ values, exists }: { values: NewsletterFormValues; exists: boolean }) =>
      api<{ newsletter: Newsletter }>('/api/newsletter', { method: exists ? 'PUT' : 'POST', body: values }),
    // A PUT does not check for changes made meanwhile elsewhere: it overwrites them.
    ...useSaveIntoCache(newsletterQueryKey, (data: NewsletterResponse, { newsletter }: { newsletter: Newsletter }) => ({
      ...data,
      newsletter,
    })),
  });
}
