import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { AnalyticsUser } from './constants.ts';
import { readAnalyticsConfig } from './readAnalyticsConfig.ts';

type Runtime = typeof import('./analyticsRuntime.ts');

/**
 * Layout hook (spec §4): only for a signed-in user and only when the page carries a write key. The client is a
 * separate chunk, so visitors and pages without analytics never download it.
 */
export function useAnalytics(user: AnalyticsUser | null | undefined): void {
  const { pathname } = useLocation();
  const [runtime, setRuntime] = useState<Runtime>();
  const id = user?.id;
  const email = user?.email;
  const signedIn = id !== undefined && id !== null && id !== '';

  useEffect(() => {
    if (!signedIn) return;
    const config = readAnalyticsConfig();
    if (!config) return;
    let live = true;
    import('./analyticsRuntime.ts')
      .then(async (rt) => {
        await rt.startAnalytics(config, { id, email });
        if (live) setRuntime(() => rt);
      })
      .catch((error: unknown) => console.error('[analytics] could not start', error));
    return () => {
      live = false;
    };
  }, [signedIn, id, email]);

  useEffect(() => {
    if (signedIn && runtime) runtime.trackPage(pathname, `${location.origin}${pathname}`);
  }, [signedIn, runtime, pathname]);
}
