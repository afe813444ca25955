/** The language prefix of /<xx>/r/<token> or /<xx-YY>/r/<token>, as written; undefined without one. */
export const localeFromPath = (pathname: string): string | undefined => /^\/([a-z]{2}(?:-[A-Z]{2})?)\/r\//.exec(pathname)?.[1];

/** The link token from /r/<token> (an optional locale prefix and trailing slash allowed). */
export function tokenFromPath(pathname: string): string | undefined {
  const m = pathname.match(/^(?:\/[a-z]{2}(?:-[A-Z]{2})?)?\/r\/([^/?#]+)\/?$/);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}
