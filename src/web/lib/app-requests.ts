// The requests for the session and the app's public config, in a file of their own without TanStack
// Query: the code of the first screen makes them (first-screen-queries.ts), and it comes without
// TanStack Query's code (issue 27), which a file with the queries' hooks would bring along.
import type { Profile } from '../../shared/schemas.ts';
import { api } from './api-client.ts';
import type { PublicConfig } from './public-config.ts';

/** GET /api/profile/current answers { profile: null } without a session. */
export async function fetchSession(): Promise<Profile | null> {
  return (await api<{ profile: Profile | null }>('/api/profile/current')).profile;
}

export const fetchPublicConfig = () => api<PublicConfig>('/api/config');
