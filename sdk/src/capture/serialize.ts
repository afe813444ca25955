/** Longest text one console call or error produces; the contract's message limit. */
export const MAX_TEXT = 10_000;
const MAX_NESTED_STRING = 1000;
const MAX_OBJECT_CHARS = 4000;
const MAX_KEYS = 50;
const MAX_DEPTH = 3;

export function cut(s: string, max: number): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

export function errorText(e: Error): string {
  const stack = e.stack;
  return typeof stack === 'string' && stack.includes(e.message) ? stack : `${e.name}: ${e.message}${stack ? '\n' + stack : ''}`;
}

/** `holder[key]` as text; read here so a throwing getter or proxy trap is caught with everything else. */
function format(holder: unknown, key: PropertyKey, depth: number, seen: object[]): string {
  try {
    const v: unknown = (holder as Record<PropertyKey, unknown>)[key];
    if (typeof v === 'string') return depth ? JSON.stringify(cut(v, MAX_NESTED_STRING)) : v;
    if (typeof v === 'function') return `[Function ${v.name}]`;
    if (!v || typeof v !== 'object' || v instanceof Date || (typeof Node === 'function' && v instanceof Node)) return String(v);
    if (v instanceof Error) return format([errorText(v)], 0, depth, seen);
    if (seen.includes(v)) return '[Circular]';
    if (depth >= MAX_DEPTH) return '[…]';
    const isArray = Array.isArray(v);
    const keys = Object.keys(v);
    seen.push(v);
    let out = '';
    for (let i = 0; i < keys.length; i++) {
      if (i >= MAX_KEYS || out.length > MAX_OBJECT_CHARS) {
        out += ',…';
        break;
      }
      const part = format(v, keys[i]!, depth + 1, seen);
      out += (i ? ',' : '') + (isArray ? part : `${JSON.stringify(keys[i])}:${part}`);
    }
    seen.pop();
    return isArray ? `[${out}]` : `{${out}}`;
  } catch {
    return '[Throws]';
  }
}

/**
 * Console arguments as one text, the way a developer reads them: strings as they are, objects as JSON-like text
 * (keys always JSON strings, so credential-looking keys can be found and redacted at hand-off). Bounded in size and
 * depth; circular references, throwing getters and hostile proxies never throw out of here.
 */
export function serialize(args: ArrayLike<unknown>): string {
  let out = '';
  for (let i = 0; i < args.length && out.length < MAX_TEXT; i++) out += (i ? ' ' : '') + format(args, i, 0, []);
  return cut(out, MAX_TEXT);
}
