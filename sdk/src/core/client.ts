import { firstLocale } from '@showback/contract';
import type { ConsoleLevel, Identity, InitOptions, MetadataUpdate, MetadataValue, OpenOptions, ShowbackError, ShowbackEventName, ShowbackEvents, SupportResult, UnsupportedReason } from '../types.ts';
import { captureActions } from '../capture/actions.ts';
import { captureConsole } from '../capture/console.ts';
import { captureErrors } from '../capture/errors.ts';
import { captureFetch } from '../capture/fetch.ts';
import { captureNavigation } from '../capture/navigation.ts';
import { captureXhr } from '../capture/xhr.ts';
import { LAUNCHER_LABELS } from '../ui/launcher-labels.ts';
import { mountLauncher, type Launcher } from '../ui/launcher.ts';
import { createEventBuffer } from './event-buffer.ts';
import { loadChunk } from './load-chunk.ts';
import { guard } from './guard.ts';
import { warn } from './logger.ts';
import type { Restore } from './patch.ts';
import { sbError } from './sb-error.ts';
import type { Widget, WidgetHost } from './widget-host.ts';
import type { NetConfig } from '../capture/net-config.ts';

interface State extends WidgetHost {
  // Underscored: internal to the up-front bundle, shortened by its minifier.
  _restore: Restore[];
  _launcher?: Launcher;
  _widget?: Promise<Widget>;
}

const LEVELS: ConsoleLevel[] = ['debug', 'info', 'log', 'warn', 'error'];

let state: State | undefined;
const handlers: { [K in ShowbackEventName]?: Set<(p: ShowbackEvents[K]) => void> } = {};

function emit<K extends ShowbackEventName>(name: K, payload: ShowbackEvents[K]): void {
  handlers[name]?.forEach((h) => {
    try {
      h(payload);
    } catch (e) {
      warn(name, 'handler threw', e);
    }
  });
}

export function subscribe<K extends ShowbackEventName>(name: K, handler: (p: ShowbackEvents[K]) => void): () => void {
  if (typeof handler !== 'function') return () => {};
  const set = (handlers[name] ||= new Set() as never) as Set<typeof handler>;
  set.add(handler);
  return () => void set.delete(handler);
}

/** Reports the error on the `error` event and returns it as a rejection. */
export function fail(e: unknown): Promise<never> {
  const err = (e as ShowbackError)?.name === 'ShowbackError' ? (e as ShowbackError) : sbError('RECORDER', String((e as Error)?.message || e));
  emit('error', err);
  return Promise.reject(err);
}

/**
 * The page's tag if the widget speaks it (or its language in another region), else the browser's, else English: the
 * contract's chooseLocale() without a request's language, which the widget never has.
 */
const pickLocale = (given: unknown) => firstLocale([typeof given === 'string' ? given : undefined, ...(navigator.languages || [])]) ?? 'en';

const clamp = (v: unknown, def: number, max: number) => (typeof v === 'number' && v > 0 ? Math.min(v, max) : def);

// Phones and tablets have no screen capture in any browser: told apart from old desktop browsers by touch. No
// shadow-DOM check: every browser with getDisplayMedia has attachShadow.
export function supported(): SupportResult {
  const n = typeof document === 'object' && navigator;
  const reason: UnsupportedReason | '' = !n
    ? 'no-window'
    : window.isSecureContext === false
      ? 'insecure-context'
      : !n.mediaDevices?.getDisplayMedia
        ? n.maxTouchPoints > 0
          ? 'mobile'
          : 'no-screen-capture'
        : !window.MediaRecorder
          ? 'no-media-recorder'
          : '';
  return reason ? { supported: false, reason } : { supported: true };
}

export function start(o: InitOptions): void {
  if (state) return warn('init() again: call destroy() first');
  let host = '';
  try {
    host = new URL(String(o.host)).origin;
  } catch {
    // reported below (as is a missing `o`, which leaves no host)
  }
  if (!host || typeof o.key !== 'string' || !o.key) {
    fail(sbError('INVALID_OPTIONS', 'init() needs `key` and `host`')).catch(warn);
    return;
  }
  if (typeof window === 'undefined') return;
  const c = o.capture || {};
  const buffer = createEventBuffer(clamp(c.maxEvents, 1000, 2000), clamp(c.maxBytes, 1e6, 1.9e6));
  const record = buffer.push;
  const s: State = {
    opts: o,
    host,
    buffer,
    fetch: window.fetch,
    metadata: {},
    locale: pickLocale(o.locale),
    localeGiven: !!o.locale,
    emit,
    closed: () => s._launcher?._expand(false),
    _restore: [],
  };
  const r = s._restore;
  if (c.console !== false) r.push(...captureConsole(LEVELS.filter((l) => !c.console || c.console.includes(l)), record));
  if (c.errors !== false) r.push(captureErrors(record));
  if (c.network !== false) {
    const n = c.network || {};
    const cfg: NetConfig = { _ignore: n.ignoreUrls || [] };
    r.push(captureFetch(cfg, record), ...captureXhr(cfg, record));
    // Headers and bodies come in a chunk of their own, fetched only by pages that allowlist URLs for them.
    if (n.detailUrls?.length)
      loadChunk(host, o.nonce, 'detail').then(
        (make) => {
          if (state !== s) return;
          const [x, restore] = make(n.detailUrls!, !!n.bodies);
          cfg._x = x;
          r.push(...restore);
        },
        (e) => warn(e),
      );
  }
  if (c.navigation !== false) r.push(...captureNavigation(record));
  if (c.actions !== false) r.push(captureActions(record));
  state = s;
  // Guarded: after DOMContentLoaded nothing else stands between a throw here and the page. A launcher click has no
  // caller to reject to: its failure is a warning for the integrator (and the `error` event).
  const mount = () =>
    guard(() => {
      if (state === s && !s._launcher) s._launcher = mountLauncher(o.launcher || {}, o.nonce, LAUNCHER_LABELS[s.locale], () => void openWidget({}).catch(warn));
    });
  if (o.launcher !== false && supported().supported)
    if (document.body) mount();
    else document.addEventListener('DOMContentLoaded', mount);
}

export function openWidget(o: OpenOptions | undefined): Promise<void> {
  const s = state;
  if (!s) return fail(sbError('NOT_INITIALIZED', 'init() first'));
  const sup = supported();
  if (!sup.supported) return fail(sbError('UNSUPPORTED', sup.reason!));
  if (!s._widget) {
    s._widget = loadChunk(s.host, s.opts.nonce, 'widget').then((create) => create(s));
    // A failed load is tried again on the next open().
    s._widget.catch(() => (s._widget = undefined));
  }
  return s._widget
    .then((w) => {
      if (state !== s) throw sbError('DESTROYED', 'destroy() was called');
      s._launcher?._expand(true);
      return w.open(o);
    })
    .catch((e) => {
      s._launcher?._expand(false);
      return fail(e);
    });
}

export function closeWidget(): void {
  state?._widget?.then((w) => w.close(), () => {});
}

export function changeLocale(locale: unknown): void {
  const s = state;
  if (!s) return;
  s.locale = pickLocale(locale);
  s.localeGiven = true;
  s._launcher?._label(LAUNCHER_LABELS[s.locale]);
  s._widget?.then((w) => w.relocale(), () => {});
}

export function setIdentity(u: Identity | undefined): void {
  // A copy, so later changes to the page's object do not leak in; checked and capped at hand-off.
  if (state) state.identity = u && typeof u === 'object' ? { ...u } : undefined;
}

/** `(key, value)` or `({ key: value, … })`: stored as given (undefined removes a key), checked at hand-off. */
export function putMetadata(key: string | MetadataUpdate, value?: MetadataValue): void {
  if (state) Object.assign(state.metadata, typeof key === 'string' ? { [key]: value } : key);
}

export function stop(): void {
  const s = state;
  state = undefined;
  for (const k in handlers) delete handlers[k as ShowbackEventName];
  if (!s) return;
  for (const r of s._restore.reverse()) r();
  s._launcher?._remove();
  s._widget?.then((w) => w.destroy(), () => {});
}
