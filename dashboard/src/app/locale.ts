/** A language prefix: a 2-letter code or xx-YY (spec §2: it may come before every path, the API's included). */
export const LOCALE_PATTERN = /^[a-z]{2}(?:-[A-Z]{2})?$/;

// First path segments of real routes that look like a language code; they are never a prefix.
const ROUTE_SEGMENTS = new Set(['my']);

export interface SplitPath {
  /** The language code, when the path starts with one. */
  lang: string | undefined;
  /** The path without the prefix, always starting with '/'. */
  path: string;
}

export function splitLocale(pathname: string): SplitPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && LOCALE_PATTERN.test(first) && !ROUTE_SEGMENTS.has(first)) return { lang: first, path: match?.[2] ?? '/' };
  return { lang: undefined, path: pathname || '/' };
}

/** The prefix fixed for this page load ('' or '/de'); the router uses it as its basename. */
export function localePrefix(lang: string | undefined): string {
  return lang ? `/${lang}` : '';
}

export const currentLang: string | undefined = typeof window === 'undefined' ? undefined : splitLocale(window.location.pathname).lang;
export const LOCALE_BASENAME = localePrefix(currentLang);
