import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { userAtom } from '../features/auth/userAtom.ts';
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

/** Protected routes: a visitor without a stored user goes to sign-in with redirect_to holding the full path. */
export function RequireUser() {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  if (!user?.id) return <Navigate to={signInPathFor(location)} replace />;
  if (user.must_change_password && location.pathname !== CHANGE_PASSWORD_PATH) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <Outlet />;
}

/** Protected routes that are not exempt: an owner whose account has not finished onboarding goes to the workspace step. */
export function RequireOnboarded() {
  const user = useAtomValue(userAtom);
  if (user?.role === 'owner' && !user.account?.onboarding_completed) return <Navigate to={WORKSPACE_PATH} replace />;
  return <Outlet />;
}

/** /donkey: system admins only; anyone else goes to the dashboard. */
export function RequireAdmin() {
  const user = useAtomValue(userAtom);
  if (!user?.is_sysadmin) return <Navigate to={DASHBOARD_PATH} replace />;
  return <Outlet />;
}

/** /onboarding/workspace for an account that finished onboarding goes to the dashboard. */
export function RedirectIfOnboarded({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  if (user?.account?.onboarding_completed) return <Navigate to={DASHBOARD_PATH} replace />;
  return children;
}

/** Sign-in for a user who is already signed in goes to the dashboard. */
export function RedirectIfSignedIn() {
  const user = useAtomValue(userAtom);
  if (user?.id) return <Navigate to={DASHBOARD_PATH} replace />;
  return <Outlet />;
}

/** Spec §2: an unknown path goes to the dashboard with not_found=true (which then applies its own guards). */
export function NotFoundRedirect() {
  return <Navigate to={`${DASHBOARD_PATH}?not_found=true`} replace />;
}
