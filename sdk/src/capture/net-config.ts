import type { UrlRule } from '../types.ts';

/** Underscored names are internal to the up-front bundle and shortened by its minifier. */
export interface NetConfig {
  _ignore: UrlRule[];
  _detail: UrlRule[];
  _bodies: boolean;
}

export const MAX_BODY = 10_000;

export function bodySize(b: unknown): number | undefined {
  if (typeof b === 'string') return b.length;
  if (b && typeof b === 'object') {
    const n = (b as { size?: unknown }).size ?? (b as { byteLength?: unknown }).byteLength;
    return typeof n === 'number' ? n : b instanceof URLSearchParams ? String(b).length : undefined;
  }
  return undefined;
}

export function bodyText(b: unknown): string | undefined {
  return typeof b === 'string' || b instanceof URLSearchParams ? String(b).slice(0, MAX_BODY) : undefined;
}
