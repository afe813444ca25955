import type { WidgetEvent } from '@showback/contract';
import type { RedactionOptions } from '../types.ts';
import { REDACTED, redactKeysInText, sensitiveNames } from './sensitive.ts';
import { absoluteUrl } from '../capture/url-rules.ts';

const ALWAYS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
const BUILT_IN = [/\bBearer\s+[\w.~+/=-]+/gi, /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g];

export interface Redactor {
  text(s: string): string;
  url(u: string): string;
  event(e: WidgetEvent): WidgetEvent;
}

function pairs(s: string, isSensitive: (n: string) => boolean, text: (v: string) => string): string {
  return s
    .split('&')
    .map((p) => {
      const i = p.indexOf('=');
      if (i < 0) return p;
      let k = p.slice(0, i);
      try {
        k = decodeURIComponent(k.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      return isSensitive(k) ? `${p.slice(0, i)}=${REDACTED}` : text(p);
    })
    .join('&');
}

function jsonFields(v: unknown, isSensitive: (n: string) => boolean, depth: number): unknown {
  if (!v || typeof v !== 'object' || depth > 20) return v;
  if (Array.isArray(v)) return v.map((x) => jsonFields(x, isSensitive, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = isSensitive(k) ? REDACTED : jsonFields(x, isSensitive, depth + 1);
  return out;
}

/** Redaction at hand-off: nothing leaves the page before it went through here. */
export function createRedactor(o: RedactionOptions): Redactor {
  const isSensitive = sensitiveNames(o.fields);
  const patterns = [...BUILT_IN, ...(o.patterns || []).filter((p) => p instanceof RegExp)].map((p) =>
    p.global ? p : new RegExp(p.source, p.flags + 'g'),
  );
  const text = (s: string) => patterns.reduce((acc, p) => acc.replace(p, REDACTED), redactKeysInText(s, isSensitive));
  const url = (raw: string) => {
    try {
      const u = new URL(absoluteUrl(raw));
      if (u.search) u.search = pairs(u.search.slice(1), isSensitive, (x) => x);
      if (u.hash.includes('=')) u.hash = pairs(u.hash.slice(1), isSensitive, (x) => x);
      if (u.password) u.password = REDACTED;
      return text(u.href);
    } catch {
      return text(raw);
    }
  };
  const body = (b: string) => {
    try {
      return text(JSON.stringify(jsonFields(JSON.parse(b), isSensitive, 0)));
    } catch {
      return /^[^\s=&]+=[^\s&]*(&[^\s=&]+=[^\s&]*)*$/.test(b) ? pairs(b, isSensitive, text) : text(b);
    }
  };
  const headers = (h: Record<string, string> | undefined) => {
    if (!h) return undefined;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(h)) out[k] = ALWAYS.includes(k) || isSensitive(k) ? REDACTED : text(v);
    return out;
  };
  return {
    text,
    url,
    event(e) {
      switch (e.kind) {
        case 'console':
          return { ...e, message: text(e.message) };
        case 'error':
          return { ...e, message: text(e.message), stack: e.stack && text(e.stack), source: e.source && url(e.source) };
        case 'navigation':
          return { ...e, url: url(e.url) };
        case 'action':
          return { ...e, name: e.name && text(e.name), state: e.state && text(e.state) };
        case 'network':
          return {
            ...e,
            url: url(e.url),
            request_headers: headers(e.request_headers),
            response_headers: headers(e.response_headers),
            request_body: e.request_body && body(e.request_body),
            response_body: e.response_body && body(e.response_body),
          };
      }
    },
  };
}
