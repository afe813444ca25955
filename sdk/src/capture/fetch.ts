import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { matchesUrl } from './url-rules.ts';
import { bodySize, type NetConfig } from './net-config.ts';

/** Wraps whatever `fetch` the page has now (the browser's or the page's own) and passes every call straight through. */
export function captureFetch(cfg: NetConfig, record: (e: Captured) => void): Restore {
  return patch(window, 'fetch', (orig) =>
    function (this: unknown, input: unknown, init?: RequestInit) {
      let e: Captured | undefined;
      let start = 0;
      // Read once: a request started before the detail chunk arrived gets no headers or bodies, on either side.
      const x = cfg._x;
      guard(() => {
        const req = input as Request | undefined;
        const url = String((req && req.url) || input);
        if (matchesUrl(cfg._ignore, url)) return;
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
        if (x) x.req(e, (init && init.headers) || (req && req.headers), body);
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
            if (x) x.res(ev, res);
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
