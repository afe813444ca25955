import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBodySchema } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../../modules/auth/sessions.service.ts';
import { requireUser } from '../../plugins/auth.ts';

/** The answers every helpdesk route may give besides its own: refused, missing, invalid. */
export const helpdeskErrors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema };
/** And those of routes that depend on the plan, the connection's state or the helpdesk's answer. */
export const helpdeskUpstreamErrors = { 402: ErrorBodySchema, 409: ErrorBodySchema, 502: ErrorBodySchema };

/** Whatever follows `Bearer ` (the same test as the CSRF plugin's, so a bearer request never falls back to the cookie). */
export const bearerOf = (request: FastifyRequest): string | undefined => /^Bearer (.*)$/s.exec(request.headers.authorization ?? '')?.[1];

/**
 * The route guard of the calls a helpdesk's app makes: with an app token (`Authorization: Bearer`) only the token
 * counts; without one, a signed-in page of Showback may call with its cookie (and its CSRF token, `csrf: 'unless-bearer'`).
 */
export function requireAppCaller(resolve: (ctx: AppContext, token: string) => Promise<SessionUser | undefined>, ended: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const bearer = bearerOf(request);
    if (bearer === undefined) return requireUser(request, reply);
    const user = await resolve(request.server.ctx, bearer);
    if (!user) throw new AppError('UNAUTHENTICATED', ended);
    request.user = user;
  };
}
