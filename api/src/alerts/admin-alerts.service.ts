import type { AdminAlertDeliveriesQuery, AdminAlertDeliveryList, AdminZapierQuery, AdminZapierSubscriptionList } from '@showback/contract';
import type { AppContext } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import { toDelivery } from '../integrations/webhooks/webhook-endpoints.service.ts';
import { deleteAnySubscription, listAllSubscriptions } from '../integrations/zapier/zapier.repository.ts';
import { recordAdminAction } from '../modules/admin/audit-log.repository.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { listAllDeliveries, lockDelivery, requeueDelivery } from './alert-deliveries.repository.ts';
import { wakeDispatchers } from './alert-events.ts';

export async function listDeliveries(ctx: AppContext, query: AdminAlertDeliveriesQuery): Promise<AdminAlertDeliveryList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await listAllDeliveries(ctx.db, {
    ...(query.channel ? { channels: query.channel.split(',') } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
    page,
    perPage,
  });
  return { items: rows.map((row) => ({ ...toDelivery(row), account_id: row.account_id, account_name: row.account_name, channel: row.channel, target: row.target })), total, page, per_page: perPage };
}

/**
 * One more attempt of a delivery that failed for good, audited. It becomes due again and the dispatchers are woken
 * when the transaction commits, so the attempt is made by the dispatcher like any other: rendered body kept, a
 * webhook signed afresh at sending.
 */
export async function replayDelivery(ctx: AppContext, staff: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const delivery = await lockDelivery(trx, id);
    if (!delivery) throw notFound('Delivery');
    if (delivery.status !== 'failed') throw new AppError('CONFLICT', `Only a failed delivery can be replayed; this one is ${delivery.status}.`);
    await requeueDelivery(trx, delivery.account_id, id);
    await recordAdminAction(trx, staff, {
      action: 'delivery.replay',
      targetType: 'alert_delivery',
      targetId: id,
      before: { channel: delivery.channel, account_id: delivery.account_id, status: 'failed', attempts: delivery.attempts, last_status: delivery.last_status },
      after: { status: 'pending' },
    });
    await wakeDispatchers(trx);
  });
}

export async function listZapierSubscriptions(ctx: AppContext, query: AdminZapierQuery): Promise<AdminZapierSubscriptionList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await listAllSubscriptions(ctx.db, { ...(query.q ? { q: query.q } : {}), ...(query.sort ? { sort: query.sort } : {}), page, perPage });
  return {
    items: rows.map((row) => ({ id: row.id, event: row.event, hookUrl: row.target_url, created_at: new Date(row.created_at).toISOString(), account_id: row.account_id, account_name: row.account_name })),
    total,
    page,
    per_page: perPage,
  };
}

/** Deletes a zap's subscription, audited: new recordings are no longer posted to it. */
export async function deleteZapierSubscription(ctx: AppContext, staff: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await deleteAnySubscription(trx, id);
    if (!deleted) throw notFound('Zapier subscription');
    await recordAdminAction(trx, staff, { action: 'zapier_subscription.delete', targetType: 'zapier_subscription', targetId: id, before: { account_id: deleted.account_id, event: deleted.event, hook_url: deleted.target_url }, after: null });
  });
}
