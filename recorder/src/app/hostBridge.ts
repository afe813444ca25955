import type { Environment, Locale, WidgetEvent, WidgetIdentity, WidgetLayout, WidgetMetadata } from '@showback/contract';
import type { SpoolStore } from '../upload/spool.ts';

/** What the recorder tells the page around it (the widget's host), in the order they happen. */
export type HostEventName = 'open' | 'recording:start' | 'recording:stop' | 'upload:progress' | 'submitted' | 'error' | 'close';

/** Data the host adds to a submission; treated as untrusted (the server validates and caps it). */
export interface HostContext {
  metadata: WidgetMetadata;
  /** Checked against the contract's schemas and capped by the bridge (src/embed/sanitizeContext.ts). */
  events: WidgetEvent[];
  /** Events the host's buffer or the bridge's caps left out. */
  dropped_events?: number;
  identity?: WidgetIdentity;
  /** The host page's environment, which replaces the iframe's own where given (page URL, viewport…). */
  environment: Partial<Environment>;
}

/**
 * The one seam between the recorder and an embedding page. The standalone /r/<token> page uses `noopBridge`; inside
 * the widget's iframe, `recorder/src/embed/index.ts` (the widget's folder) exports
 * `createHostBridge(): Promise<HostBridge | undefined>`, which main.tsx loads lazily when the page is framed.
 */
export interface HostBridge {
  /**
   * Called once, when the recipient submits. `startedAt` (epoch ms) places the events of a recording that this page
   * did not start (picked up after a reload); by default the bridge's own `recording:start` is the zero.
   */
  getContext(startedAt?: number): Promise<HostContext>;
  emit(event: HostEventName, payload?: Record<string, unknown>): void;
  /** A spool kept by the host page, for a frame the browser gives no storage (undefined when the host has none). */
  openSpool?(): Promise<SpoolStore | undefined>;
  /**
   * Opens this recorder at `url` in a tab of its own (first-party, where capture and storage are allowed) and
   * relays the widget protocol between it and the host page. False when the browser blocked the new tab.
   * `onClosed` runs when that tab is closed (sent or given up).
   */
  recordInTab?(url: string, onClosed: () => void): boolean;
  /**
   * In the widget's frame only: `compact` asks the host page to shrink the frame to a small floating control while
   * recording (no backdrop, the page usable), `full` to show the whole modal again.
   */
  layout?(layout: WidgetLayout): void;
  /**
   * In the widget's frame only: the host page's `RestrictionTarget` for its app shell, once it sent one (Element
   * Capture, `init({ recordElement })`); the capture of this tab is restricted to it so the control stays out of the
   * video.
   */
  captureTarget?(): object | undefined;
  /** `listener` runs when the host page's app shell left the page or is hidden: the capture must be the whole tab. */
  onCaptureTargetLost?(listener: () => void): void;
  /** `listener` runs when the host page switches the widget's language (`Showback.setLocale()`). */
  onLocale?(listener: (locale: Locale) => void): void;
}

export const noopBridge: HostBridge = {
  getContext: async () => ({ metadata: {}, events: [], environment: {} }),
  emit: () => undefined,
};

export interface EmbedModule {
  createHostBridge(): Promise<HostBridge | undefined>;
}
