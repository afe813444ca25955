/** A `<style>` carrying the page's CSP nonce, so the SDK works under `style-src 'nonce-…'`. */
export function styleElement(css: string, nonce: string | undefined): HTMLStyleElement {
  const s = document.createElement('style');
  if (nonce) s.nonce = nonce;
  s.textContent = css;
  return s;
}

/** The value if it is a valid CSS colour that cannot break out of a declaration, else the fallback. */
export function cssColour(value: unknown, fallback: string): string {
  return typeof value === 'string' && !/[;{}<>\\]/.test(value) && typeof CSS !== 'undefined' && CSS.supports('color', value)
    ? value
    : fallback;
}

/** A shadow root on a fresh element at the end of `<body>`: the page's styles cannot reach in, ours cannot leak out. */
export function shadowHost(name: string): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement('showback-' + name);
  const root = host.attachShadow({ mode: 'open' });
  document.body.appendChild(host);
  return { host, root };
}
