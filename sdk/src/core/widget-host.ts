import type { EventBuffer } from './event-buffer.ts';
import type { Identity, InitOptions, Locale, MetadataUpdate, OpenOptions, ShowbackEvents, ShowbackEventName } from '../types.ts';

/**
 * The core's state, handed as is to the lazily loaded widget: no module state is shared between the two bundles of
 * the script-tag build. Values set through the public API are stored unchecked; the widget checks and caps them at
 * hand-off, which keeps that code out of the up-front bundle.
 */
export interface WidgetHost {
  opts: InitOptions;
  /** Origin of the product (iframe and API). */
  host: string;
  buffer: EventBuffer;
  /** The page's fetch as it was before the SDK patched it, so the SDK's own calls are not captured. */
  fetch: typeof fetch;
  /** setMetadata()'s values as the page gave them; `undefined` is a removed key. */
  metadata: MetadataUpdate;
  identity?: Identity;
  /** The widget's language: the page's choice (`init({ locale })`, `setLocale()`), else the browser's. */
  locale: Locale;
  /** The page chose the language: the recorder speaks it too (else the recorder's own rules decide, docs/recorder.md). */
  localeGiven: boolean;
  emit<K extends ShowbackEventName>(name: K, payload: ShowbackEvents[K]): void;
  /** The modal closed (by the customer, the recorder or code). */
  closed(): void;
}

export interface Widget {
  /** `options` as the page passed them, unchecked. */
  open(options: OpenOptions | undefined): Promise<void>;
  close(): void;
  destroy(): void;
  /** The host's `locale` changed: the modal's words and the recorder in it follow. */
  relocale(): void;
}

export type CreateWidget = (host: WidgetHost) => Widget;

/**
 * What loads later: the widget on the first open(), header and body capture at init() when configured, and the
 * widget's context collection (redaction, environment, metadata) once a recording starts, and the blur of the page's
 * private elements when the widget opens.
 */
export interface Chunks {
  widget: CreateWidget;
  detail: typeof import('../capture/detail.ts').captureDetail;
  context: typeof import('../widget/build-context.ts').buildContext;
  privacy: typeof import('../widget/privacy-blur.ts').privacyBlur;
}
