import { patch, type Restore } from '../core/patch.ts';
import type { PageEvent } from '../core/event-buffer.ts';
import { matchesUrl } from './url-rules.ts';
import { bodySize, finish, networkEvent, type NetConfig } from './net-config.ts';

/** Wraps whatever `fetch` the page has now (the browser's or the page's own) and passes every call straight through. */
export function captureFetch(cfg: NetConfig, record: (e: PageEvent) => void): Restore {
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
    // Plain try/catch rather than guard(): no closure to allocate on every response.
    return (result: Promise<Response>) =>
      result.then(
        (res) => {
          try {
            finish(e, res.status);
            (e as PageEvent).sizeFrom = res.headers;
            x?.res(e, res);
            record(e);
          } catch {
            // the event is lost, the response is not
          }
          return res;
        },
        (err: unknown) => {
          try {
            finish(e, 0, 0, String((err as Error)?.message || err));
            record(e);
          } catch {
            // the event is lost, the failure goes on to the page
          }
          throw err;
        },
      );
  });
}
