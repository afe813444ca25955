/** A `<style>` carrying the page's CSP nonce, so the SDK works under `style-src 'nonce-…'`. */
export function styleElement(css: string, nonce: string | undefined): HTMLStyleElement {
  const s = document.createElement('style');
  if (nonce) s.nonce = nonce;
  s.textContent = css;
  return s;
}

/** A shadow root on a fresh element at the end of `<body>`: the page's styles cannot reach in, ours cannot leak out. */
export function shadowHost(name: string): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement('showback-' + name);
  const root = host.attachShadow({ mode: 'open' });
  document.body.appendChild(host);
  return { host, root };
}
