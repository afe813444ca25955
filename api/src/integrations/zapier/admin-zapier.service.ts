import type { AdminZapierQuery, AdminZapierSubscriptionList } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { recordAdminAction } from '../../modules/admin/audit-log.repository.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { deleteAnySubscription, listAllSubscriptions } from './zapier.repository.ts';
import { iso } from '../../db/iso.ts';

export async function listZapierSubscriptions(ctx: AppContext, query: AdminZapierQuery): Promise<AdminZapierSubscriptionList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await listAllSubscriptions(ctx.db, { ...(query.q ? { q: query.q } : {}), ...(query.sort ? { sort: query.sort } : {}), page, perPage });
  return {
    items: rows.map((row) => ({ id: row.id, event: row.event, hookUrl: row.target_url, created_at: iso(row.created_at), account_id: row.account_id, account_name: row.account_name })),
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
