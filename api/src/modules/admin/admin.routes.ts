import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminAccountListSchema, AdminAccountQuerySchema, AdminOverviewSchema, AdminUserListSchema, AdminUserQuerySchema, AdminSysadminBodySchema, ErrorBodySchema } from '@showback/contract';
import { requireSysadminHidden } from './admin-guard.ts';
import * as service from './admin.service.ts';

/** The admin dashboard's counts and the users and accounts lists (/donkey, /donkey/users, /donkey/accounts). */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['admin'];
  app.get('/api/v1/admin/overview', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Counts for operators, submissions per day and the latest admin actions', response: { 200: AdminOverviewSchema } },
  }, async () => service.overview(app.ctx));

  app.get('/api/v1/admin/users', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Every user, searchable and sortable', querystring: AdminUserQuerySchema, response: { 200: AdminUserListSchema } },
  }, async (request) => service.listUsers(app.ctx, request.query));

  const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
  for (const [action, disabled] of [['disable', true], ['enable', false]] as const) {
    app.post(`/api/v1/admin/users/:id/${action}`, {
      onRequest: requireSysadminHidden,
      schema: { tags, summary: disabled ? 'Disable a user: no sign-in, sessions end now' : 'Enable a disabled user', params: IdParams, response: { 204: Type.Null(), 404: ErrorBodySchema, 409: ErrorBodySchema } },
    }, async (request, reply) => {
      await service.setUserDisabled(app.ctx, request.user, request.params.id, disabled);
      return reply.status(204).send(null);
    });
  }

  app.post('/api/v1/admin/users/:id/sysadmin', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Grant or revoke system admin (never the last one)', params: IdParams, body: AdminSysadminBodySchema, response: { 204: Type.Null(), 404: ErrorBodySchema, 409: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.setSysadmin(app.ctx, request.user, request.params.id, request.body.is_sysadmin);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/admin/accounts', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Every account with its plan, trial, members and recordings', querystring: AdminAccountQuerySchema, response: { 200: AdminAccountListSchema } },
  }, async (request) => service.listAccounts(app.ctx, request.query));
};
