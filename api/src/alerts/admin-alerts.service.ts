import type { AdminAlertDeliveriesQuery, AdminAlertDeliveryList } from '@showback/contract';
import type { AppContext } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import { recordAdminAction } from '../modules/admin/audit-log.repository.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { listAllDeliveries, lockDelivery, requeueDelivery } from './alert-deliveries.repository.ts';
import { wakeDispatchers } from './alert-events.ts';
import { toDelivery } from './delivery-log.ts';

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
