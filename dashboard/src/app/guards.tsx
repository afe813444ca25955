import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { userAtom } from '../features/auth/userAtom.ts';
import { useUserAfterHydration } from '../features/auth/useUserAfterHydration.ts';
import { CHANGE_PASSWORD_PATH, DASHBOARD_PATH, signInPathFor, WORKSPACE_PATH } from './paths.ts';

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

/** Sign-in for a user who is already signed in goes to the dashboard (once the prerendered visitor's form hydrated). */
export function RedirectIfSignedIn() {
  const user = useUserAfterHydration();
  if (user?.id) return <Navigate to={DASHBOARD_PATH} replace />;
  return <Outlet />;
}

/** Spec §2: an unknown path goes to the dashboard with not_found=true (which then applies its own guards). */
export function NotFoundRedirect() {
  return <Navigate to={`${DASHBOARD_PATH}?not_found=true`} replace />;
}
