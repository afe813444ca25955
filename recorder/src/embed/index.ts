import { randomId, type Locale, type WidgetSessionInfo } from '@showback/contract';
import type { HostBridge, HostContext, HostEventName } from '../app/hostBridge.ts';
import { tokenFromPath } from '../app/token.ts';
import { HostSpoolStore, type SpoolCall } from './HostSpoolStore.ts';
import { contextReply, envelope, hostLocale, restrictionTarget, spoolReply } from './protocol.ts';

/** How long submit waits for the host page's context before sending the recording without it. */
const CONTEXT_TIMEOUT_MS = 5000;
/** A host page busy for longer than this fails the spool call; the recording then stops and keeps what it has. */
const SPOOL_CALL_TIMEOUT_MS = 15_000;
const EMPTY: HostContext = { events: [], metadata: {}, environment: {} };

/**
 * The context's checks bring TypeBox (~20 KB gzip), needed only at submit: fetched when recording starts (so a
 * network cut later does not keep it away) or at submit for a resumed recording, never before the first step
 * (issue #17). A failed fetch is forgotten so the next submit tries again.
 */
let sanitizer: Promise<typeof import('./sanitizeContext.ts')> | undefined;
const loadSanitizer = () =>
  (sanitizer ??= import('./sanitizeContext.ts').catch((err: unknown) => {
    sanitizer = undefined;
    throw err;
  }));

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
 * recorded when the widget session was opened (never `*`, never what the page claims), and reads only replies to its
 * own request ids from that window and origin. Without a widget session (a link framed by some page) there is no
 * bridge and the recorder behaves as the standalone page.
 *
 * A recorder opened by the widget's frame in a tab of its own ("Record in a new tab", where the host page forbids
 * capture in frames) speaks the same protocol to that frame, its opener, on this very origin; the frame relays
 * between it and the host page (`recordInTab`).
 */
export async function createHostBridge(): Promise<HostBridge | undefined> {
  const token = tokenFromPath(window.location.pathname);
  const framed = window.parent !== window;
  const peer: Window | null = framed ? window.parent : (window.opener as Window | null);
  if (!token || !token.startsWith('ws_') || !peer) return undefined;
  const info = await sessionInfo(token).catch(() => undefined);
  if (!info) return undefined;
  const origin = framed ? info.parent_origin : window.location.origin;
  // Where the browser tells us who framed us (Chromium, Safari), a mismatch means the token was lifted elsewhere.
  const framedBy = framed ? window.location.ancestorOrigins?.[0] : undefined;
  if (framedBy !== undefined && framedBy !== origin) return undefined;

  const post = (message: Parameters<typeof envelope>[0], transfer: Transferable[] = []): void => {
    try {
      peer.postMessage(envelope(message), origin, transfer);
    } catch {
      // the host page (or the opener) navigated away; nothing to tell
    }
  };
  /** Waits for the one reply `read` recognises from the peer window at its origin, or for `timeoutMs`. */
  const awaitReply = <T>(read: (data: unknown) => T | undefined, timeoutMs: number, onTimeout: () => void, onReply: (reply: T) => void): void => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== peer) return;
      const reply = read(e.data);
      if (reply === undefined) return;
      stop();
      onReply(reply);
    };
    const stop = () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      stop();
      onTimeout();
    }, timeoutMs);
    window.addEventListener('message', onMessage);
  };
  const spoolCall: SpoolCall = (op, args, transfer = [], timeoutMs = SPOOL_CALL_TIMEOUT_MS) =>
    new Promise((resolve, reject) => {
      const id = randomId();
      awaitReply(
        (data) => spoolReply(data, id),
        timeoutMs,
        () => reject(new Error(`host spool: no answer to ${op}`)),
        (reply) => (reply.ok ? resolve(reply.value) : reject(new Error(`host spool: ${reply.error ?? op}`))),
      );
      post({ type: 'spool', id, op, args }, transfer);
    });
  let startedAt: number | undefined;
  let recording = false;
  // The host page's app shell, for Element Capture (`init({ recordElement })`); the latest one sent wins, and null
  // (the shell left the page) means the whole tab.
  let target: object | undefined;
  let onTargetLost = (): void => undefined;
  let onLocale = (_locale: Locale): void => undefined;
  window.addEventListener('message', (e) => {
    if (e.origin !== origin || e.source !== peer) return;
    const locale = hostLocale(e.data);
    if (locale) return onLocale(locale);
    const next = restrictionTarget(e.data);
    if (next === undefined) return;
    target = next ?? undefined;
    if (next === null) onTargetLost();
  });

  window.addEventListener('keydown', (e) => {
    // While recording, Escape must not throw the recording away; the recorder's own Stop button ends it. In a tab
    // of its own, Escape is that tab's business, not the host page's modal.
    if (framed && e.key === 'Escape' && !recording && !e.defaultPrevented) post({ type: 'close' });
  });

  return {
    getContext: (resumedStartedAt?: number) =>
      new Promise<HostContext>((resolve) => {
        const id = randomId();
        awaitReply(
          (data) => contextReply(data, id),
          CONTEXT_TIMEOUT_MS,
          () => resolve(EMPTY),
          // Without the checks the host's context cannot be trusted: the recording goes without it, as on a timeout.
          (context) => void loadSanitizer().then(({ sanitizeContext }) => resolve(sanitizeContext(context)), () => resolve(EMPTY)),
        );
        post({ type: 'context:request', id, startedAt: resumedStartedAt ?? startedAt ?? now() });
      }),
    openSpool: () => HostSpoolStore.open(spoolCall),
    // A tab of its own records another tab: the host page's element is no part of its own capture.
    captureTarget: framed ? () => target : undefined,
    onCaptureTargetLost: (listener) => void (onTargetLost = listener),
    onLocale: (listener) => void (onLocale = listener),
    emit(event: HostEventName, payload: Record<string, unknown> = {}) {
      switch (event) {
        case 'open':
          return post({ type: 'ready' });
        case 'recording:start':
          recording = true;
          startedAt = now();
          void loadSanitizer().catch(() => undefined);
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
          post({ type: 'close' });
          // The tab was opened by the widget for this recording only.
          if (!framed) window.close();
          return;
      }
    },
    // A tab of its own has no modal to shrink: it records another tab and is not in the customer's way.
    layout: framed ? (layout) => post({ type: 'layout', layout }) : undefined,
    recordInTab(url: string, onClosed: () => void) {
      const tab = window.open(url, '_blank');
      if (!tab) return false;
      // A closed window fires nothing its opener can hear across this relationship: polled.
      const watch = setInterval(() => {
        if (!tab.closed) return;
        clearInterval(watch);
        onClosed();
      }, 1000);
      // Only between the tab this frame opened (on this origin) and the host page (at the session's origin); each end
      // checks the messages as it does for this frame's own.
      window.addEventListener('message', (e) => {
        if (e.source === tab && e.origin === window.location.origin) peer.postMessage(e.data, origin);
        else if (e.source === peer && e.origin === origin && !tab.closed) tab.postMessage(e.data, window.location.origin);
      });
      return true;
    },
  };
}
