import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminAlertDeliveriesQuerySchema, AdminAlertDeliveryListSchema, AdminZapierSubscriptionListSchema } from '@showback/contract';
import { toDelivery } from '../integrations/webhooks/webhook-endpoints.service.ts';
import { listAllSubscriptions } from '../integrations/zapier/zapier.repository.ts';
import { requireSysadminHidden } from '../modules/admin/admin-guard.ts';
import { listAllDeliveries } from './alert-deliveries.repository.ts';

const LIMIT = 200;

/** What system admins see of alerts across accounts: deliveries per channel and Zapier subscriptions. */
export const adminAlertsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['admin'];

  app.get('/api/v1/admin/alert-deliveries', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'The newest deliveries of every account (webhooks, email, chat, Zapier)', querystring: AdminAlertDeliveriesQuerySchema, response: { 200: AdminAlertDeliveryListSchema } },
  }, async (request) => {
    const rows = await listAllDeliveries(app.ctx.db, { ...(request.query.channel ? { channels: request.query.channel.split(',') } : {}), ...(request.query.status ? { status: request.query.status } : {}) }, LIMIT);
    return { items: rows.map((row) => ({ ...toDelivery(row), account_id: row.account_id, account_name: row.account_name, channel: row.channel, target: row.target })) };
  });

  app.get('/api/v1/admin/zapier-subscriptions', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: "Every account's Zapier REST-hook subscriptions", response: { 200: AdminZapierSubscriptionListSchema } },
  }, async () => ({
    items: (await listAllSubscriptions(app.ctx.db, LIMIT)).map((row) => ({
      id: row.id,
      event: row.event,
      hookUrl: row.target_url,
      created_at: new Date(row.created_at).toISOString(),
      account_id: row.account_id,
      account_name: row.account_name,
    })),
  }));
};
