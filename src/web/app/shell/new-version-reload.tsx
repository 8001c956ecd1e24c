// DESIGN §6: instead of the original once-a-day forced reload, load the new version of the app
// at the next navigation after a deployment, so nobody runs stale code and no typing is lost.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfigData } from '../../lib/first-screen-queries.ts';

export function NewVersionReload() {
  const data = usePublicConfigData();
  const location = useLocation();
  const outdated = !import.meta.env.DEV && Boolean(data?.buildId && data.buildId !== __BUILD_ID__);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useEffect(() => {
    if (outdated) window.location.reload();
  }, [location.pathname]);

  return null;
}
