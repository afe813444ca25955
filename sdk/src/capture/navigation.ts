import type { WidgetNavigationEvent as NavigationEvent } from '@showback/contract';
import { listen, patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';

/** History API navigations, back/forward and hash changes. Nothing here can throw (like actions.ts). */
export function captureNavigation(record: (e: Captured) => void): Restore[] {
  const nav = (trigger: NavigationEvent['trigger']) => record({ kind: 'navigation', t: Date.now(), url: location.href, trigger });
  // Recorded after the original ran, so `location.href` is the new URL.
  const wrap = (name: 'pushState' | 'replaceState', trigger: 'push' | 'replace') => patch(history, name, () => (r) => (nav(trigger), r));
  return [wrap('pushState', 'push'), wrap('replaceState', 'replace'), listen('popstate hashchange', (e: Event) => nav(e.type === 'popstate' ? 'pop' : 'hash'))];
}
