import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@showback/contract';
import { secureCookies } from './sessions.service.ts';

/**
 * What the callback needs to finish an OpenID sign-in, kept in a signed httpOnly cookie rather than in memory so
 * whichever API process receives the callback can finish it. SameSite=Lax: the provider's redirect back is a
 * top-level GET, which carries Lax cookies.
 */
export interface PendingSignIn {
  provider: OAuthProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A path on this site to land on afterwards. */
  redirectTo: string | null;
  startedAt: number;
}

const COOKIE = 'sb_oidc';
const PATH = '/users/auth';
const LIFETIME_MS = 10 * 60 * 1000;

export function keepPendingSignIn(request: FastifyRequest, reply: FastifyReply, pending: PendingSignIn): void {
  const value = Buffer.from(JSON.stringify(pending)).toString('base64url');
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
  return { provider, state, nonce, codeVerifier, redirectTo: typeof redirectTo === 'string' ? safeRedirectPath(redirectTo) : null, startedAt };
}

/** A path on this site (no scheme, no host, no `//` or `/\` that browsers read as another host), else null. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}
