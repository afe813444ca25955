/**
 * Allowed origins: `scheme://host[:port]` exactly, or `scheme://*.domain[:port]` for any subdomain of domain (not
 * the domain itself). Entries are stored canonical (lower case, default port dropped), so a lookup compares strings.
 */
const WILDCARD = /^(https?):\/\/\*\.([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::(\d{1,5}))?$/;

/** The canonical form of an owner's entry, or undefined when it is not an origin we can match. */
export function normalizeAllowedOrigin(entry: string): string | undefined {
  const text = entry.trim().toLowerCase().replace(/\/+$/, '');
  const wild = WILDCARD.exec(text);
  if (wild) {
    const [, scheme, domain, port] = wild;
    const defaultPort = scheme === 'https' ? '443' : '80';
    return `${scheme}://*.${domain}${port && port !== defaultPort ? `:${port}` : ''}`;
  }
  return canonicalOrigin(text);
}

/** `new URL(x).origin` for an http(s) origin with nothing after it; undefined for anything else. */
export function canonicalOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(url.hostname)) return undefined;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return undefined;
  if (value.replace(/\/$/, '').toLowerCase() !== url.origin) return undefined;
  return url.origin;
}

/** Entries that would allow `origin`: itself and a wildcard for each parent domain (`https://*.b.example.com`, …). */
export function originCandidates(origin: string): string[] {
  const canonical = canonicalOrigin(origin);
  if (!canonical) return [];
  const url = new URL(canonical);
  const port = url.port ? `:${url.port}` : '';
  const labels = url.hostname.split('.');
  const out = [canonical];
  // A wildcard needs at least two labels after the `*.`; IP addresses never match one.
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) && !url.hostname.startsWith('[')) {
    for (let i = 1; i <= labels.length - 2; i++) out.push(`${url.protocol}//*.${labels.slice(i).join('.')}${port}`);
  }
  return out;
}

export function originAllowed(allowed: readonly string[], origin: string): boolean {
  return originCandidates(origin).some((candidate) => allowed.includes(candidate));
}
