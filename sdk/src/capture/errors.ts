import { guard } from '../core/guard.ts';
import { listen, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { errorText, serialize } from './serialize.ts';

// Texts are cut at hand-off (the widget); until then the buffer's byte limit bounds what is kept.
export function captureErrors(record: (e: Captured) => void): Restore {
  const report = (cause: 'error' | 'rejection', err: unknown, message?: string, e?: ErrorEvent) =>
    guard(() => {
      const isError = err instanceof Error;
      record({
        kind: 'error',
        t: Date.now(),
        cause,
        message: String(message || (isError ? `${err.name}: ${err.message}` : serialize([err]))),
        stack: isError ? errorText(err) : undefined,
        source: e?.filename || undefined,
        line: e?.lineno || undefined,
        column: e?.colno || undefined,
      });
    });
  return listen({
    error: (e: ErrorEvent) => report('error', e.error, e.message, e),
    unhandledrejection: (e: PromiseRejectionEvent) => report('rejection', e.reason),
  });
}
