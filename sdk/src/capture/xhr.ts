import type { WidgetNetworkEvent as NetworkEvent } from '@showback/contract';
import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { matchesUrl } from './url-rules.ts';
import { bodySize, finish, networkEvent, type NetConfig } from './net-config.ts';

export function captureXhr(cfg: NetConfig, record: (e: Captured) => void): Restore[] {
  const proto = XMLHttpRequest.prototype;
  // Keyed by the request object so the SDK adds no properties to the page's objects.
  const pending = new WeakMap<XMLHttpRequest, NetworkEvent | undefined>();
  return [
    patch(proto, 'open', (xhr: XMLHttpRequest, a) => {
      const url = String(a[1]);
      // Set either way: a reused request must not keep the event of its previous open().
      pending.set(xhr, matchesUrl(cfg._ignore, url) ? undefined : networkEvent('xhr', a[0], url));
    }),
    patch(proto, 'send', (xhr: XMLHttpRequest, a) => {
      const e = pending.get(xhr);
      if (!e) return;
      e.t = Date.now();
      e.request_size = bodySize(a[0]);
      // Read once, like fetch: both sides of a request see the detail chunk or neither.
      const x = cfg._x;
      x?.req(e, xhr, a[0]);
      xhr.addEventListener(
        'loadend',
        () =>
          guard(() => {
            finish(e, xhr.status, +xhr.getResponseHeader('content-length')!, xhr.status ? undefined : 'Request failed');
            x?.res(e, xhr);
            record(e);
          }),
        { once: true },
      );
    }),
  ];
}
