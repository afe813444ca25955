import { LOCALE_BASENAME } from './locale.ts';

export const SIGN_IN_PATH = '/sign-in';
export const DASHBOARD_PATH = '/dashboard';
export const WORKSPACE_PATH = '/onboarding/workspace';
export const CHANGE_PASSWORD_PATH = '/users/password/change';

/** The path as the browser shows it, language prefix and query included: what redirect_to carries. */
export function fullBrowserPath(location: { pathname: string; search: string; hash: string }): string {
  const path = location.pathname === '/' ? '' : location.pathname;
  return `${LOCALE_BASENAME}${path || (LOCALE_BASENAME ? '' : '/')}${location.search}${location.hash}`;
}

export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  return `${SIGN_IN_PATH}?redirect_to=${encodeURIComponent(fullBrowserPath(location))}`;
}

/**
 * Where to go after signing in: redirect_to when it is a path on this site (language prefix removed, since the
 * router adds its own), else the dashboard. Anything that could leave the site (//host, https:) is ignored.
 */
export function afterSignInPath(redirectTo: string | null): string {
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.includes('\\')) return DASHBOARD_PATH;
  if (LOCALE_BASENAME && (redirectTo === LOCALE_BASENAME || redirectTo.startsWith(`${LOCALE_BASENAME}/`) || redirectTo.startsWith(`${LOCALE_BASENAME}?`))) {
    const rest = redirectTo.slice(LOCALE_BASENAME.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return redirectTo;
}
