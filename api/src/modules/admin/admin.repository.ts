import { sql, type ExpressionBuilder } from 'kysely';
import type { AdminAccountQuery, AdminUserQuery } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { waitingForStaff } from '../chat/chat.repository.ts';
import { likePattern } from '../support/support.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const utcDay = (date: Date): string => date.toISOString().slice(0, 10);
const nextMidnight = (date: Date): Date => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));

type Counted = 'users' | 'submissions';

/** Rows of `table` from `since` to the next UTC midnight: the part of a window's first day the daily counts leave out. */
const restOfFirstDay = (eb: ExpressionBuilder<Database, never>, table: Counted, since: Date) =>
  eb.selectFrom(table).select((e) => e.fn.countAll<number>().as('n')).where('created_at', '>=', since).where('created_at', '<', nextMidnight(since));

/**
 * The overview's figures. Sign-ups and submissions come from admin_daily_counts (migration 0220): today is its row,
 * and a window of 7 or 30 days to this moment is the whole UTC days after its start plus the rest of the start's own
 * day, counted from the created_at index (at most a day of rows). The single counts travel in one statement: a dozen
 * round trips cost more than the counts on a busy machine.
 */
export async function overviewCounts(db: Db, now: Date) {
  const week = new Date(now.getTime() - 7 * DAY_MS);
  const month = new Date(now.getTime() - 30 * DAY_MS);
  const [figures, daily, plans, actions] = await Promise.all([
    db
      .selectNoFrom((eb) => [
        restOfFirstDay(eb, 'users', week).as('users_week'),
        restOfFirstDay(eb, 'users', month).as('users_month'),
        restOfFirstDay(eb, 'submissions', week).as('submissions_week'),
        restOfFirstDay(eb, 'submissions', month).as('submissions_month'),
        eb.selectFrom('accounts').select((e) => e.fn.countAll<number>().as('n')).where('trial_ends_at', '>=', now).where('trial_ends_at', '<', new Date(now.getTime() + 7 * DAY_MS)).as('trials'),
        eb.selectFrom('submissions').select((e) => e.fn.countAll<number>().as('n')).where('status', '=', 'failed').where('created_at', '>=', month).as('failed'),
        eb.selectFrom('alert_deliveries').select((e) => e.fn.countAll<number>().as('n')).where('status', '=', 'failed').where('created_at', '>=', week).as('deliveries'),
        eb.selectFrom('support_requests').select((e) => e.fn.countAll<number>().as('n')).where('status', '=', 'open').as('support'),
        eb.selectFrom('chat_conversations').select((e) => e.fn.countAll<number>().as('n')).where(waitingForStaff).as('chats'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('admin_daily_counts')
      .select(['kind', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'count'])
      .where('day', '>=', utcDay(month))
      .execute(),
    db.selectFrom('accounts').select(['plan', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('plan').orderBy('plan').execute(),
    db.selectFrom('admin_audit_log').selectAll().orderBy('created_at', 'desc').limit(20).execute(),
  ]);
  const recent = (kind: Counted, restOfWeek: unknown, restOfMonth: unknown) => {
    const perDay = new Map(daily.filter((d) => d.kind === kind).map((d) => [d.day, Number(d.count)]));
    const wholeDaysFrom = (since: Date) => [...perDay].reduce((n, [day, count]) => (day >= utcDay(nextMidnight(since)) ? n + count : n), 0);
    return { perDay, counts: { today: perDay.get(utcDay(now)) ?? 0, last_7_days: wholeDaysFrom(week) + Number(restOfWeek), last_30_days: wholeDaysFrom(month) + Number(restOfMonth) } };
  };
  const submissions = recent('submissions', figures.submissions_week, figures.submissions_month);
  return {
    signups: recent('users', figures.users_week, figures.users_month).counts,
    submissions: submissions.counts,
    plans,
    trials: Number(figures.trials),
    failed: Number(figures.failed),
    deliveries: Number(figures.deliveries),
    support: Number(figures.support),
    chats: Number(figures.chats),
    perDay: submissions.perDay,
    actions,
  };
}

/** Disables (a date) or enables (null) a user; the previous value, or undefined if no such user. */
export async function setUserDisabled(db: Db, userId: string, disabledAt: Date | null): Promise<{ disabled_at: Date | null; email: string } | undefined> {
  const before = await db.selectFrom('users').select(['disabled_at', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', userId).execute();
  return before;
}

/**
 * Grants or revokes system admin, unless that would leave no enabled system admin. The system admins are locked
 * first, so two admins revoking each other at once are decided one after the other. Undefined if no such user.
 */
export async function setSysadmin(db: Db, userId: string, isSysadmin: boolean): Promise<{ before: boolean; email: string; lastOne: boolean } | undefined> {
  const admins = await db.selectFrom('users').select(['id', 'disabled_at']).where('is_sysadmin', '=', true).orderBy('id').forUpdate().execute();
  const user = await db.selectFrom('users').select(['is_sysadmin', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!user) return undefined;
  const othersEnabled = admins.filter((a) => a.id !== userId && a.disabled_at === null).length;
  if (!isSysadmin && user.is_sysadmin && othersEnabled === 0) return { before: true, email: user.email, lastOne: true };
  await db.updateTable('users').set({ is_sysadmin: isSysadmin }).where('id', '=', userId).execute();
  return { before: user.is_sysadmin, email: user.email, lastOne: false };
}

// Each order ends with the id, so pages never overlap; an index in that order serves it (migrations 0191, 0220).
const USER_ORDER = {
  newest: sql`users.created_at desc, users.id`,
  oldest: sql`users.created_at asc, users.id`,
  email: sql`users.email asc, users.id`,
  last_active: sql`users.last_active_at desc nulls last, users.id`,
};

/**
 * A page is found from the listed table alone, then joined and counted for its rows only: a deep page skips bare
 * index entries, not joined rows with their per-row counts (page 400 of 10,000: ~200 ms before, see the Figures).
 */
const offsetOf = (query: { page: number; perPage: number }): number => (query.page - 1) * query.perPage;

export async function listUsers(db: Db, query: AdminUserQuery & { page: number; perPage: number }) {
  let base = db.selectFrom('users');
  const q = query.q?.trim();
  if (q) base = base.where((eb) => eb.or([eb('users.email', 'ilike', likePattern(q)), eb('users.name', 'ilike', likePattern(q))]));
  if (query.sysadmin !== undefined) base = base.where('users.is_sysadmin', '=', query.sysadmin);
  const order = USER_ORDER[query.sort ?? 'newest'];
  const page = base.select('users.id').orderBy(order).limit(query.perPage).offset(offsetOf(query));
  const [rows, { n }] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.is_sysadmin', 'users.account_id', 'accounts.name as account_name', 'accounts.plan', 'users.created_at', 'users.last_active_at', 'users.disabled_at'])
      .where('users.id', 'in', page)
      .orderBy(order)
      .execute(),
    // Every user has an account: the count needs no join.
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

const ACCOUNT_ORDER = {
  newest: sql`accounts.created_at desc, accounts.id`,
  oldest: sql`accounts.created_at asc, accounts.id`,
  name: sql`accounts.name asc, accounts.id`,
  trial_ending: sql`accounts.trial_ends_at asc nulls last, accounts.id`,
};

export async function listAccounts(db: Db, query: AdminAccountQuery & { page: number; perPage: number }) {
  let base = db.selectFrom('accounts');
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    // Two lookups the trigram indexes answer, rather than an OR that checks every account's members in turn.
    base = base.where('accounts.id', 'in', (eb) =>
      eb.selectFrom('accounts').select('accounts.id').where('accounts.name', 'ilike', pattern).union(eb.selectFrom('users').select('users.account_id as id').where('users.email', 'ilike', pattern)),
    );
  }
  if (query.plan) base = base.where('accounts.plan', '=', query.plan);
  const order = ACCOUNT_ORDER[query.sort ?? 'newest'];
  const page = base.select('accounts.id').orderBy(order).limit(query.perPage).offset(offsetOf(query));
  const [rows, { n }] = await Promise.all([
    db
      .selectFrom('accounts')
      .select([
        'accounts.id',
        'accounts.name',
        'accounts.plan',
        'accounts.trial_ends_at',
        'accounts.created_at',
        sql<number>`(select count(*) from users where users.account_id = accounts.id)`.as('user_count'),
        // Kept by triggers (migration 0240): an account with 100,000 submissions costs one row, not 100,000 index entries.
        sql<number>`coalesce((select c.submissions from account_submission_counts c where c.account_id = accounts.id), 0)`.as('submission_count'),
      ])
      .where('accounts.id', 'in', page)
      .orderBy(order)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}
