import type { FastifyReply, FastifyRequest } from 'fastify';
import { ATTRIBUTION_FIELDS, OAUTH_PROVIDERS, USER_LIMITS, type AttributionField, type OAuthProvider } from '@showback/contract';
import { secureCookies } from './sessions.service.ts';

/** The sign-up attribution a provider sign-in carries: only known fields, trimmed, non-empty, within the sign-up limit. */
export type Attribution = Partial<Record<AttributionField, string>>;

/**
 * What the callback needs to finish an OpenID sign-in, kept in a signed httpOnly cookie rather than in memory so
 * whichever API process receives the callback can finish it. SameSite=Lax: the provider's redirect back is a
 * top-level GET, which carries Lax cookies. Only the server writes it (the signature), so the landing path and the
 * attribution cannot be changed on the way through the provider.
 */
export interface PendingSignIn {
  provider: OAuthProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A path on this site to land on afterwards. */
  redirectTo: string | null;
  /** Stored on the user only when this sign-in creates one. */
  attribution: Attribution;
  startedAt: number;
}

const COOKIE = 'sb_oidc';
const PATH = '/users/auth';
const LIFETIME_MS = 10 * 60 * 1000;
// Browsers drop a cookie whose name and value pass 4096 bytes; the signature and name take about 50 of them.
const MAX_VALUE_BYTES = 3800;

const encode = (pending: PendingSignIn): string => Buffer.from(JSON.stringify(pending)).toString('base64url');

export function keepPendingSignIn(request: FastifyRequest, reply: FastifyReply, pending: PendingSignIn): void {
  const full = encode(pending);
  let value = full;
  // Only absurd input gets here (every attribution value near its limit plus a long path): losing the attribution,
  // then the landing path, beats a cookie the browser would silently drop, which would fail the whole sign-in.
  if (value.length > MAX_VALUE_BYTES) value = encode({ ...pending, attribution: {} });
  if (value.length > MAX_VALUE_BYTES) value = encode({ ...pending, attribution: {}, redirectTo: null });
  if (value !== full) request.log.warn({ provider: pending.provider }, 'OpenID sign-in: attribution or redirect_to too large for the pending cookie, left out');
  reply.setCookie(COOKIE, value, { path: PATH, httpOnly: true, sameSite: 'lax', secure: secureCookies(request), signed: true, maxAge: LIFETIME_MS / 1000 });
}

/** The pending sign-in of this browser for `provider`, or undefined (none, forged, expired, other provider). Used once: the cookie is cleared. */
export function takePendingSignIn(request: FastifyRequest, reply: FastifyReply, provider: OAuthProvider): PendingSignIn | undefined {
  const raw = request.cookies[COOKIE];
  if (raw === undefined) return undefined;
  reply.clearCookie(COOKIE, { path: PATH, httpOnly: true, sameSite: 'lax', secure: secureCookies(request) });
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  let pending: Partial<PendingSignIn>;
  try {
    pending = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as Partial<PendingSignIn>;
  } catch {
    return undefined;
  }
  const { state, nonce, codeVerifier, redirectTo, startedAt } = pending;
  if (pending.provider !== provider || !OAUTH_PROVIDERS.includes(provider)) return undefined;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') return undefined;
  if (typeof startedAt !== 'number' || Date.now() - startedAt > LIFETIME_MS) return undefined;
  const attribution = typeof pending.attribution === 'object' && pending.attribution !== null ? attributionFrom(pending.attribution) : {};
  return { provider, state, nonce, codeVerifier, redirectTo: typeof redirectTo === 'string' ? safeRedirectPath(redirectTo) : null, attribution, startedAt };
}

/** A path on this site (no scheme, no host, no `//` or `/\` that browsers read as another host), else null. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}

/**
 * The attribution fields of a form post (the sign-in page sends what it captured from the landing URL): trimmed,
 * empty ones dropped, and ones over the sign-up limit dropped rather than cut, since a cut value would be a
 * different campaign. Other fields are ignored.
 */
export function attributionFrom(fields: Record<string, unknown>): Attribution {
  const attribution: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = fields[field];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed && trimmed.length <= USER_LIMITS.attributionMax) attribution[field] = trimmed;
  }
  return attribution;
}
