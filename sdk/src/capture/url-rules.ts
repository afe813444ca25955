import type { UrlRule } from '../types.ts';

export function absoluteUrl(url: string): string {
  try {
    return new URL(url, location.href).href;
  } catch {
    return url;
  }
}

/** Whether `url` matches any rule (a path rule is a prefix on the page's origin); parses only when there are rules. */
export function matchesUrl(rules: readonly UrlRule[], url: string): boolean {
  if (!rules.length) return false;
  const abs = absoluteUrl(url);
  return rules.some((r) => (typeof r === 'string' ? abs.startsWith(r[0] === '/' ? location.origin + r : r) : r instanceof RegExp && r.test(abs)));
}
