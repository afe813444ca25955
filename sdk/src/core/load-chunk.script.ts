import type { Chunks } from './widget-host.ts';
import { sbError } from './sb-error.ts';

export const CHUNK_LOADED_EVENT = 'showback:chunk';

/**
 * Script-tag build: loads `/sdk/showback-<name>.js` with the page's nonce (a nonce-only CSP allows it, where a
 * dynamic `import()` would need 'strict-dynamic'). The chunk hands its export over through an event on its own
 * `<script>` element, so no global is needed.
 */
export function loadChunk<K extends keyof Chunks>(host: string, nonce: string | undefined, name: K): Promise<Chunks[K]> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = `${host}/sdk/showback-${name}.js`;
    s.async = true;
    if (nonce) s.nonce = nonce;
    s.addEventListener(CHUNK_LOADED_EVENT, (e) => resolve((e as CustomEvent<Chunks[K]>).detail));
    const fail = () => reject(sbError('LOAD_FAILED', `Could not load ${s.src}`));
    s.onerror = fail;
    s.onload = () => setTimeout(fail);
    document.head.appendChild(s);
  });
}
