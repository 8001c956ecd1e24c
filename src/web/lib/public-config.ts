import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export type PublicConfig = {
  version: string;
  waitlistUrl: string | null;
  posthogKey: string | null;
  posthogHost: string;
  clientPortalUrl: string | null;
  devMailbox: boolean;
};

export function usePublicConfig() {
  return useQuery({ queryKey: ['publicConfig'], queryFn: () => api<PublicConfig>('/api/config'), staleTime: Number.POSITIVE_INFINITY });
}
