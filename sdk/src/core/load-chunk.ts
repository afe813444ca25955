import type { Chunks } from './widget-host.ts';

/** npm build: the bundler splits each chunk into its own file. The script-tag build swaps this file out. */
export function loadChunk<K extends keyof Chunks>(_host: string, _nonce: string | undefined, name: K): Promise<Chunks[K]> {
  const chunks: { [C in keyof Chunks]: () => Promise<Chunks[C]> } = {
    widget: () => import('../widget/create-widget.tsx').then((m) => m.createWidget),
    detail: () => import('../capture/detail.ts').then((m) => m.captureDetail),
    context: () => import('../widget/build-context.ts').then((m) => m.buildContext),
    privacy: () => import('../widget/privacy-blur.ts').then((m) => m.privacyBlur),
  };
  return chunks[name]();
}
