import { guard } from '../core/guard.ts';
import type { Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { cut, errorText, MAX_TEXT, serialize } from './serialize.ts';

export function captureErrors(record: (e: Captured) => void): Restore {
  const onError = (e: ErrorEvent) =>
    guard(() => {
      const err = e.error;
      record({
        kind: 'error',
        t: Date.now(),
        cause: 'error',
        message: cut(String(e.message || serialize([err])), MAX_TEXT),
        stack: err instanceof Error && err.stack ? cut(String(err.stack), MAX_TEXT) : undefined,
        source: e.filename || undefined,
        line: e.lineno || undefined,
        column: e.colno || undefined,
      });
    });
  const onRejection = (e: PromiseRejectionEvent) =>
    guard(() => {
      const r: unknown = e.reason;
      record({
        kind: 'error',
        t: Date.now(),
        cause: 'rejection',
        message: r instanceof Error ? cut(`${r.name}: ${r.message}`, MAX_TEXT) : serialize([r]),
        stack: r instanceof Error ? cut(errorText(r), MAX_TEXT) : undefined,
      });
    });
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  return () => {
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  };
}
