import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
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

/** Every route renders inside: scroll handling, document title, the global overlay (toasts, modals). */
export function RootLayout() {
  return (
    <>
      <ScrollManager />
      <DocumentTitle />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      {/* No overlay while prerendering on the server (scripts/prerender.ts): portals need a DOM. */}
      {typeof document !== 'undefined' && <ToastViewport container={overlayElement()} />}
    </>
  );
}
