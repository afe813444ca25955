import type { UrlRule } from '../types.ts';
import type { Captured } from '../core/event-buffer.ts';

/** Underscored names are internal to the up-front bundle and shortened by its minifier. */
export interface NetConfig {
  _ignore: UrlRule[];
  /** Header and body capture for allowlisted URLs, once its chunk has loaded (see detail.ts). */
  _x?: NetDetail;
}

/**
 * Hooks of the detail chunk. Not underscored: the chunk is a bundle of its own, minified separately.
 * `req` gets the request's header source (fetch's headers init, or the XHR itself) and body; `res` the `Response`
 * or the finished XHR with its response text.
 */
export interface NetDetail {
  req(e: Captured, headers: unknown, body: unknown): void;
  res(e: Captured, from: Response | XMLHttpRequest, text?: string): void;
}

export function bodySize(b: unknown): number | undefined {
  if (typeof b === 'string') return b.length;
  if (b && typeof b === 'object') {
    const n = (b as { size?: unknown }).size ?? (b as { byteLength?: unknown }).byteLength;
    return typeof n === 'number' ? n : b instanceof URLSearchParams ? String(b).length : undefined;
  }
  return undefined;
}
