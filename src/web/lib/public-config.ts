import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPublicConfig } from './app-requests.ts';

export type PublicConfig = {
  version: string;
  /** The deployed web build; differs from __BUILD_ID__ once a new version is out. */
  buildId: string | null;
  waitlistUrl: string | null;
  posthogKey: string | null;
  posthogHost: string;
  clientPortalUrl: string | null;
  support: { email: string | null; chatUrl: string | null; chatName: string };
  companyLinkedinUrl: string | null;
  plan: { name: string; nextTier: string; airGenerations: number };
  devMailbox: boolean;
};

// Refetched when the tab regains focus (after 5 minutes), which is how a new deployment is noticed.
export const publicConfigQuery = queryOptions({
  queryKey: ['publicConfig'],
  queryFn: fetchPublicConfig,
  staleTime: 5 * 60_000,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
