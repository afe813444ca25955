import { guard } from '../core/guard.ts';
import type { Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { errorText, serialize } from './serialize.ts';

// Texts are cut at hand-off (the widget); until then the buffer's byte limit bounds what is kept.
export function captureErrors(record: (e: Captured) => void): Restore {
  const onError = (e: ErrorEvent) =>
    guard(() => {
      const err = e.error;
      record({
        kind: 'error',
        t: Date.now(),
        cause: 'error',
        message: String(e.message || serialize([err])),
        stack: err instanceof Error && err.stack ? String(err.stack) : undefined,
        source: e.filename || undefined,
        line: e.lineno || undefined,
        column: e.colno || undefined,
      });
    });
  const onRejection = (e: PromiseRejectionEvent) =>
    guard(() => {
      const r: unknown = e.reason;
      const isError = r instanceof Error;
      record({ kind: 'error', t: Date.now(), cause: 'rejection', message: isError ? `${r.name}: ${r.message}` : serialize([r]), stack: isError ? errorText(r) : undefined });
    });
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  return () => {
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  };
}
