import type { Chunks } from './widget-host.ts';
import { sbError } from './sb-error.ts';

/** The property of its own `<script>` element where a chunk leaves its export, so no global is needed. */
export const CHUNK_EXPORT = 'showbackChunk';

/** A chunk's `<script>` element while it runs: `document.currentScript`, null when the file was inlined. */
export const chunkScript = () => document.currentScript as (HTMLScriptElement & { [CHUNK_EXPORT]?: unknown }) | null;

/**
 * Script-tag build: loads `/sdk/showback-<name>.js` with the page's nonce (a nonce-only CSP allows it, where a
 * dynamic `import()` would need 'strict-dynamic').
 */
export function loadChunk<K extends keyof Chunks>(host: string, nonce: string | undefined, name: K): Promise<Chunks[K]> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script') as HTMLScriptElement & { [CHUNK_EXPORT]?: Chunks[K] };
    s.src = `${host}/sdk/showback-${name}.js`;
    if (nonce) s.nonce = nonce;
    // `load` fires right after the script ran: its export is there, or the file was not the chunk.
    s.onload = s.onerror = () => (s[CHUNK_EXPORT] ? resolve(s[CHUNK_EXPORT]) : reject(sbError('LOAD_FAILED', `Could not load ${s.src}`)));
    document.head.appendChild(s);
  });
}
