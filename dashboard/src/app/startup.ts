import { splitLocale } from './locale.ts';

/** Spec §2 "Start-up": routes that mount without fetching the current user. Any other path fetches it first. */
export const STARTUP_PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/sign-in',
  '/sign-up',
  '/privacy',
  '/terms',
  '/pricing',
  '/faq',
  '/features',
  '/integrations',
  '/contact',
  '/docs/widget-api',
  '/proof',
]);

/** The path the start-up list is matched against: locale prefix and one trailing slash removed. */
export function startupPath(pathname: string): string {
  const { path } = splitLocale(pathname);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function skipsCurrentUserFetch(pathname: string): boolean {
  const path = startupPath(pathname);
  return STARTUP_PUBLIC_PATHS.has(path) || path.startsWith('/r/') || path.startsWith('/s/');
}
