import type { CreateWidget } from './widget-host.ts';
import { sbError } from './sb-error.ts';

export const WIDGET_LOADED_EVENT = 'showback:widget';

/**
 * Script-tag build: loads `/sdk/showback-widget.js` with the page's nonce (a nonce-only CSP allows it, where a
 * dynamic `import()` would need 'strict-dynamic'). The widget hands itself over through an event on its own
 * `<script>` element, so no global is needed.
 */
export function loadWidget(host: string, nonce: string | undefined): Promise<CreateWidget> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = `${host}/sdk/showback-widget.js`;
    s.async = true;
    if (nonce) s.nonce = nonce;
    s.addEventListener(WIDGET_LOADED_EVENT, (e) => resolve((e as CustomEvent<CreateWidget>).detail));
    const fail = () => reject(sbError('LOAD_FAILED', `Could not load ${s.src}`));
    s.onerror = fail;
    s.onload = () => setTimeout(fail);
    document.head.appendChild(s);
  });
}
