import type { WidgetEvent } from '@showback/contract';

/**
 * An event as captured: `t` is epoch milliseconds; URLs and texts are not redacted yet. Network events of
 * allowlisted URLs carry the raw header sources (`Headers`, a record, pairs or the XHR header text), filtered down
 * to the allowlisted names at hand-off.
 */
export type Captured = WidgetEvent & { rawRequestHeaders?: unknown; rawResponseHeaders?: unknown };

export interface EventBuffer {
  push(e: Captured): void;
  snapshot(): { events: Captured[]; dropped: number };
}

function sizeOf(e: Captured): number {
  let n = 16;
  for (const k in e) {
    const v = (e as unknown as Record<string, unknown>)[k];
    n += typeof v === 'string' ? v.length : 8;
  }
  return n;
}

/** The rolling buffer from page load: the oldest events go first once either limit is passed. */
export function createEventBuffer(maxEvents: number, maxBytes: number): EventBuffer {
  const items: Captured[] = [];
  const sizes: number[] = [];
  let bytes = 0;
  let dropped = 0;
  return {
    push(e) {
      const size = sizeOf(e);
      items.push(e);
      sizes.push(size);
      bytes += size;
      while (items.length > maxEvents || (bytes > maxBytes && items.length)) {
        items.shift();
        bytes -= sizes.shift()!;
        dropped++;
      }
    },
    snapshot: () => ({ events: items.slice(), dropped }),
  };
}
