import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, UpdateAccountBodySchema, UserSchema } from '@showback/contract';
import { userJson } from '../users/users.service.ts';
import { completeOnboarding, updateAccount } from './account.service.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.put(
    '/api/v1/account',
    { config: { permission: 'account.edit' }, schema: { tags: ['account'], summary: 'Rename the account and store onboarding answers (owner or admin)', body: UpdateAccountBodySchema, response: { 200: UserSchema, ...errors } } },
    async (request) => {
      await updateAccount(ctx, request.user.accountId, request.body);
      return userJson(ctx, request.user.id);
    },
  );

  app.post(
    '/api/v1/account/onboarding/complete',
    { config: { permission: 'account.edit' }, schema: { tags: ['account'], summary: 'Mark onboarding as finished (owner or admin)', response: { 200: UserSchema, ...errors } } },
    async (request) => {
      await completeOnboarding(ctx, request.user.accountId);
      return userJson(ctx, request.user.id);
    },
  );
};
