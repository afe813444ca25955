import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '@showback/contract';
import { AppError } from '../errors.ts';
import { resolveSession, type ResolvedSession, type SessionUser } from '../modules/auth/sessions.service.ts';

export type { SessionUser } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user. Set by the requireUser / requireSysadmin preHandlers; read it only on such routes. */
    user: SessionUser;
    /** The session behind the cookie, when there is one (set together with user). */
    sessionId: string | null;
  }
}

const resolved = new WeakSet<FastifyRequest>();

/** The signed-in user of this request, or undefined; for routes that behave differently for guests. */
export async function findSessionUser(request: FastifyRequest): Promise<SessionUser | undefined> {
  if (!resolved.has(request)) {
    resolved.add(request);
    const session = await resolveSession(request.server.ctx, request.cookies[SESSION_COOKIE]);
    if (session) {
      request.user = session.user;
      request.sessionId = session.sessionId;
    }
  }
  return request.sessionId ? request.user : undefined;
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

/** preHandler: 401 UNAUTHENTICATED unless a valid session cookie came with the request. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await findSessionUser(request))) throw unauthenticated();
}

/** preHandler: requireUser, then 403 FORBIDDEN unless the user is a system admin. */
export async function requireSysadmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!request.user.isSysadmin) throw new AppError('FORBIDDEN', 'Only system admins may do this.');
}

/** preHandler: requireUser, then 403 FORBIDDEN unless the user is the account's owner or an admin. */
export async function requireAccountAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.user.role !== 'owner' && request.user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only the account owner or an admin may do this.');
}

export const forbiddenNotOwner = (): AppError => new AppError('FORBIDDEN', 'Only the account owner may do this.');

/** preHandler: requireUser, then 403 FORBIDDEN unless the user is the account's owner. */
export async function requireAccountOwner(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.user.role !== 'owner') throw forbiddenNotOwner();
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('sessionId', null);
});
