import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseLocale } from '@showback/contract';
import { App } from './app/App.tsx';
import { noopBridge, type EmbedModule, type HostBridge } from './app/hostBridge.ts';
import { localeFromPath, tokenFromPath } from './app/token.ts';
import { setLocale } from './messages/index.ts';
import { LinkErrorPage } from './steps/LinkErrorPage.tsx';
import './app/styles.css';

// The widget's host bridge lives in src/embed/ (its own folder); it is loaded only inside a frame (or a tab a frame
// opened), so the standalone page never downloads it, and the recorder builds whether or not that folder exists yet.
const embedModules = import.meta.glob<EmbedModule>('./embed/index.ts');

async function loadBridge(): Promise<{ bridge: HostBridge; embedded: boolean }> {
  const load = embedModules['./embed/index.ts'];
  // Framed, or opened by the widget's frame as a tab of its own: both talk to the host page.
  if ((window.parent === window && !window.opener) || !load) return { bridge: noopBridge, embedded: false };
  try {
    const bridge = await (await load()).createHostBridge();
    return bridge ? { bridge, embedded: true } : { bridge: noopBridge, embedded: false };
  } catch {
    return { bridge: noopBridge, embedded: false };
  }
}

const root = createRoot(document.getElementById('root')!);
const token = tokenFromPath(window.location.pathname);
const debug = new URLSearchParams(window.location.search).get('debug') === '1';
// The language before the request is known (its own setting comes with it: useRequestLoad); the first paint is in it.
// Its strings failing to arrive leaves English, rather than no page.
const language = setLocale(chooseLocale({ given: localeFromPath(window.location.pathname), browser: navigator.languages })).catch(() => false);

if (!token) {
  void language.then(() => root.render(<LinkErrorPage code="NOT_FOUND" />));
} else {
  void Promise.all([loadBridge(), language]).then(([{ bridge, embedded }]) =>
    root.render(
      <StrictMode>
        <App token={token} bridge={bridge} embedded={embedded} debug={debug} />
      </StrictMode>,
    ),
  );
}
