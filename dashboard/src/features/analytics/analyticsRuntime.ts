import { SegmentClient, type SegmentClientOptions } from './SegmentClient.ts';
import type { AnalyticsConfig, AnalyticsUser } from './constants.ts';

let client: SegmentClient | undefined;
let lastPath: string | undefined;

/** Loads analytics once per page and identifies the user; later calls only re-identify. */
export async function startAnalytics(config: AnalyticsConfig, user: AnalyticsUser, options: Partial<SegmentClientOptions> = {}): Promise<SegmentClient> {
  if (!client) {
    const created = new SegmentClient({ ...config, ...options });
    client = created;
    const hide = (): void => created.flushOnHide();
    addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') hide();
    });
  }
  await client.load();
  client.identify(user.id, user.email);
  return client;
}

/** One page view per path change; the same path twice in a row is tracked once. */
export function trackPage(path: string, url: string): boolean {
  if (!client || client.state !== 'loaded' || path === lastPath) return false;
  lastPath = path;
  return client.page(path, url);
}
