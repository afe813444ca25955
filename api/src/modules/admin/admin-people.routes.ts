import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminAccountDetailSchema, AdminEnterpriseLimitsBodySchema, AdminExtendTrialBodySchema, AdminUserDetailSchema, ErrorBodySchema } from '@showback/contract';
import { requireSysadminHidden } from './admin-guard.ts';
import * as service from './admin-people.service.ts';
import { requestLocale } from '../users/user-locale.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** The user and account detail screens (/donkey/users/:id, /donkey/accounts/:id) and the actions taken there. */
export const adminPeopleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['admin'];
  app.get('/api/v1/admin/users/:id', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'A user: profile, sign-in methods, account, support requests, chat and the admin actions about them', params: IdParams, response: { 200: AdminUserDetailSchema, 404: ErrorBodySchema } },
  }, async (request) => service.getUser(app.ctx, request.params.id));

  app.post('/api/v1/admin/users/:id/password-reset', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Email the user a password reset link', params: IdParams, response: { 204: Type.Null(), 404: ErrorBodySchema, 409: ErrorBodySchema, 502: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.sendPasswordReset(app.ctx, request.user, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/admin/accounts/:id', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'An account: plan, trial, limits in force, usage, members and the admin actions about it', params: IdParams, response: { 200: AdminAccountDetailSchema, 404: ErrorBodySchema } },
  }, async (request) => service.getAccount(app.ctx, request.params.id));

  app.post('/api/v1/admin/accounts/:id/trial', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Extend a free account’s trial by some days or to a date', params: IdParams, body: AdminExtendTrialBodySchema, response: { 200: AdminAccountDetailSchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema } },
  }, async (request) => service.extendTrial(app.ctx, request.user, request.params.id, request.body, requestLocale(request)));

  app.put('/api/v1/admin/accounts/:id/limits', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Set an enterprise account’s limits (null: no limit)', params: IdParams, body: AdminEnterpriseLimitsBodySchema, response: { 200: AdminAccountDetailSchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema } },
  }, async (request) => service.setEnterpriseLimits(app.ctx, request.user, request.params.id, request.body));
};
