import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { LOCALE_BASENAME } from './app/locale.ts';
import { routes } from './app/routes.tsx';
import { startApp } from './app/startApp.ts';
import { store } from './app/store.ts';
import './ui/theme.css';

// The language prefix of this page load becomes the router's basename, so every link and redirect keeps it.
const router = createBrowserRouter(routes, LOCALE_BASENAME ? { basename: LOCALE_BASENAME } : undefined);

void startApp().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
});
