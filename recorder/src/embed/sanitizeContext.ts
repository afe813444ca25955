import { Value } from 'typebox/value';
import { EnvironmentSchema, toStorableData, WIDGET_LIMITS, WidgetEventSchema, WidgetIdentitySchema, WidgetMetadataValueSchema, type Environment, type WidgetEvent, type WidgetIdentity, type WidgetMetadata } from '@showback/contract';
import type { HostContext } from '../app/hostBridge.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What the host page sent, reduced to what the API accepts: each event checked against the contract's schema
 * (anything else is dropped and counted), the newest kept within the count and byte caps, metadata and environment
 * key by key. The host is another site: nothing it sends is trusted, and a bad event never costs the recording.
 * Text the API would refuse (a NUL, half an emoji cut by a truncation) is repaired first, not dropped.
 */
export function sanitizeContext(raw: unknown): HostContext {
  const storable = toStorableData(raw);
  const input = isObject(storable) ? storable : {};
  const list = Array.isArray(input.events) ? input.events : [];
  let dropped = typeof input.dropped_events === 'number' && Number.isInteger(input.dropped_events) && input.dropped_events >= 0 ? input.dropped_events : 0;
  const valid: WidgetEvent[] = [];
  for (const e of list) if (Value.Check(WidgetEventSchema, e)) valid.push(e);
  dropped += list.length - valid.length;
  valid.sort((a, b) => a.t - b.t);
  let kept = valid.slice(-WIDGET_LIMITS.maxEvents);
  // Leaves room for the rest of the submission body.
  let budget = WIDGET_LIMITS.maxContextBytes - 50_000;
  let first = kept.length;
  while (first > 0) {
    const size = JSON.stringify(kept[first - 1]).length;
    if (size > budget) break;
    budget -= size;
    first--;
  }
  dropped += valid.length - (kept.length - first);
  kept = kept.slice(first);

  const metadata: WidgetMetadata = {};
  if (isObject(input.metadata)) {
    for (const [key, value] of Object.entries(input.metadata).slice(0, WIDGET_LIMITS.maxMetadataKeys)) {
      if (key.length <= 100 && Value.Check(WidgetMetadataValueSchema, value)) metadata[key] = value;
    }
  }

  const environment: Partial<Environment> = {};
  if (isObject(input.environment)) {
    for (const [key, value] of Object.entries(input.environment)) {
      const one = { [key]: value };
      if (key in EnvironmentSchema.properties && Value.Check(EnvironmentSchema, one)) Object.assign(environment, one);
    }
  }

  const context: HostContext = { events: kept, dropped_events: dropped, metadata, environment };
  if (Value.Check(WidgetIdentitySchema, input.identity)) context.identity = input.identity as WidgetIdentity;
  return context;
}
