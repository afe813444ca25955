import type { UrlRule } from '../types.ts';
import type { PageEvent } from '../core/event-buffer.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { NetDetail } from './net-config.ts';
import { matchesUrl } from './url-rules.ts';

const MAX_BODY = 10_000;

const bodyText = (b: unknown): string | undefined =>
  typeof b === 'string' || b instanceof URLSearchParams ? String(b).slice(0, MAX_BODY) : undefined;

/**
 * Headers and bodies of the requests to `detailUrls`, a chunk of its own that the core loads at init() only when
 * such URLs are configured (most pages never pay for it). Requests started before it arrives carry none. Headers
 * are kept raw here and filtered down to the allowlisted names at hand-off.
 */
export function captureDetail(rules: UrlRule[], bodies: boolean): [NetDetail, Restore[]] {
  // Events of allowlisted URLs, marked at request time so the response side needs no URL matching.
  const marked = new WeakSet<PageEvent>();
  // XHR headers of allowlisted requests as they are set; keyed by the request so the page's objects stay untouched.
  const xhrHeaders = new WeakMap<XMLHttpRequest, [string, string][] | undefined>();
  const proto = typeof XMLHttpRequest === 'function' ? XMLHttpRequest.prototype : undefined;
  const x: NetDetail = {
    req(e, headers, body) {
      if (e.kind !== 'network' || !matchesUrl(rules, e.url)) return;
      marked.add(e);
      // A copy: the page may reuse its headers object.
      e.rawRequestHeaders = proto && headers instanceof XMLHttpRequest ? xhrHeaders.get(headers) : new Headers(headers as HeadersInit | undefined);
      if (bodies) e.request_body = bodyText(body);
    },
    res(e, from) {
      if (!marked.has(e) || e.kind !== 'network') return;
      if (proto && from instanceof XMLHttpRequest) {
        e.rawResponseHeaders = from.getAllResponseHeaders();
        if (bodies && (from.responseType === '' || from.responseType === 'text')) e.response_body = from.responseText.slice(0, MAX_BODY);
      } else {
        const res = from as Response;
        e.rawResponseHeaders = res.headers;
        // The event is already in the buffer when the body arrives; a clone leaves the page's stream alone.
        if (bodies) res.clone().text().then((b) => (e.response_body = b.slice(0, MAX_BODY)), () => {});
      }
    },
  };
  if (!proto) return [x, []];
  return [
    x,
    [
      patch(proto, 'open', (xhr: XMLHttpRequest, a) => void xhrHeaders.set(xhr, matchesUrl(rules, String(a[1])) ? [] : undefined)),
      patch(proto, 'setRequestHeader', (xhr: XMLHttpRequest, a) => void xhrHeaders.get(xhr)?.push([a[0], a[1]])),
    ],
  ];
}
