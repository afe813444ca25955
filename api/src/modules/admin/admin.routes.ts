import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminAccountListSchema, AdminAccountQuerySchema, AdminOverviewSchema, AdminUserListSchema, AdminUserQuerySchema } from '@showback/contract';
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

  app.get('/api/v1/admin/accounts', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Every account with its plan, trial, members and recordings', querystring: AdminAccountQuerySchema, response: { 200: AdminAccountListSchema } },
  }, async (request) => service.listAccounts(app.ctx, request.query));
};
