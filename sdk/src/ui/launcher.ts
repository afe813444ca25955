import type { LauncherOptions } from '../types.ts';
import { styleElement } from './style-element.ts';

/** Underscored: internal to the up-front bundle, shortened by its minifier. */
export interface Launcher {
  _expand(open: boolean): void;
  /** The default text in another language; a text the page gave is kept. */
  _label(text: string): void;
  _remove(): void;
}

/** The launcher button in a shadow root of its own, built by hand so the up-front bundle carries no UI library. */
export function mountLauncher(o: LauncherOptions, nonce: string | undefined, label: string, onClick: () => void): Launcher {
  const at = /^(top|bottom)-(left|right)$/.exec(o.position!) || ['', 'bottom', 'right'];
  const host = document.createElement('showback-launcher');
  const root = host.attachShadow({ mode: 'open' });
  // No `type` on the button: in a shadow root it has no form to submit.
  root.innerHTML = '<button aria-haspopup="dialog" aria-expanded="false"></button>';
  root.prepend(
    styleElement(
      `:host{all:initial}button{position:fixed;${at[1]}:20px;${at[2]}:20px;z-index:2147483646;font:600 14px system-ui,sans-serif;padding:12px 18px;border:0;border-radius:99px;background:#4f46e5;color:#fff;cursor:pointer;box-shadow:0 4px 14px #0004}button:focus-visible{outline:3px solid #4f46e5;outline-offset:3px}@media print{button{display:none}}`,
      nonce,
    ),
  );
  const button = root.lastChild as HTMLButtonElement;
  const own = String(o.label || '').trim().slice(0, 60);
  const show = (text: string) => void (button.textContent = own || text);
  show(label);
  button.onclick = onClick;
  // Colours through the CSSOM: the browser ignores a value that is not a colour (the stylesheet's stays), nothing can
  // break out of a declaration, and a strict CSP allows it where a style attribute would be refused.
  const style = button.style;
  style.backgroundColor = style.outlineColor = o.background as string;
  style.color = o.color as string;
  document.body.appendChild(host);
  return { _expand: (open) => button.setAttribute('aria-expanded', String(open)), _label: show, _remove: () => host.remove() };
}
