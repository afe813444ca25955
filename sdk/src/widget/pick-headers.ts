import type { WidgetEvent } from '@showback/contract';
import type { PageEvent } from '../core/event-buffer.ts';

/** The allowlisted headers of a `Headers`, a record, a list of pairs or XHR's header text. */
export function pickHeaders(allow: readonly string[], h: unknown): Record<string, string> | undefined {
  if (!h || !allow.length) return undefined;
  const names = allow.map((n) => String(n).toLowerCase());
  const out: Record<string, string> = {};
  const add = (k: string, v: unknown) => {
    const name = String(k).trim().toLowerCase();
    if (names.includes(name) && Object.keys(out).length < 50) out[name] = String(v).trim().slice(0, 2000);
  };
  if (typeof h === 'string')
    for (const line of h.split(/\r?\n/)) {
      const i = line.indexOf(':');
      if (i > 0) add(line.slice(0, i), line.slice(i + 1));
    }
  else if (Array.isArray(h)) for (const [k, v] of h as [string, string][]) add(k, v);
  else if (typeof (h as Headers).forEach === 'function') (h as Headers).forEach((v, k) => add(k, v));
  else for (const k of Object.keys(h)) add(k, (h as Record<string, unknown>)[k]);
  return out;
}

/** The event in its wire shape: raw header sources replaced by the allowlisted headers, sizes read, the method in capitals. */
export function withHeaders(e: PageEvent, allow: readonly string[]): Exclude<WidgetEvent, { kind: 'action' }> {
  const { rawRequestHeaders, rawResponseHeaders, sizeFrom, ...rest } = e;
  if (rest.kind === 'network') {
    rest.method = String(rest.method || 'GET').toUpperCase();
    const size = sizeFrom ? +sizeFrom.get('content-length')! : 0;
    if (size) rest.response_size = size;
    const req = pickHeaders(allow, rawRequestHeaders);
    const res = pickHeaders(allow, rawResponseHeaders);
    if (req) rest.request_headers = req;
    if (res) rest.response_headers = res;
  }
  return rest;
}
