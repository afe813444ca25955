import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AcceptedSchema, ErrorBodySchema, PasswordResetBodySchema, PasswordResetRequestSchema, UserSchema } from '@showback/contract';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { userJson } from '../users/users.service.ts';
import { requestPasswordResetInBackground, resetPassword } from './password-resets.service.ts';
import { startSession } from './sessions.service.ts';

const errors = { 403: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema };

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/v1/users/password',
    {
      preHandler: authRateLimit(app, 'password_request'),
      schema: {
        tags: ['users'],
        summary: 'Email a password reset link (always 202: the answer does not reveal whether the email exists)',
        body: PasswordResetRequestSchema,
        response: { 202: AcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      requestPasswordResetInBackground(ctx, request.body.email, request.log);
      return reply.status(202).send({ message: 'If an account exists for this email, a link to reset the password is on its way.' });
    },
  );

  app.put(
    '/api/v1/users/password',
    {
      preHandler: authRateLimit(app, 'password_reset'),
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset token; ends all sessions and signs in here',
        body: PasswordResetBodySchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await resetPassword(ctx, request.body);
      await startSession(request, reply, userId, false);
      return userJson(ctx, userId);
    },
  );
};
