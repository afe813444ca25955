import type { CreateWidget } from './widget-host.ts';

/** npm build: the bundler splits the widget into its own chunk. The script-tag build swaps this file out. */
export function loadWidget(_host: string, _nonce: string | undefined): Promise<CreateWidget> {
  return import('../widget/create-widget.tsx').then((m) => m.createWidget);
}
