/**
 * A language the widget and the recorder speak: English, German, French, Spanish, Brazilian Portuguese, Italian,
 * Dutch, Polish, Swedish, Japanese, Korean, Simplified Chinese and Arabic (right to left).
 * @public
 */
export type Locale = 'en' | 'de' | 'fr' | 'es' | 'pt-BR' | 'it' | 'nl' | 'pl' | 'sv' | 'ja' | 'ko' | 'zh-CN' | 'ar';

/**
 * Where the launcher button sits.
 * @public
 */
export type LauncherPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

/**
 * The launcher button shown on the page. Colours accept any CSS colour; an invalid one is ignored.
 * @public
 */
export interface LauncherOptions {
  /** Default `bottom-right`. */
  position?: LauncherPosition;
  /** Button text, default `Record your screen` in the widget's language. Your text is shown as given, in every language. */
  label?: string;
  /** Button background, default `#4f46e5`. */
  background?: string;
  /** Button text colour, default `#ffffff`. */
  color?: string;
}

/**
 * Console levels the SDK can capture.
 * @public
 */
export type ConsoleLevel = 'debug' | 'info' | 'log' | 'warn' | 'error';

/**
 * A URL rule: a string matches URLs that start with it (absolute, or a path on the page's origin); a RegExp is tested
 * against the absolute URL.
 * @public
 */
export type UrlRule = string | RegExp;

/**
 * Network capture. Method, URL (redacted), status, timing and sizes are always captured; headers and bodies only for
 * the URLs in `detailUrls`.
 * @public
 */
export interface NetworkCaptureOptions {
  /** Requests to these URLs are not recorded at all. */
  ignoreUrls?: UrlRule[];
  /**
   * Requests whose headers (those named in `headers`) and bodies (when `bodies` is true) are captured. Setting it
   * makes `init()` fetch a small extra script (`showback-detail.js`, under 1 KB gzip); requests started before it
   * has loaded are captured without headers and bodies.
   */
  detailUrls?: UrlRule[];
  /** Header names (case-insensitive) captured for `detailUrls`. Authorization, Cookie and Set-Cookie stay redacted. */
  headers?: string[];
  /** Capture request and response bodies (text, up to 10,000 characters) for `detailUrls`. */
  bodies?: boolean;
}

/**
 * Redaction rules added to the defaults. By default the SDK redacts the Authorization, Cookie and Set-Cookie
 * headers, query parameters and JSON fields whose name looks like a credential (token, password, secret, api_key,
 * access_token, …), bearer tokens and JWTs in any text.
 * @public
 */
export interface RedactionOptions {
  /** More field, header and query-parameter names to redact (case-insensitive, exact). */
  fields?: string[];
  /** Patterns replaced by `[redacted]` in every captured text (messages, URLs, bodies). Use the `g` flag. */
  patterns?: RegExp[];
}

/**
 * What the SDK captures on the host page. Everything is on by default except headers and bodies.
 * @public
 */
export interface CaptureOptions {
  /** Console levels to capture, or `false` for none. Default: all levels. */
  console?: ConsoleLevel[] | false;
  /** Uncaught errors and unhandled promise rejections. Default `true`. */
  errors?: boolean;
  /** fetch and XMLHttpRequest, or `false` for none. Default: method, URL, status, timing and sizes. */
  network?: NetworkCaptureOptions | false;
  /** History API navigations, back/forward and hash changes. Default `true`. */
  navigation?: boolean;
  /**
   * The customer's actions: clicks and taps (the target's role and name or visible text, never a field's value),
   * which form fields changed (never what was typed), Enter/Escape/Tab on fields, form submits, the tab hidden or
   * shown, the window focused or not, scrolling. Default `true`; `false` captures none.
   */
  actions?: boolean;
  /** Redaction rules on top of the defaults. */
  redact?: RedactionOptions;
  /** The rolling buffer keeps at most this many events. Default 1000. */
  maxEvents?: number;
  /** The rolling buffer keeps at most about this many bytes of event text. Default 1,000,000. */
  maxBytes?: number;
}

/**
 * What the widget blurs on the page while it records it. Password fields and elements marked `data-showback-mask` are
 * always blurred; so, unless `conventions` is false, are the markers other tools use: `.sentry-mask`,
 * `[data-sentry-mask]`, `.fs-mask`, `.fs-exclude`, `[data-hj-suppress]`, `.lr-hide`, `.ph-no-capture` and
 * `[data-private]`.
 *
 * @remarks
 * The blur is a style (`filter: blur()`) the SDK adds to the page from the countdown until Stop, so the pixels of a
 * blurred element never reach the video; it follows elements added later. It covers this page's own document: not
 * other tabs, windows or the rest of the screen the customer may share, not cross-origin iframes, not shadow roots.
 * @public
 */
export interface PrivacyOptions {
  /** More CSS selectors to blur, e.g. `['.account-balance', '#api-key']`. A selector the browser rejects is ignored with a warning. */
  selectors?: string[];
  /** Blur the other tools' privacy markers listed above. Default `true`. */
  conventions?: boolean;
}

/**
 * A metadata value: JSON scalars only, strings up to 1,000 characters.
 * @public
 */
export type MetadataValue = string | number | boolean | null;

/**
 * Metadata attached to a recording.
 * @public
 */
export type Metadata = Record<string, MetadataValue>;

/**
 * Several metadata values at once, for {@link setMetadata}: a key set to `undefined` is removed.
 * @public
 */
export type MetadataUpdate = Record<string, MetadataValue | undefined>;

/**
 * Options for {@link init}.
 * @public
 */
export interface InitOptions {
  /** The account's public widget key, from the Widget page of the dashboard. */
  key: string;
  /**
   * Origin of the Showback product, e.g. `https://app.showback.io`. The script tag install takes it from the
   * script's own URL; the npm package needs it.
   */
  host?: string;
  /**
   * The language of the launcher, the modal and the recorder in it. Default: the customer's browser language when
   * the widget speaks it (`pt-PT` gets `pt-BR`, `de-AT` gets `de`), else English. Change it later with
   * {@link setLocale}. A tag the widget does not speak is matched the same way (`'es-MX'` → `es`).
   */
  locale?: Locale;
  /** Launcher button options, or `false` to open the widget only from code with `open()`. */
  launcher?: LauncherOptions | false;
  /** What to capture on the page. */
  capture?: CaptureOptions;
  /** Nonce for the `<style>` and `<script>` elements the SDK adds, when the page has a strict Content-Security-Policy. */
  nonce?: string;
  /** Called at submit time; its result is merged over the metadata set with {@link setMetadata}. */
  metadata?: () => Metadata | Promise<Metadata>;
  /**
   * Your app's shell: the element (or a CSS selector for it) that holds the whole app and paints its own background,
   * e.g. `'#app'`. Where the browser has Element Capture (Chrome and Edge 132+), a recording of this tab shows only
   * this element, so the widget's recording control (outside it, at the end of `<body>`) stays out of the video.
   * Elsewhere, or when the customer shares another tab, the whole tab is recorded, control included.
   *
   * @remarks
   * Check two things first. What the page paints on `<body>` or `<html>` belongs to no element and shows black: the
   * shell must paint its own background. What is rendered outside the shell (dialogs or menus added at the end of
   * `<body>`) is left out of the video too. While the widget is open the SDK sets `isolation: isolate` on the element
   * (Element Capture records only an element that forms a stacking context; its layout stays as it is). `<body>`,
   * `<html>`, a selector that matches nothing and an element holding the widget are ignored with a console warning.
   * If the element leaves the page or is hidden during a recording, the rest is recorded as the whole tab (the
   * browser would record nothing of it); a selector finds the app's new shell at the next recording.
   */
  recordElement?: Element | string;
  /** What is blurred on this page while it is recorded: more selectors, or the other tools' markers off. */
  privacy?: PrivacyOptions;
}

/**
 * Options for one recording, passed to `open()`.
 * @public
 */
export interface OpenOptions {
  /** Instructions shown to the customer before they record (plain text, up to 2,000 characters). */
  instructions?: string;
  /** Id of a recording request of the account to file the recording under; default: the account's widget inbox. */
  request?: string;
  /** Metadata for this recording only, merged over the rest. */
  metadata?: Metadata;
}

/**
 * The customer, as your app knows them.
 * @public
 */
export interface Identity {
  /** Your id for the customer (up to 200 characters): the owner sees it as "User ID …" with the recording. */
  id?: string;
  /** Up to 320 characters. */
  email?: string;
  /** Display name, up to 200 characters. */
  name?: string;
}

/**
 * Codes of {@link ShowbackError}.
 * @public
 */
export type ShowbackErrorCode =
  | 'NOT_INITIALIZED'
  | 'INVALID_OPTIONS'
  | 'UNSUPPORTED'
  | 'ORIGIN_NOT_ALLOWED'
  | 'PLAN_REQUIRED'
  | 'KEY_INVALID'
  | 'NETWORK'
  | 'LOAD_FAILED'
  | 'DESTROYED'
  | 'RECORDER';

/**
 * The error every rejected SDK promise and every `error` event carries.
 * @public
 */
export interface ShowbackError extends Error {
  /** Always `ShowbackError`. */
  name: 'ShowbackError';
  /** What failed; branch on this, the message is for humans. */
  code: ShowbackErrorCode;
}

/**
 * Why {@link isSupported} says no.
 * @public
 */
export type UnsupportedReason = 'no-window' | 'insecure-context' | 'mobile' | 'no-screen-capture' | 'no-media-recorder';

/**
 * The answer of {@link isSupported}.
 * @public
 */
export interface SupportResult {
  /** Whether the widget can record here. */
  supported: boolean;
  /** Why not, when `supported` is false. */
  reason?: UnsupportedReason;
}

/**
 * Events and their payloads, for {@link on}.
 * @public
 */
export interface ShowbackEvents {
  /** The modal opened. */
  open: Record<string, never>;
  /** The modal closed. */
  close: Record<string, never>;
  /** The customer started recording; `startedAt` (epoch ms) is the zero of the attached events' offsets. */
  'recording:start': { startedAt: number };
  /** The customer stopped recording. */
  'recording:stop': { durationMs: number };
  /** Bytes of the video uploaded so far; `total` is null while the size is not known yet. */
  'upload:progress': { loaded: number; total: number | null };
  /** The recording was submitted. */
  submitted: { submissionId: string };
  /** Something failed; the SDK never throws into the page, it reports here. */
  error: ShowbackError;
}

/**
 * Name of an event of {@link ShowbackEvents}.
 * @public
 */
export type ShowbackEventName = keyof ShowbackEvents;
