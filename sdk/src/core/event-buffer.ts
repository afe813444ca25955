import type { WidgetEvent } from '@showback/contract';
import { serialize } from '../capture/serialize.ts';

/**
 * An event as captured: `t` is epoch milliseconds; URLs and texts are not redacted or cut yet (the byte limit
 * evicts big ones; the widget cuts at hand-off). Network events of allowlisted URLs carry the raw header sources
 * (`Headers`, a record, pairs or the XHR header text), filtered down to the allowlisted names at hand-off. A fetch
 * response's `Headers` ride along as `sizeFrom`: its Content-Length is read at hand-off, off the page's call. Console
 * events carry their raw `args` until the buffer settles them.
 */
export type PageEvent = Exclude<WidgetEvent, { kind: 'action' | 'error' }> & { rawRequestHeaders?: unknown; rawResponseHeaders?: unknown; sizeFrom?: Headers; args?: ArrayLike<unknown> };
export type Captured = PageEvent | RawAction | RawError;

/**
 * An action as the core keeps it (capture/actions.ts): the event, a checkbox's `checked` or a select's index (else
 * the focused element), and whether the tab was hidden, as they were then; described at hand-off
 * (widget/describe-action.ts).
 */
export interface RawAction {
  kind: 'action';
  t: number;
  raw: Event;
  on: boolean | number | Element | null | undefined;
  hidden: boolean;
  args?: undefined;
}

/**
 * An uncaught error or unhandled rejection as the core keeps it (capture/errors.ts): the browser's event, described at
 * hand-off (widget/describe-error.ts). Counted small by the byte limit; the event limit bounds how many are kept.
 */
export interface RawError {
  kind: 'error';
  t: number;
  raw: ErrorEvent | PromiseRejectionEvent;
  args?: undefined;
}

export interface EventBuffer {
  push(e: Captured): void;
  snapshot(): { events: Captured[]; dropped: number };
}

/** How long console arguments stay unserialised: short, so objects are written close to how they were logged. */
const SETTLE_MS = 250;

// Roughly as sent; a loop rather than JSON.stringify, which would cost every request a few microseconds.
function sizeOf(e: Captured): number {
  let n = 16;
  for (const k in e) {
    const v = (e as unknown as Record<string, unknown>)[k];
    n += typeof v === 'string' ? v.length : 8;
  }
  return n;
}

/**
 * The rolling buffer from page load: the oldest events go first once either limit is passed. Console arguments
 * are serialised in batches off the logging call (like Sentry keeps breadcrumb arguments until it sends), which
 * keeps `console.log` cheap for the page; a snapshot settles whatever is still pending. Entries are [event, counted
 * size]; `shift()` is cheap here (V8 trims arrays from the front in place).
 */
export function createEventBuffer(maxEvents: number, maxBytes: number): EventBuffer {
  const items: [Captured, number][] = [];
  let bytes = 0;
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settling = false;

  const evict = () => {
    while (items.length > maxEvents || (bytes > maxBytes && items.length)) {
      bytes -= items.shift()![1];
      dropped++;
    }
  };

  const settle = () => {
    timer = undefined;
    settling = true;
    for (const item of items) {
      const e = item[0];
      if (e.args) {
        (e as { message: string }).message = serialize(e.args);
        delete e.args;
        bytes -= item[1] - (item[1] = sizeOf(e));
      }
    }
    settling = false;
    evict();
  };

  return {
    push(e) {
      // A getter that logs while its object is written out would otherwise feed itself forever.
      if (settling) return;
      const size = e.args ? 64 : sizeOf(e);
      items.push([e, size]);
      bytes += size;
      if (e.args && !timer) timer = setTimeout(settle, SETTLE_MS);
      evict();
    },
    snapshot() {
      settle();
      return { events: items.map((i) => i[0]), dropped };
    },
  };
}
