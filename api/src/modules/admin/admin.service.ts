import type { AdminAccountList, AdminAccountQuery, AdminOverview, AdminUserList, AdminUserQuery } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import * as repo from './admin.repository.ts';

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last 30 UTC days, oldest first, with a zero for each day without submissions. */
function everyDay(now: Date, counted: { day: string; count: number }[]): { day: string; count: number }[] {
  const byDay = new Map(counted.map((c) => [c.day, Number(c.count)]));
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
    recent_actions: c.actions.map((a) => ({ id: a.id, actor_email: a.actor_email, action: a.action, target_type: a.target_type, target_id: a.target_id, before: a.before, after: a.after, created_at: iso(a.created_at)! })),
  };
}

export async function listUsers(ctx: AppContext, query: AdminUserQuery): Promise<AdminUserList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listUsers(ctx.db, { ...query, page, perPage });
  return { items: rows.map((u) => ({ ...u, created_at: iso(u.created_at)!, last_active_at: iso(u.last_active_at) })), total, page, per_page: perPage };
}

export async function listAccounts(ctx: AppContext, query: AdminAccountQuery): Promise<AdminAccountList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listAccounts(ctx.db, { ...query, page, perPage });
  return {
    items: rows.map((a) => ({ ...a, trial_ends_at: iso(a.trial_ends_at), created_at: iso(a.created_at)!, user_count: Number(a.user_count), submission_count: Number(a.submission_count) })),
    total,
    page,
    per_page: perPage,
  };
}
