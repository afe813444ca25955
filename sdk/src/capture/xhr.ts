import type { WidgetNetworkEvent as NetworkEvent } from '@showback/contract';
import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { matchesUrl } from './url-rules.ts';
import { bodySize, bodyText, MAX_BODY, type NetConfig } from './net-config.ts';

type Pending = NetworkEvent & { rawRequestHeaders?: [string, string][]; rawResponseHeaders?: string; _detail: boolean };

export function captureXhr(cfg: NetConfig, record: (e: Captured) => void): Restore[] {
  const proto = XMLHttpRequest.prototype;
  // Keyed by the request object so the SDK adds no properties to the page's objects.
  const pending = new WeakMap<XMLHttpRequest, Pending>();
  const done = (xhr: XMLHttpRequest, e: Pending, start: number) => {
    e.duration_ms = performance.now() - start;
    e.status = xhr.status;
    if (!e.status) e.error = 'Request failed';
    const text = xhr.responseType === '' || xhr.responseType === 'text' ? xhr.responseText : undefined;
    if (text) e.response_size = text.length;
    if (e._detail) {
      e.rawResponseHeaders = xhr.getAllResponseHeaders();
      if (cfg._bodies && text !== undefined) e.response_body = text.slice(0, MAX_BODY);
    }
    delete (e as Partial<Pending>)._detail;
    record(e);
  };
  return [
    patch(proto, 'open', (orig) =>
      function (this: XMLHttpRequest, method: string, url: string | URL) {
        guard(() => {
          const u = String(url);
          pending.delete(this);
          if (!matchesUrl(cfg._ignore, u))
            pending.set(this, { kind: 'network', t: 0, transport: 'xhr', method: String(method).toUpperCase(), url: u, status: 0, duration_ms: 0, _detail: matchesUrl(cfg._detail, u) });
        });
        // eslint-disable-next-line prefer-rest-params
        return Reflect.apply(orig, this, arguments);
      },
    ),
    patch(proto, 'setRequestHeader', (orig) =>
      function (this: XMLHttpRequest, name: string, value: string) {
        guard(() => {
          const e = pending.get(this);
          if (e && e._detail) (e.rawRequestHeaders ||= []).push([name, value]);
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
          if (e._detail && cfg._bodies) e.request_body = bodyText(body);
          const start = performance.now();
          this.addEventListener('loadend', () => guard(() => done(this, e, start)), { once: true });
        });
        // eslint-disable-next-line prefer-rest-params
        return Reflect.apply(orig, this, arguments);
      },
    ),
  ];
}
