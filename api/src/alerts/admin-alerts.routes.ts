import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminAlertDeliveriesQuerySchema, AdminAlertDeliveryListSchema, ErrorBodySchema } from '@showback/contract';
import { requireSysadminHidden } from '../modules/admin/admin-guard.ts';
import * as service from './admin-alerts.service.ts';

/** What system admins see of alerts across accounts: deliveries per channel, with their replay. */
export const adminAlertsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['admin'];
  const params = Type.Object({ id: Type.String({ format: 'uuid' }) });

  app.get('/api/v1/admin/alert-deliveries', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Deliveries of every account (webhooks, email, chat, Zapier)', querystring: AdminAlertDeliveriesQuerySchema, response: { 200: AdminAlertDeliveryListSchema } },
  }, async (request) => service.listDeliveries(app.ctx, request.query));

  app.post('/api/v1/admin/alert-deliveries/:id/replay', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Attempt a failed delivery once more', params, response: { 204: Type.Null(), 404: ErrorBodySchema, 409: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.replayDelivery(app.ctx, request.user, request.params.id);
    return reply.status(204).send(null);
  });
};
