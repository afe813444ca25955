import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { LOCALE_BASENAME } from './app/locale.ts';
import { routes } from './app/routes.tsx';
import { startApp } from './app/startApp.ts';
import { store } from './app/store.ts';
import './ui/theme.css';

// Between the start's steps (evaluating the modules, building the router, hydrating) the browser gets the main thread
// back: as one task they held a mid-range phone for about 200 ms, with no answer to a tap on the prerendered page.
const yieldToMain = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

void startApp().then(async () => {
  await yieldToMain();
  // The language prefix of this page load becomes the router's basename, so every link and redirect keeps it.
  const router = createBrowserRouter(routes, LOCALE_BASENAME ? { basename: LOCALE_BASENAME } : undefined);
  await yieldToMain();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>
  );
  // Public pages arrive prerendered (scripts/prerender.ts): hydrate that HTML instead of rendering from scratch.
  // The markup was rendered without a language prefix, so under one (/de/pricing) its links are wrong: render anew.
  if (root.firstElementChild && !LOCALE_BASENAME) {
    hydrateRoot(root, app);
  } else {
    // Not replaceChildren(): Chrome 85 lacks it.
    root.textContent = '';
    createRoot(root).render(app);
  }
});
