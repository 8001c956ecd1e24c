// The newsletter's data: one query (live on newsletter_alerts) and one save that creates or updates.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Newsletter, NewsletterFormValues, NewsletterResponse } from '../../../shared/newsletter.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';

const newsletterQueryKey = ['newsletter'] as const;

export function useNewsletter() {
  return useQuery({
    queryKey: newsletterQueryKey,
    queryFn: ({ signal }) => api<NewsletterResponse>('/api/newsletter', { signal }),
    meta: liveTables('newsletter_alerts'),
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
    // Whatever happened (saved, or refused because the record changed meanwhile), show the server's state.
    onSettled: () => client.invalidateQueries({ queryKey: newsletterQueryKey }),
  });
}
