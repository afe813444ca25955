import { listen, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';

/**
 * Uncaught errors and unhandled rejections: the browser's event is kept as it is and described at hand-off
 * (widget/describe-error.ts, in the context chunk), so the up-front bundle reads nothing here. Nothing here can throw.
 */
export function captureErrors(record: (e: Captured) => void): Restore {
  const on = (raw: ErrorEvent | PromiseRejectionEvent) => record({ kind: 'error', t: Date.now(), raw });
  return listen('error unhandledrejection', on);
}
