import type { Chunks } from './widget-host.ts';

/** npm build: the bundler splits each chunk into its own file. The script-tag build swaps this file out. */
export function loadChunk<K extends keyof Chunks>(_host: string, _nonce: string | undefined, name: K): Promise<Chunks[K]> {
  return (name === 'widget' ? import('../widget/create-widget.tsx').then((m) => m.createWidget) : import('../capture/detail.ts').then((m) => m.captureDetail)) as Promise<Chunks[K]>;
}
