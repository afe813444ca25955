import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminZapierQuerySchema, AdminZapierSubscriptionListSchema, ErrorBodySchema } from '@showback/contract';
import { requireSysadminHidden } from '../../modules/admin/admin-guard.ts';
import * as service from './admin-zapier.service.ts';

/** What system admins see of Zapier across accounts: every REST-hook subscription, and deleting one. */
export const adminZapierRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['admin'];
  const params = Type.Object({ id: Type.String({ format: 'uuid' }) });

  app.get('/api/v1/admin/zapier-subscriptions', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: "Every account's Zapier REST-hook subscriptions", querystring: AdminZapierQuerySchema, response: { 200: AdminZapierSubscriptionListSchema } },
  }, async (request) => service.listZapierSubscriptions(app.ctx, request.query));

  app.delete('/api/v1/admin/zapier-subscriptions/:id', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: "Delete a zap's subscription", params, response: { 204: Type.Null(), 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.deleteZapierSubscription(app.ctx, request.user, request.params.id);
    return reply.status(204).send(null);
  });
};
