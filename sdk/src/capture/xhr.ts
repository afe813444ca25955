import type { WidgetNetworkEvent as NetworkEvent } from '@showback/contract';
import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { matchesUrl } from './url-rules.ts';
import { bodySize, type NetConfig, type NetDetail } from './net-config.ts';

export function captureXhr(cfg: NetConfig, record: (e: Captured) => void): Restore[] {
  const proto = XMLHttpRequest.prototype;
  // Keyed by the request object so the SDK adds no properties to the page's objects.
  const pending = new WeakMap<XMLHttpRequest, NetworkEvent>();
  const done = (xhr: XMLHttpRequest, e: NetworkEvent, start: number, x: NetDetail | undefined) => {
    e.duration_ms = performance.now() - start;
    e.status = xhr.status;
    if (!e.status) e.error = 'Request failed';
    const text = xhr.responseType === '' || xhr.responseType === 'text' ? xhr.responseText : undefined;
    if (text) e.response_size = text.length;
    if (x) x.res(e, xhr, text);
    record(e);
  };
  return [
    patch(proto, 'open', (orig) =>
      function (this: XMLHttpRequest, method: string, url: string | URL) {
        guard(() => {
          const u = String(url);
          pending.delete(this);
          if (!matchesUrl(cfg._ignore, u))
            pending.set(this, { kind: 'network', t: 0, transport: 'xhr', method: String(method).toUpperCase(), url: u, status: 0, duration_ms: 0 });
        });
        // eslint-disable-next-line prefer-rest-params
        return Reflect.apply(orig, this, arguments);
      },
    ),
    patch(proto, 'send', (orig) =>
      function (this: XMLHttpRequest, body?: unknown) {
        guard(() => {
          const e = pending.get(this);
          if (!e) return;
          e.t = Date.now();
          e.request_size = bodySize(body);
          // Read once, like fetch: both sides of a request see the detail chunk or neither.
          const x = cfg._x;
          if (x) x.req(e, this, body);
          const start = performance.now();
          this.addEventListener('loadend', () => guard(() => done(this, e, start, x)), { once: true });
        });
        // eslint-disable-next-line prefer-rest-params
        return Reflect.apply(orig, this, arguments);
      },
    ),
  ];
}
