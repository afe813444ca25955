import type { LauncherOptions } from '../types.ts';
import { cssColour, shadowHost, styleElement } from './style-element.ts';

/** Underscored: internal to the up-front bundle, shortened by its minifier. */
export interface Launcher {
  _expand(open: boolean): void;
  _remove(): void;
}

const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];

/** The launcher button, plain DOM so the up-front bundle carries no UI library. */
export function mountLauncher(o: LauncherOptions, nonce: string | undefined, onClick: () => void): Launcher {
  const [v, h] = (POSITIONS.includes(o.position!) ? o.position! : POSITIONS[0]!).split('-');
  const bg = cssColour(o.background, '#4f46e5');
  const { host, root } = shadowHost('launcher');
  // No `type`: in a shadow root the button has no form to submit.
  const button = document.createElement('button');
  const expand = (open: boolean) => button.setAttribute('aria-expanded', String(open));
  button.setAttribute('aria-haspopup', 'dialog');
  expand(false);
  button.textContent = typeof o.label === 'string' && o.label.trim() ? o.label.slice(0, 60) : 'Record your screen';
  button.onclick = onClick;
  root.append(
    styleElement(
      `:host{all:initial}button{position:fixed;${v}:20px;${h}:20px;z-index:2147483646;font:600 14px/1.2 system-ui,sans-serif;padding:12px 18px;border:0;border-radius:99px;background:${bg};color:${cssColour(o.color, '#fff')};cursor:pointer;box-shadow:0 4px 14px #0004}button:focus-visible{outline:3px solid ${bg};outline-offset:3px}@media print{button{display:none}}`,
      nonce,
    ),
    button,
  );
  return { _expand: expand, _remove: () => host.remove() };
}
