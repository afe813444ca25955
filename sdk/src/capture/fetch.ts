import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { matchesUrl } from './url-rules.ts';
import { bodySize, finish, networkEvent, type NetConfig } from './net-config.ts';

/** Wraps whatever `fetch` the page has now (the browser's or the page's own) and passes every call straight through. */
export function captureFetch(cfg: NetConfig, record: (e: Captured) => void): Restore {
  return patch(window, 'fetch', (_, a) => {
    const input: unknown = a[0];
    const init = a[1] as RequestInit | undefined;
    const req = input as Request | undefined;
    const url = String(req?.url || input);
    if (matchesUrl(cfg._ignore, url)) return;
    const body = init?.body;
    const e = networkEvent('fetch', init?.method || req?.method, url, bodySize(body));
    // Read once: a request started before the detail chunk arrived gets no headers or bodies, on either side.
    const x = cfg._x;
    x?.req(e, init?.headers || req?.headers, body);
    const start = performance.now();
    return (result: Promise<Response>) =>
      result.then(
        (res) => {
          guard(() => {
            finish(e, start, res.status, +res.headers.get('content-length')!);
            x?.res(e, res);
            record(e);
          });
          return res;
        },
        (err: unknown) => {
          guard(() => {
            finish(e, start, 0, 0, String((err as Error)?.message || err));
            record(e);
          });
          throw err;
        },
      );
  });
}
