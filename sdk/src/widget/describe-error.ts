import type { WidgetErrorEvent } from '@showback/contract';
import type { RawError } from '../core/event-buffer.ts';
import { errorText, serialize } from '../capture/serialize.ts';

/**
 * An uncaught error or unhandled rejection in its wire shape, from the browser's event the core kept: the event's
 * message (else the error's name and message, else the rejection's reason written out), the stack of an `Error`, and
 * where it was thrown. Undefined when reading the page's error throws (a hostile getter or proxy): the event is lost,
 * never the hand-off. Texts are cut and redacted by the caller.
 */
export function describeError({ t, raw }: RawError): WidgetErrorEvent | undefined {
  try {
    const rejection = raw.type === 'unhandledrejection';
    const e = rejection ? undefined : (raw as ErrorEvent);
    const err: unknown = e ? e.error : (raw as PromiseRejectionEvent).reason;
    const isError = err instanceof Error;
    return {
      kind: 'error',
      t,
      cause: rejection ? 'rejection' : 'error',
      message: String(e?.message || (isError ? `${err.name}: ${err.message}` : serialize([err]))),
      stack: isError ? errorText(err) : undefined,
      source: e?.filename || undefined,
      line: e?.lineno || undefined,
      column: e?.colno || undefined,
    };
  } catch {
    return undefined;
  }
}
