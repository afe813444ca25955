import type { AdminAccountList, AdminAccountQuery, AdminOverview, AdminUserList, AdminUserQuery } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { endCredentials } from '../auth/credential-lifecycle.ts';
import { recordAdminAction } from './audit-log.repository.ts';
import * as repo from './admin.repository.ts';
import { iso } from '../../db/iso.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last 30 UTC days, oldest first, with a zero for each day without submissions. */
function everyDay(now: Date, byDay: Map<string, number>): { day: string; count: number }[] {
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(now.getTime() - (29 - i) * DAY_MS).toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
}

export async function overview(ctx: AppContext): Promise<AdminOverview> {
  const now = new Date();
  const c = await repo.overviewCounts(ctx.db, now);
  return {
    signups: c.signups,
    submissions: c.submissions,
    accounts_by_plan: c.plans.map((p) => ({ plan: p.plan, count: Number(p.count) })),
    trials_ending_7_days: c.trials,
    failed_processing: c.failed,
    failing_deliveries: c.deliveries,
    open_support_requests: c.support,
    unread_chats: c.chats,
    submissions_per_day: everyDay(now, c.perDay),
    recent_actions: c.actions.map((a) => ({ id: a.id, actor_email: a.actor_email, action: a.action, target_type: a.target_type, target_id: a.target_id, before: a.before, after: a.after, created_at: iso(a.created_at) })),
  };
}

export async function listUsers(ctx: AppContext, query: AdminUserQuery): Promise<AdminUserList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listUsers(ctx.db, { ...query, page, perPage });
  return { items: rows.map(({ disabled_at, ...u }) => ({ ...u, disabled: disabled_at !== null, created_at: iso(u.created_at), last_active_at: iso(u.last_active_at) })), total, page, per_page: perPage };
}

/**
 * Disables or enables a user, audited. Nobody disables themselves, which also keeps at least one system admin able to
 * sign in. Disabling ends every credential the user holds at once (credential-lifecycle.ts); enabling gives none back.
 */
export async function setUserDisabled(ctx: AppContext, staff: SessionUser, userId: string, disabled: boolean): Promise<void> {
  if (disabled && userId === staff.id) throw new AppError('CONFLICT', 'You cannot disable yourself.');
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.setUserDisabled(trx, userId, disabled ? new Date() : null);
    if (!before) throw notFound('User');
    if (disabled) await endCredentials(trx, userId, 'disabled');
    if ((before.disabled_at !== null) === disabled) return;
    await recordAdminAction(trx, staff, { action: disabled ? 'user.disable' : 'user.enable', targetType: 'user', targetId: userId, before: { disabled: !disabled, email: before.email }, after: { disabled } });
  });
}

/** Grants or revokes system admin, audited; never revokes the last enabled system admin. */
export async function setSysadmin(ctx: AppContext, staff: SessionUser, userId: string, isSysadmin: boolean): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const result = await repo.setSysadmin(trx, userId, isSysadmin);
    if (!result) throw notFound('User');
    if (result.lastOne) throw new AppError('CONFLICT', 'This is the last system admin: grant another user system admin first.');
    if (result.before === isSysadmin) return;
    await recordAdminAction(trx, staff, { action: isSysadmin ? 'user.grant_sysadmin' : 'user.revoke_sysadmin', targetType: 'user', targetId: userId, before: { is_sysadmin: result.before, email: result.email }, after: { is_sysadmin: isSysadmin } });
  });
}

export async function listAccounts(ctx: AppContext, query: AdminAccountQuery): Promise<AdminAccountList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listAccounts(ctx.db, { ...query, page, perPage });
  return {
    items: rows.map((a) => ({ ...a, trial_ends_at: iso(a.trial_ends_at), created_at: iso(a.created_at), user_count: Number(a.user_count), submission_count: Number(a.submission_count) })),
    total,
    page,
    per_page: perPage,
  };
}
