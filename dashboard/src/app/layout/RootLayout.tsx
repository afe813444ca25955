import { Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { useAnalytics } from '../../features/analytics/useAnalytics.ts';
import { userAtom } from '../../features/auth/userAtom.ts';
import { ConfirmHost } from '../../ui/ConfirmHost.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { ToastViewport } from '../../ui/ToastViewport.tsx';
import { DocumentTitle } from './DocumentTitle.tsx';
import { ScrollManager } from './ScrollManager.tsx';

function overlayElement(): Element {
  let overlay = document.getElementById('overlay');
  if (!overlay) {
    overlay = document.createElement('div');
    overlay.id = 'overlay';
    document.body.append(overlay);
  }
  return overlay;
}

/** Every route renders inside: scroll handling, document title, the global overlay (toasts, modals) and the app's confirmation dialog. */
export function RootLayout() {
  // Set after mount: a portal cannot be hydrated, and prerendered pages (scripts/prerender.ts) have no overlay yet.
  const [overlay, setOverlay] = useState<Element | null>(null);
  useEffect(() => setOverlay(overlayElement()), []);
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
      {overlay && <ToastViewport container={overlay} />}
    </>
  );
}
