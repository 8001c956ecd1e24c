// TanStack Query for the screens that use it: every one but the landing and sign-in pages, which come
// with the app's own code and read its cache without its code (lib/first-screen-queries.ts, issue 27).
// A layout route of its own (router.tsx), so its code loads with theirs.
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';

export function QueryProvider() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
