import type { WidgetHostMessage, WidgetRecorderMessage, WIDGET_PROTOCOL, WIDGET_PROTOCOL_VERSION, WidgetContext } from '@showback/contract';

// Copies of the contract's constants (importing them would pull the schema library into the bundle); the type
// annotations fail the build if they drift.
const PROTOCOL: typeof WIDGET_PROTOCOL = 'showback-widget';
const VERSION: typeof WIDGET_PROTOCOL_VERSION = 1;

const isNum = (v: unknown): v is number => typeof v === 'number' && isFinite(v);
const isStr = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** A recorder message, or undefined for anything of another protocol, version, type or shape. */
export function parseRecorderMessage(d: unknown): WidgetRecorderMessage | undefined {
  if (!d || typeof d !== 'object') return undefined;
  const m = d as Record<string, unknown>;
  if (m.protocol !== PROTOCOL || m.v !== VERSION) return undefined;
  const ok = (() => {
    switch (m.type) {
      case 'ready':
      case 'close':
        return true;
      case 'recording:start':
        return isNum(m.startedAt);
      case 'recording:stop':
        return isNum(m.durationMs);
      case 'upload:progress':
        return isNum(m.loaded) && (m.total === null || isNum(m.total));
      case 'context:request':
        return isStr(m.id, 100) && isNum(m.startedAt);
      case 'submitted':
        return isStr(m.submissionId, 100);
      case 'error':
        return isStr(m.code, 100) && isStr(m.message, 1000);
      case 'layout':
        return m.layout === 'compact' || m.layout === 'full';
      case 'spool':
        return isStr(m.id, 100) && isStr(m.op, 20) && Array.isArray(m.args);
      default:
        return false;
    }
  })();
  return ok ? (m as unknown as WidgetRecorderMessage) : undefined;
}

export function contextMessage(id: string, context: WidgetContext): WidgetHostMessage {
  return { protocol: PROTOCOL, v: VERSION, type: 'context', id, context };
}

/**
 * The page's app shell for Element Capture (`init({ recordElement })`): a `RestrictionTarget`, cloned by postMessage;
 * `null` for the whole tab again.
 */
export function restrictMessage(target: object | null): WidgetHostMessage {
  return { protocol: PROTOCOL, v: VERSION, type: 'capture:restrict', target };
}

export function localeMessage(locale: string): WidgetHostMessage {
  return { protocol: PROTOCOL, v: VERSION, type: 'locale', locale };
}

export function spoolResult(id: string, ok: boolean, value: unknown): WidgetHostMessage {
  return ok ? { protocol: PROTOCOL, v: VERSION, type: 'spool:result', id, ok, value } : { protocol: PROTOCOL, v: VERSION, type: 'spool:result', id, ok, error: String(value) };
}

/**
 * Listens for messages from exactly one window at exactly one origin: the recorder iframe served by the product.
 * Everything else (other frames, other origins, forged or malformed messages) is ignored silently.
 */
export function listenToRecorder(origin: string, frame: () => Window | null | undefined, handle: (m: WidgetRecorderMessage) => void): () => void {
  const onMessage = (e: MessageEvent) => {
    try {
      if (e.origin !== origin || !e.source || e.source !== frame()) return;
      const m = parseRecorderMessage(e.data);
      if (m) handle(m);
    } catch {
      // a malformed message must not reach the page
    }
  };
  addEventListener('message', onMessage);
  return () => removeEventListener('message', onMessage);
}
