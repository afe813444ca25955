import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_TOKEN_PREFIX, may, PERMISSIONS, scopeCovers, SESSION_COOKIE, type AccessTokenScope, type Permission } from '@showback/contract';
import { AppError } from '../errors.ts';
import { resolveAccessToken } from '../modules/access-tokens/access-tokens.service.ts';
import { resolveSession, type ResolvedSession, type SessionUser } from '../modules/auth/sessions.service.ts';

export type { SessionUser } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user. Set by the requireUser / requireSysadmin hooks; read it only on such routes. */
    user: SessionUser;
    /** The session behind the cookie, when there is one (set together with user). */
    sessionId: string | null;
    /** The personal access token a bearer request came with, once accepted (set together with user). */
    accessToken: { id: string; scope: AccessTokenScope } | null;
  }
  interface FastifyContextConfig {
    /**
     * The action of contract's PERMISSIONS table this route takes: a signed-in user whose role may not take it is
     * refused (401, else 403 with the table's refusal) before the body is validated or any handler runs.
     */
    permission?: Permission;
  }
}

const resolved = new WeakSet<FastifyRequest>();

/** The personal access token of an `Authorization: Bearer shb_pat_…` request (the scheme in any case, RFC 6750); other bearer tokens are the routes' own. */
export const bearerAccessToken = (request: FastifyRequest): string | undefined => {
  const token = /^bearer (.*)$/is.exec(request.headers.authorization ?? '')?.[1];
  return token?.startsWith(ACCESS_TOKEN_PREFIX) ? token : undefined;
};

/** The token scope the route's action needs, from the permission table; undefined: tokens may not call it. */
export const routeTokenScope = (request: FastifyRequest): AccessTokenScope | undefined => {
  const action = request.routeOptions.config?.permission;
  return action ? PERMISSIONS[action].token : undefined;
};

/**
 * A bearer request acts by its token alone, never by the cookie that may come along (so it needs no CSRF token): the
 * token must be valid, and the route's action open to tokens of its scope.
 */
async function acceptAccessToken(request: FastifyRequest, token: string): Promise<void> {
  const caller = await resolveAccessToken(request.server.ctx, token);
  const needed = routeTokenScope(request);
  if (!needed) throw new AppError('FORBIDDEN', 'Access tokens cannot be used for this; sign in to Showback to do it.');
  if (!scopeCovers(caller.scope, needed)) throw new AppError('FORBIDDEN', `This access token has the ${caller.scope} scope; this needs a token with the ${needed} scope.`);
  request.user = caller.user;
  request.accessToken = { id: caller.tokenId, scope: caller.scope };
}

/** The signed-in user of this request (by its session, or by its access token), or undefined; for routes that behave differently for guests. */
export async function findSessionUser(request: FastifyRequest): Promise<SessionUser | undefined> {
  if (!resolved.has(request)) {
    resolved.add(request);
    const token = bearerAccessToken(request);
    if (token !== undefined) await acceptAccessToken(request, token);
    else {
      const session = await resolveSession(request.server.ctx, request.cookies[SESSION_COOKIE]);
      if (session) {
        request.user = session.user;
        request.sessionId = session.sessionId;
      }
    }
  }
  return request.sessionId || request.accessToken ? request.user : undefined;
}

/** For handlers that looked the session up themselves (GET /users/me does it together with the profile). */
export function setSession(request: FastifyRequest, session: ResolvedSession | undefined): void {
  resolved.add(request);
  if (session) {
    request.user = session.user;
    request.sessionId = session.sessionId;
  }
}

export const unauthenticated = (): AppError => new AppError('UNAUTHENTICATED', 'You need to sign in or sign up before continuing.');

/**
 * preValidation: 401 UNAUTHENTICATED unless a valid session cookie came with the request. Before validation, so that an
 * anonymous caller learns nothing about a route's inputs (a bad query is 401 for them, not 422).
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await findSessionUser(request))) throw unauthenticated();
}

/** preValidation: requireUser, then 403 FORBIDDEN unless the user is a system admin. */
export async function requireSysadmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!request.user.isSysadmin) throw new AppError('FORBIDDEN', 'Only system admins may do this.');
}

export const forbidden = (action: Permission): AppError => new AppError('FORBIDDEN', PERMISSIONS[action].refusal);

function requirePermission(action: Permission): preValidationHookHandler {
  return async (request, reply) => {
    await requireUser(request, reply);
    if (!may(request.user.role, action)) throw forbidden(action);
  };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('accessToken', null);
  // Registered before any route: a route naming a permission gets its check first, from the one table.
  app.addHook('onRoute', (route) => {
    const action = route.config?.permission;
    if (!action) return;
    const others = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    route.preValidation = [requirePermission(action), ...others];
  });
});
