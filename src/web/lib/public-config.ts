import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

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

export function usePublicConfig() {
  // Refetched when the tab regains focus (after 5 minutes), which is how a new deployment is noticed.
  return useQuery({ queryKey: ['publicConfig'], queryFn: () => api<PublicConfig>('/api/config'), staleTime: 5 * 60_000 });
}
