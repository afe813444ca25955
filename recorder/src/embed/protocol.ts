import { matchLocale, WIDGET_PROTOCOL, WIDGET_PROTOCOL_VERSION, type Locale, type WidgetRecorderMessage } from '@showback/contract';

type Outgoing = WidgetRecorderMessage extends infer M ? (M extends WidgetRecorderMessage ? Omit<M, 'protocol' | 'v'> : never) : never;

export function envelope(message: Outgoing): WidgetRecorderMessage {
  return { protocol: WIDGET_PROTOCOL, v: WIDGET_PROTOCOL_VERSION, ...message } as WidgetRecorderMessage;
}

/** The `context` answer to our request `id`, or undefined for anything else (other protocol, version, type, id). */
export function contextReply(data: unknown, id: string): unknown {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (m.protocol !== WIDGET_PROTOCOL || m.v !== WIDGET_PROTOCOL_VERSION || m.type !== 'context' || m.id !== id) return undefined;
  return m.context;
}

/** The `spool:result` answer to our call `id`, or undefined for anything else. */
export function spoolReply(data: unknown, id: string): { ok: boolean; value?: unknown; error?: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (m.protocol !== WIDGET_PROTOCOL || m.v !== WIDGET_PROTOCOL_VERSION || m.type !== 'spool:result' || m.id !== id) return undefined;
  return { ok: m.ok === true, value: m.value, error: typeof m.error === 'string' ? m.error.slice(0, 500) : undefined };
}

/**
 * The host page's `capture:restrict` message: its `RestrictionTarget` (Element Capture), null for "the whole tab
 * again", or undefined for anything else, including a target that is no RestrictionTarget of this browser.
 */
/** The language of a `locale` message (the page's `Showback.setLocale()`), if it is one the recorder speaks. */
export function hostLocale(data: unknown): Locale | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (m.protocol !== WIDGET_PROTOCOL || m.v !== WIDGET_PROTOCOL_VERSION || m.type !== 'locale') return undefined;
  return typeof m.locale === 'string' ? matchLocale(m.locale) : undefined;
}

export function restrictionTarget(data: unknown): object | null | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (m.protocol !== WIDGET_PROTOCOL || m.v !== WIDGET_PROTOCOL_VERSION || m.type !== 'capture:restrict') return undefined;
  const Target = (globalThis as { RestrictionTarget?: new () => object }).RestrictionTarget;
  if (m.target === null) return null;
  return typeof Target === 'function' && m.target instanceof Target ? m.target : undefined;
}
