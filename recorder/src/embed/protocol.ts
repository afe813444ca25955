import { WIDGET_PROTOCOL, WIDGET_PROTOCOL_VERSION, type WidgetRecorderMessage } from '@showback/contract';

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
