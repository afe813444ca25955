import type { WidgetSessionInfo } from '@showback/contract';
import type { HostBridge, HostContext, HostEventName } from '../app/hostBridge.ts';
import { tokenFromPath } from '../app/token.ts';
import { contextReply, envelope } from './protocol.ts';
import { sanitizeContext } from './sanitizeContext.ts';

/** How long submit waits for the host page's context before sending the recording without it. */
const CONTEXT_TIMEOUT_MS = 5000;
const EMPTY: HostContext = { events: [], metadata: {}, environment: {} };

const now = (): number => performance.timeOrigin + performance.now();
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

async function sessionInfo(token: string): Promise<WidgetSessionInfo | undefined> {
  const res = await fetch(`/api/v1/public/widget/sessions/${encodeURIComponent(token)}`, { credentials: 'omit', cache: 'no-store' });
  if (!res.ok) return undefined;
  const info = (await res.json()) as Partial<WidgetSessionInfo>;
  return typeof info.parent_origin === 'string' ? (info as WidgetSessionInfo) : undefined;
}

/**
 * The recorder's side of the widget protocol. It talks only to the parent window, only at the origin the server
 * recorded when the widget session was opened (never `*`, never what the page claims), and reads only `context`
 * replies to its own request ids from that window and origin. Without a widget session (a link framed by some page)
 * there is no bridge and the recorder behaves as the standalone page.
 */
export async function createHostBridge(): Promise<HostBridge | undefined> {
  const token = tokenFromPath(window.location.pathname);
  if (!token || !token.startsWith('ws_') || window.parent === window) return undefined;
  const info = await sessionInfo(token).catch(() => undefined);
  if (!info) return undefined;
  const origin = info.parent_origin;
  // Where the browser tells us who framed us (Chromium, Safari), a mismatch means the token was lifted elsewhere.
  const framedBy = window.location.ancestorOrigins?.[0];
  if (framedBy !== undefined && framedBy !== origin) return undefined;

  const parent = window.parent;
  const post = (message: Parameters<typeof envelope>[0]): void => {
    try {
      parent.postMessage(envelope(message), origin);
    } catch {
      // the parent navigated away; nothing to tell
    }
  };
  let startedAt: number | undefined;
  let recording = false;

  window.addEventListener('keydown', (e) => {
    // While recording, Escape must not throw the recording away; the recorder's own Stop button ends it.
    if (e.key === 'Escape' && !recording && !e.defaultPrevented) post({ type: 'close' });
  });

  return {
    getContext: () =>
      new Promise<HostContext>((resolve) => {
        const id = crypto.randomUUID();
        const done = (context: HostContext) => {
          window.removeEventListener('message', onMessage);
          clearTimeout(timer);
          resolve(context);
        };
        const onMessage = (e: MessageEvent) => {
          if (e.origin !== origin || e.source !== parent) return;
          const context = contextReply(e.data, id);
          if (context !== undefined) done(sanitizeContext(context));
        };
        const timer = setTimeout(() => done(EMPTY), CONTEXT_TIMEOUT_MS);
        window.addEventListener('message', onMessage);
        post({ type: 'context:request', id, startedAt: startedAt ?? now() });
      }),
    emit(event: HostEventName, payload: Record<string, unknown> = {}) {
      switch (event) {
        case 'open':
          return post({ type: 'ready' });
        case 'recording:start':
          recording = true;
          startedAt = now();
          return post({ type: 'recording:start', startedAt });
        case 'recording:stop':
          recording = false;
          return post({ type: 'recording:stop', durationMs: num(payload.duration_ms) ?? 0 });
        case 'upload:progress':
          return post({ type: 'upload:progress', loaded: num(payload.confirmed_bytes) ?? 0, total: num(payload.total_bytes) ?? null });
        case 'submitted':
          return typeof payload.id === 'string' ? post({ type: 'submitted', submissionId: payload.id }) : undefined;
        case 'error': {
          const code = typeof payload.code === 'string' ? payload.code.slice(0, 100) : 'RECORDER';
          return post({ type: 'error', code, message: typeof payload.message === 'string' ? payload.message.slice(0, 1000) : code });
        }
        case 'close':
          return post({ type: 'close' });
      }
    },
  };
}
