import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { bearerAccessToken, findSessionUser } from '../../plugins/auth.ts';

/**
 * onRequest hook of every /api/v1/admin route: only system admins get past it. Anyone else, signed in or not, gets the
 * answer of an unknown route (plugins/errors.ts), so the admin API does not show that it exists.
 */
export async function requireSysadminHidden(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  // Access tokens never open the admin API; refusing one as a token would show that the route exists.
  const user = bearerAccessToken(request) === undefined ? await findSessionUser(request) : undefined;
  if (!user?.isSysadmin) throw new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
}
