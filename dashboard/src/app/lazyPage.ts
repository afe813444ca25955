import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route-level chunk: `lazyPage(() => import('../features/x/XPage.tsx'), 'XPage')` for a named export. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own lazy() is typed with ComponentType<any>
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
