import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { useAnalytics } from '../../features/analytics/useAnalytics.ts';
import { userAtom } from '../../features/auth/userAtom.ts';
import { ConfirmHost } from '../../ui/ConfirmHost.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { ToastViewport } from '../../ui/ToastViewport.tsx';
import { DocumentTitle } from './DocumentTitle.tsx';
import { ScrollManager } from './ScrollManager.tsx';

/** Every route renders inside: scroll handling, document title, the global overlay (toasts, modals) and the app's confirmation dialog. */
export function RootLayout() {
  // No state here: a re-render of this layout just after hydration would reach the page's dehydrated Suspense
  // boundary and make React hydrate the whole page at once, in one long task, instead of in idle-time slices.
  // Spec §4: analytics for signed-in users when the page carries a write key; the client loads lazily.
  useAnalytics(useAtomValue(userAtom));
  return (
    <>
      <ScrollManager />
      <DocumentTitle />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ConfirmHost />
      <ToastViewport />
    </>
  );
}
