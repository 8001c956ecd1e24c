// The newsletter's data: one query (live on newsletter_alerts, and on users, where the default
// notification address comes from) and one save that creates or updates.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Newsletter, NewsletterFormValues, NewsletterResponse } from '../../../shared/newsletter.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';

const newsletterQueryKey = ['newsletter'] as const;

export function useNewsletter() {
  return useQuery({
    queryKey: newsletterQueryKey,
    queryFn: ({ signal }) => api<NewsletterResponse>('/api/newsletter', { signal }),
    meta: liveTables('newsletter_alerts', 'users'),
  });
}

/** POST when the user has no newsletter yet, PUT otherwise; the answer replaces the cached one. */
export function useSaveNewsletter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, exists }: { values: NewsletterFormValues; exists: boolean }) =>
      api<{ newsletter: Newsletter }>('/api/newsletter', { method: exists ? 'PUT' : 'POST', body: values }),
    onSuccess: ({ newsletter }) => {
      client.setQueryData<NewsletterResponse>(newsletterQueryKey, (old) => old && { ...old, newsletter });
    },
    // Saved or refused (e.g. a POST after another tab created the newsletter: 409), show the server's state.
    // A PUT does not check for changes made meanwhile elsewhere: it overwrites them.
    onSettled: () => client.invalidateQueries({ queryKey: newsletterQueryKey }),
  });
}
