import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, SESSION_COOKIE, SignInBodySchema, SignUpBodySchema, UpdateMeBodySchema, UserSchema } from '@showback/contract';
import { Type } from 'typebox';
import { findSessionUser, requireUser, setSession, unauthenticated } from '../../plugins/auth.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { endSession, startSession } from '../auth/sessions.service.ts';
import { acceptInvitation } from '../team/invitations.service.ts';
import * as users from './users.service.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema };

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/v1/users/sign_up',
    { preHandler: authRateLimit(app, 'sign_up'), schema: { tags: ['users'], summary: 'Create an account and its owner, or join the account of an invitation_token, and sign in', body: SignUpBodySchema, response: { 201: UserSchema, 402: ErrorBodySchema, 410: ErrorBodySchema, ...errors } } },
    async (request, reply) => {
      const token = request.body.invitation_token?.trim();
      const user = token ? await acceptInvitation(ctx, { ...request.body, invitation_token: token }) : await users.signUp(ctx, request.body);
      await startSession(request, reply, user.id, false);
      return reply.status(201).send(await users.userJson(ctx, user.id));
    },
  );

  app.post(
    '/api/v1/users/sign_in',
    { preHandler: authRateLimit(app, 'sign_in'), schema: { tags: ['users'], summary: 'Sign in with email and password', body: SignInBodySchema, response: { 200: UserSchema, ...errors } } },
    async (request, reply) => {
      const user = await users.authenticate(ctx, request.body);
      const remember = request.body.remember_me === '1' || request.body.remember_me === true;
      await startSession(request, reply, user.id, remember);
      return users.userJson(ctx, user.id);
    },
  );

  app.delete(
    '/api/v1/users/sign_out',
    { schema: { tags: ['users'], summary: 'End the current session', response: { 204: Type.Null(), 403: ErrorBodySchema } } },
    async (request, reply) => {
      // Signing out twice, or with an expired session, still clears the cookie.
      await findSessionUser(request);
      await endSession(request, reply, request.sessionId ?? undefined);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/users/me',
    { schema: { tags: ['users'], summary: 'The signed-in user with account and warnings', response: { 200: UserSchema, 401: ErrorBodySchema } } },
    async (request, reply) => {
      // The most requested call: session, user, account and billing in one query instead of requireUser + userJson.
      const found = await users.sessionUserJson(ctx, request.cookies[SESSION_COOKIE]);
      setSession(request, found?.session);
      if (!found) throw unauthenticated();
      reply.header('Cache-Control', 'no-store');
      return found.user;
    },
  );

  app.put(
    '/api/v1/users/me',
    { preValidation: requireUser, schema: { tags: ['users'], summary: 'Update name, email or password', body: UpdateMeBodySchema, response: { 200: UserSchema, ...errors } } },
    async (request) => {
      await users.updateMe(ctx, request.user.id, request.body, request.sessionId ?? undefined);
      return users.userJson(ctx, request.user.id);
    },
  );
};
