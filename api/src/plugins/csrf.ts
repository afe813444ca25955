import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_FORM_FIELD, CsrfResponseSchema } from '@showback/contract';
import { AppError } from '../errors.ts';
import { secureCookies } from '../modules/auth/sessions.service.ts';
import { bearerAccessToken, routeTokenScope } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Unset: the token comes in the X-CSRF-Token header. false: the route is authenticated by something other than
     * the browser's cookies (tokens, signatures). 'form': an HTML form post carrying the token in its CSRF_FORM_FIELD.
     * 'unless-bearer': as unset, except for a request carrying `Authorization: Bearer`, which the route then
     * authenticates by that token alone, ignoring the cookie (a page elsewhere cannot add that header to a
     * credentialed request without a CORS preflight that names its origin and allows credentials).
     */
    csrf?: false | 'form' | 'unless-bearer';
  }
}

/**
 * Signed double-submit CSRF protection. The browser holds a random id in an httpOnly cookie; the page gets
 * `nonce.HMAC(secret, id.nonce)` in its meta tag and sends it back as X-CSRF-Token. Another site can neither read
 * the cookie nor compute the signature, and the token works before sign-in and across API processes sharing the secret.
 * Hand-written rather than @fastify/csrf-protection: that plugin needs a session store or a readable cookie secret per
 * browser; this is the same scheme in a few lines tied to our one secret.
 */
export const CSRF_COOKIE = 'sb_csrf';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sign(secret: string, id: string, nonce: string): string {
  return crypto.createHmac('sha256', secret).update(`${id}.${nonce}`).digest('base64url');
}

/** A CSRF token for this browser, setting its cookie when it has none yet. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  let id = request.cookies[CSRF_COOKIE];
  if (!id || !/^[\w-]{16,64}$/.test(id)) {
    id = crypto.randomBytes(18).toString('base64url');
    request.cookies[CSRF_COOKIE] = id;
    reply.setCookie(CSRF_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) });
  }
  const nonce = crypto.randomBytes(12).toString('base64url');
  return `${nonce}.${sign(request.server.ctx.secret, id, nonce)}`;
}

export function isValidCsrfToken(request: FastifyRequest, token: unknown): boolean {
  const id = request.cookies[CSRF_COOKIE];
  if (!id || typeof token !== 'string' || token.length > 200) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(request.server.ctx.secret, id, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function assertCsrf(request: FastifyRequest, token: unknown): void {
  if (!isValidCsrfToken(request, token)) {
    throw new AppError('CSRF_INVALID', 'The security token of this request is missing or invalid. Reload the page and try again.');
  }
}

/**
 * Every state-changing route is checked unless its own config opts out, decided from the route the router matched:
 * never from the raw URL, which an attacker may percent-encode (`/%61pi/…`) into a path the router decodes.
 * Unmatched requests are left to the 404 handler.
 */
function csrfMode(request: FastifyRequest): 'header' | 'form' | undefined {
  if (!UNSAFE.has(request.method) || request.is404) return undefined;
  const mode = request.routeOptions.config?.csrf;
  if (mode === false) return undefined;
  if (mode === 'unless-bearer' && /^Bearer /.test(request.headers.authorization ?? '')) return undefined;
  // A personal access token on a route open to tokens: the route then ignores the cookie (plugins/auth.ts).
  if (bearerAccessToken(request) !== undefined && routeTokenScope(request)) return undefined;
  return mode === 'form' ? 'form' : 'header';
}

export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (csrfMode(request) === 'header') assertCsrf(request, request.headers['x-csrf-token']);
  });
  // Form posts carry the token in the body, which is parsed only after onRequest.
  app.addHook('preValidation', async (request) => {
    if (csrfMode(request) === 'form') assertCsrf(request, (request.body as Record<string, unknown> | undefined)?.[CSRF_FORM_FIELD]);
  });

  app.get('/api/v1/csrf', { schema: { tags: ['auth'], response: { 200: CsrfResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { csrf_token: issueCsrfToken(request, reply) };
  });
});
