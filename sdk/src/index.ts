/**
 * The Showback widget: a launcher that lets your customers record their screen, with the console, network and
 * environment of your page attached to the recording.
 *
 * @remarks
 * Every function is safe to call in any order and at any time: none of them throws. Misuse is reported on the
 * `error` event and through `console.warn` (the browser's own, never the captured one), and the promises reject
 * with a {@link ShowbackError}.
 *
 * @packageDocumentation
 */
import { changeLocale, closeWidget, fail, openWidget, putMetadata, setIdentity, start, stop, subscribe, supported } from './core/client.ts';
import { warn } from './core/logger.ts';
import type { Identity, InitOptions, Locale, MetadataUpdate, MetadataValue, OpenOptions, ShowbackEventName, ShowbackEvents, SupportResult } from './types.ts';

export type {
  CaptureOptions,
  ConsoleLevel,
  Identity,
  InitOptions,
  LauncherOptions,
  LauncherPosition,
  Locale,
  Metadata,
  MetadataUpdate,
  MetadataValue,
  NetworkCaptureOptions,
  OpenOptions,
  PrivacyOptions,
  RedactionOptions,
  ShowbackError,
  ShowbackErrorCode,
  ShowbackEventName,
  ShowbackEvents,
  SupportResult,
  UnsupportedReason,
  UrlRule,
} from './types.ts';

function safely(name: string, fn: () => void): void {
  try {
    fn();
  } catch (e) {
    warn(`${name}() failed`, e);
  }
}

/**
 * Starts capturing the page's console, errors, network and navigations into a rolling buffer, and shows the
 * launcher. Call it once, as early as possible: what happened before it is not captured.
 *
 * @example Script tag (the key comes from `data-key`; no `init` call needed):
 * ```html
 * <script async src="https://app.showback.io/sdk/showback.js" data-key="wk_live_…"></script>
 * ```
 *
 * @example npm:
 * ```ts
 * import { init } from '@showback/widget';
 *
 * init({
 *   key: 'wk_live_…',
 *   host: 'https://app.showback.io',
 *   launcher: { position: 'bottom-left', label: 'Report a problem', background: '#0f766e' },
 *   capture: { network: { detailUrls: ['/api/'], headers: ['x-request-id'] } },
 * });
 * ```
 * @public
 */
export function init(options: InitOptions): void {
  safely('init', () => start(options));
}

/**
 * Opens the recording modal, loading the widget the first time (about 10 KB gzip).
 *
 * @returns A promise that resolves once the modal shows the recorder, or rejects with a {@link ShowbackError}:
 * `NOT_INITIALIZED`, `UNSUPPORTED`, `ORIGIN_NOT_ALLOWED` (this page's origin is not in the account's allowed
 * origins), `PLAN_REQUIRED`, `KEY_INVALID`, `NETWORK`, `LOAD_FAILED` or `DESTROYED`.
 *
 * @example
 * ```ts
 * import { open } from '@showback/widget';
 *
 * helpButton.addEventListener('click', () => {
 *   open({ instructions: 'Show us the checkout problem.', metadata: { plan: 'pro' } }).catch((e) => {
 *     if (e.code === 'UNSUPPORTED') location.href = '/help';
 *   });
 * });
 * ```
 * @public
 */
export function open(options?: OpenOptions): Promise<void> {
  try {
    return openWidget(options);
  } catch (e) {
    return fail(e);
  }
}

/**
 * Switches the widget's language: the launcher's default text, the modal and the recorder in it, at once and without
 * interrupting a recording in progress. A tag the widget does not speak is matched to the nearest one it does
 * (`'pt-PT'` → `pt-BR`), else the browser's language, else English.
 *
 * @example
 * ```ts
 * import { setLocale } from '@showback/widget';
 *
 * languagePicker.addEventListener('change', () => setLocale(languagePicker.value));
 * ```
 * @public
 */
export function setLocale(locale: Locale): void {
  safely('setLocale', () => changeLocale(locale));
}

/**
 * Closes the modal. A recording in progress is discarded.
 *
 * @example
 * ```ts
 * import { close, on } from '@showback/widget';
 *
 * on('submitted', () => setTimeout(close, 2000));
 * ```
 * @public
 */
export function close(): void {
  safely('close', closeWidget);
}

/**
 * Attaches the signed-in customer to the next recordings. They are the recording's sender wherever the owner sees
 * one (recording page, list and search, alert email, Slack and Teams, webhooks): the name and email where the
 * customer typed none, and your `id` as "User ID 42 in your app".
 *
 * @example
 * ```ts
 * import { identify } from '@showback/widget';
 *
 * identify({ id: user.id, email: user.email, name: user.displayName });
 * ```
 * @public
 */
export function identify(user: Identity): void {
  safely('identify', () => setIdentity(user));
}

/**
 * Forgets the identity set with {@link identify}, e.g. on sign-out.
 *
 * @example
 * ```ts
 * import { clearIdentity } from '@showback/widget';
 *
 * signOutButton.addEventListener('click', () => clearIdentity());
 * ```
 * @public
 */
export function clearIdentity(): void {
  safely('clearIdentity', () => setIdentity(undefined));
}

/**
 * Sets one metadata value attached to the next recordings; `undefined` removes it. Several at once: pass an object
 * ({@link MetadataUpdate}). For values that must be fresh at submit time, use the `metadata` callback of
 * {@link InitOptions}.
 *
 * @example
 * ```ts
 * import { setMetadata } from '@showback/widget';
 *
 * setMetadata('release', '2026.11.2');
 * setMetadata('cartItems', cart.length);
 * ```
 * @public
 */
export function setMetadata(key: string, value: MetadataValue | undefined): void;
/**
 * Sets several metadata values at once, merged over those set before; a key set to `undefined` is removed.
 *
 * @example
 * ```ts
 * import { setMetadata } from '@showback/widget';
 *
 * setMetadata({ plan: 'enterprise', app_version: '4.2.1' });
 * ```
 * @public
 */
export function setMetadata(values: MetadataUpdate): void;
export function setMetadata(key: string | MetadataUpdate, value?: MetadataValue): void {
  safely('setMetadata', () => putMetadata(key, value));
}

/**
 * Subscribes to a widget event.
 *
 * @returns A function that unsubscribes.
 *
 * @example
 * ```ts
 * import { on } from '@showback/widget';
 *
 * const off = on('submitted', ({ submissionId }) => analytics.track('recording_sent', { submissionId }));
 * on('error', (e) => console.warn('Showback:', e.code, e.message));
 * // later
 * off();
 * ```
 * @public
 */
export function on<K extends ShowbackEventName>(event: K, handler: (payload: ShowbackEvents[K]) => void): () => void {
  try {
    return subscribe(event, handler);
  } catch (e) {
    warn('on() failed', e);
    return () => {};
  }
}

/**
 * Whether this browser can record the screen, and why not. The launcher is not shown where it cannot.
 *
 * @example
 * ```ts
 * import { isSupported } from '@showback/widget';
 *
 * const { supported, reason } = isSupported();
 * if (!supported) reportButton.title = `Screen recording is not available here (${reason})`;
 * ```
 * @public
 */
export function isSupported(): SupportResult {
  try {
    return supported();
  } catch {
    return { supported: false, reason: 'no-window' };
  }
}

/**
 * Stops capturing, restores every function the SDK patched exactly as it found it, removes the launcher and the
 * modal, and drops the buffer and the event handlers. {@link init} may be called again afterwards.
 *
 * @example
 * ```ts
 * import { destroy } from '@showback/widget';
 *
 * // e.g. in a single-page app when the customer leaves the support area
 * destroy();
 * ```
 * @public
 */
export function destroy(): void {
  safely('destroy', stop);
}
