import type { WidgetIdentity, WidgetMetadata } from '@showback/contract';
import type { WidgetHost } from '../core/widget-host.ts';
import type { Metadata, MetadataValue } from '../types.ts';
import { warn } from '../core/logger.ts';

const CALLBACK_TIMEOUT_MS = 3000;

function cleanValue(v: unknown): MetadataValue | undefined {
  if (typeof v === 'string') return v.slice(0, 1000);
  if ((typeof v === 'number' && isFinite(v)) || typeof v === 'boolean' || v === null) return v;
  return undefined;
}

function merge(into: WidgetMetadata, from: unknown): void {
  if (!from || typeof from !== 'object') return;
  for (const k of Object.keys(from)) {
    const given = (from as Record<string, unknown>)[k];
    // A key set to undefined was removed (setMetadata(key, undefined)).
    if (given === undefined) continue;
    const v = cleanValue(given);
    if (v === undefined) warn(`metadata '${k}' dropped: only strings, numbers, booleans and null are kept`);
    else if (k.length <= 100 && (k in into || Object.keys(into).length < 50)) into[k] = v;
  }
}

/** setMetadata() values, then the init callback's (awaited, at most 3 s), then open()'s; checked and capped. */
export async function collectMetadata(h: WidgetHost, extra: Metadata | undefined): Promise<WidgetMetadata> {
  const out: WidgetMetadata = {};
  merge(out, h.metadata);
  const cb = h.opts.metadata;
  if (typeof cb === 'function') {
    try {
      const timeout = new Promise<undefined>((r) => setTimeout(r, CALLBACK_TIMEOUT_MS));
      merge(out, await Promise.race([Promise.resolve().then(cb), timeout]));
    } catch (e) {
      warn('the metadata callback threw; submitting without its values', e);
    }
  }
  merge(out, extra);
  return out;
}

export function cleanIdentity(u: unknown): WidgetIdentity | undefined {
  if (!u || typeof u !== 'object') return undefined;
  const out: WidgetIdentity = {};
  const limits = { id: 200, email: 320, name: 200 } as const;
  for (const k of Object.keys(limits) as (keyof typeof limits)[]) {
    const v = (u as Record<string, unknown>)[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v).slice(0, limits[k]);
  }
  return Object.keys(out).length ? out : undefined;
}
