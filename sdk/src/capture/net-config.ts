import type { WidgetNetworkEvent as NetworkEvent } from '@showback/contract';
import type { UrlRule } from '../types.ts';
import type { PageEvent } from '../core/event-buffer.ts';

/** Underscored names are internal to the up-front bundle and shortened by its minifier. */
export interface NetConfig {
  _ignore: UrlRule[];
  /** Header and body capture for allowlisted URLs, once its chunk has loaded (see detail.ts). */
  _x?: NetDetail;
}

/**
 * Hooks of the detail chunk. Not underscored: the chunk is a bundle of its own, minified separately.
 * `req` gets the request's header source (fetch's headers init, or the XHR itself) and body; `res` the `Response`
 * or the finished XHR.
 */
export interface NetDetail {
  req(e: PageEvent, headers: unknown, body: unknown): void;
  res(e: PageEvent, from: Response | XMLHttpRequest): void;
}

/** Characters of a text body, bytes of a binary one; unknown for streams and form data. */
export function bodySize(b: unknown): number | undefined {
  // URLSearchParams first: its `size` counts entries.
  const n = typeof b === 'string' || b instanceof URLSearchParams ? String(b).length : b && ((b as Blob).size ?? (b as ArrayBuffer).byteLength);
  return typeof n === 'number' ? n : undefined;
}

/**
 * A request as it starts; XHR sets `t` again at `send()`. Its status and duration are set when it ends (`finish`),
 * before it is recorded: not written here, where the up-front bytes count. The method is kept as the page gave it
 * (or left out) and written in capitals at hand-off (widget/pick-headers.ts).
 */
export const networkEvent = (transport: NetworkEvent['transport'], method: unknown, url: string, requestSize?: number): NetworkEvent =>
  ({
    kind: 'network',
    t: Date.now(),
    transport,
    method: method as string,
    url,
    request_size: requestSize,
  }) as NetworkEvent;

/**
 * A request as it ends: status 0 and an error when it never got a response. The response size is its
 * Content-Length (bytes on the wire, for fetch and XHR alike), kept only when the server sent one; fetch reads it
 * at hand-off (see `sizeFrom`). The duration
 * is timed with Date.now() from the event's start: whole milliseconds are enough here, and performance.now() costs
 * five times as much per call in Chromium; a clock set back meanwhile gives 0, never a negative.
 */
export function finish(e: NetworkEvent, status: number, responseSize?: number, error?: string): void {
  e.duration_ms = Math.max(0, Date.now() - e.t);
  e.status = status;
  if (responseSize) e.response_size = responseSize;
  if (error) e.error = error;
}
