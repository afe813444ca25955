import type { LauncherOptions } from '../types.ts';

/** Underscored: internal to the up-front bundle, shortened by its minifier. */
export interface Launcher {
  _expand(open: boolean): void;
  _remove(): void;
}

/**
 * The launcher button in a shadow root of its own (the page's styles cannot reach in, ours cannot leak out), built
 * from one template so the up-front bundle carries no UI library.
 */
export function mountLauncher(o: LauncherOptions, nonce: string | undefined, onClick: () => void): Launcher {
  const at = /^(top|bottom)-(left|right)$/.exec(o.position!) || ['', 'bottom', 'right'];
  const host = document.createElement('showback-launcher');
  const root = host.attachShadow({ mode: 'open' });
  // A CSP nonce is base64 (nonce-source): other characters could never match a policy, and are dropped so the
  // value cannot leave its attribute. No `type` on the button: in a shadow root it has no form to submit.
  root.innerHTML = `<style nonce="${String(nonce || '').replace(/[^\w+/=-]/g, '')}">:host{all:initial}button{position:fixed;${at[1]}:20px;${at[2]}:20px;z-index:2147483646;font:600 14px/1.2 system-ui,sans-serif;padding:12px 18px;border:0;border-radius:99px;background:#4f46e5;color:#fff;cursor:pointer;box-shadow:0 4px 14px #0004;outline:0 solid #4f46e5;outline-offset:3px}button:focus-visible{outline-width:3px}@media print{button{display:none}}</style><button aria-haspopup="dialog" aria-expanded="false"></button>`;
  const button = root.lastChild as HTMLButtonElement;
  button.textContent = typeof o.label === 'string' && o.label.trim() ? o.label.slice(0, 60) : 'Record your screen';
  button.onclick = onClick;
  // Colours through the CSSOM: the browser ignores a value that is not a colour (the stylesheet's stays), nothing can
  // break out of a declaration, and a strict CSP allows it where a style attribute would be refused.
  const style = button.style;
  style.backgroundColor = style.outlineColor = o.background as string;
  style.color = o.color as string;
  document.body.appendChild(host);
  return { _expand: (open) => button.setAttribute('aria-expanded', String(open)), _remove: () => host.remove() };
}
