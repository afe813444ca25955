import type { WidgetNavigationEvent as NavigationEvent } from '@showback/contract';
import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';

export function captureNavigation(record: (e: Captured) => void): Restore[] {
  const nav = (trigger: NavigationEvent['trigger']) => guard(() => record({ kind: 'navigation', t: Date.now(), url: location.href, trigger }));
  const wrap = (name: 'pushState' | 'replaceState', trigger: 'push' | 'replace') =>
    patch(history, name, (orig) =>
      function (this: unknown) {
        // eslint-disable-next-line prefer-rest-params
        const r = Reflect.apply(orig, this, arguments);
        nav(trigger);
        return r;
      },
    );
  const onPop = () => nav('pop');
  const onHash = () => nav('hash');
  addEventListener('popstate', onPop);
  addEventListener('hashchange', onHash);
  return [
    wrap('pushState', 'push'),
    wrap('replaceState', 'replace'),
    () => {
      removeEventListener('popstate', onPop);
      removeEventListener('hashchange', onHash);
    },
  ];
}
