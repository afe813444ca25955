import { useEffect, useRef, useState } from 'react';
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

  // Paths seen while the client loads are kept and tracked once it is there: a quick first click must not lose the
  // page the user landed on.
  const seen = useRef<string[]>([]);
  useEffect(() => {
    if (!signedIn) return;
    seen.current.push(pathname);
    if (runtime) for (const path of seen.current.splice(0)) runtime.trackPage(path, `${location.origin}${path}`);
  }, [signedIn, runtime, pathname]);
}
