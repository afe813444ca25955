import { changeLocale, closeWidget, fail, openWidget, putMetadata, setIdentity, start, stop, subscribe, supported } from './core/client.ts';
import type { InitOptions } from './types.ts';
import { warn } from './core/logger.ts';

/**
 * Script-tag entry, `window.Showback`: the same functions as the npm package, callable as `Showback.open()` or
 * `Showback('open')`. The snippet's stub queues `Showback('method', …args)` calls, each with the resolve/reject of
 * the promise the stub returned, until this file loads; they are replayed here in order, `init` first, with the key
 * from `data-key`, the host from the script's own URL and the nonce from its `nonce` attribute as defaults.
 */
type Queued = [ArrayLike<unknown>, ((v: unknown) => void)?, ((e: unknown) => void)?];
type Fn = (...a: never[]) => unknown;

const script = document.currentScript as HTMLScriptElement | null;
// The host is the script's own URL (init() keeps its origin). An inlined copy of the bundle has no src: the host must
// then come from init().
const defaults: Partial<InitOptions> = script ? { key: script.dataset.key, nonce: script.nonce, host: script.src } : {};

const methods: Record<string, Fn> = {
  init: (o: InitOptions) => start({ ...defaults, ...o }),
  open: openWidget,
  close: closeWidget,
  identify: setIdentity,
  clearIdentity: () => setIdentity(undefined),
  setMetadata: putMetadata,
  setLocale: changeLocale,
  on: subscribe,
  isSupported: supported,
  destroy: stop,
};
// Nothing thrown inside reaches the page: open() rejects, the rest warn.
const api: Record<string, (...a: unknown[]) => unknown> = {};
for (const name in methods)
  api[name] = (...a) => {
    try {
      return methods[name]!(...(a as never[]));
    } catch (e) {
      if (name === 'open') return fail(e);
      warn(name, e);
    }
  };

const w = window as unknown as { Showback?: unknown };
// A copy, in case the page's `q` is no array: Array.from makes [] of anything without a length.
const queue: Queued[] = Array.from((w.Showback as { q?: Queued[] } | undefined)?.q || []);
const call = (name: unknown, ...args: unknown[]) => (api[name as string] || (() => warn(name, 'is not a method')))(...args);
w.Showback = Object.assign(call, api);

const isInit = ([a]: Queued) => a[0] === 'init';
if (defaults.key && !queue.some(isInit)) api.init!({});
// Every method keeps its throws from the page (open() rejects instead), so a call's result settles its promise.
for (const [a, resolve] of queue.sort((x, y) => +isInit(y) - +isInit(x))) (resolve || (() => {}))(call(...(a as [unknown])));
