import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { matchesUrl } from './url-rules.ts';
import { bodySize, bodyText, MAX_BODY, type NetConfig } from './net-config.ts';

/** Wraps whatever `fetch` the page has now (the browser's or the page's own) and passes every call straight through. */
export function captureFetch(cfg: NetConfig, record: (e: Captured) => void): Restore {
  return patch(window, 'fetch', (orig) =>
    function (this: unknown, input: unknown, init?: RequestInit) {
      let e: Captured | undefined;
      let start = 0;
      let detail = false;
      guard(() => {
        const req = input as Request | undefined;
        const url = String((req && req.url) || input);
        if (matchesUrl(cfg._ignore, url)) return;
        detail = matchesUrl(cfg._detail, url);
        const body = init && init.body;
        e = {
          kind: 'network',
          t: Date.now(),
          transport: 'fetch',
          method: String((init && init.method) || (req && req.method) || 'GET').toUpperCase(),
          url,
          status: 0,
          duration_ms: 0,
          request_size: bodySize(body),
        };
        if (detail) {
          // A copy: the page may reuse its headers object.
          e.rawRequestHeaders = new Headers((init && init.headers) || (req && req.headers));
          if (cfg._bodies) e.request_body = bodyText(body);
        }
        start = performance.now();
      });
      // eslint-disable-next-line prefer-rest-params
      const result = Reflect.apply(orig, this, arguments);
      const ev = e as Captured & { kind: 'network' };
      if (!ev || !result || typeof result.then !== 'function') return result;
      return result.then(
        (res: Response) => {
          guard(() => {
            ev.duration_ms = performance.now() - start;
            ev.status = res.status;
            const len = res.headers.get('content-length');
            if (len) ev.response_size = +len;
            if (detail) {
              ev.rawResponseHeaders = res.headers;
              // The event is already in the buffer when the body arrives; a clone leaves the page's stream alone.
              if (cfg._bodies) res.clone().text().then((b) => (ev.response_body = b.slice(0, MAX_BODY)), () => {});
            }
            record(ev);
          });
          return res;
        },
        (err: unknown) => {
          guard(() => {
            ev.duration_ms = performance.now() - start;
            ev.error = String((err as Error)?.message || err);
            record(ev);
          });
          throw err;
        },
      );
    },
  );
}
