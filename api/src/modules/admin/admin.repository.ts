import { sql } from 'kysely';
import type { AdminAccountQuery, AdminUserQuery } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../support/support.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const utcDay = (date: Date): string => date.toISOString().slice(0, 10);
const nextMidnight = (date: Date): Date => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));

/**
 * Rows of `kind` created since `since`: the whole UTC days after it from admin_daily_counts, plus the rest of its own
 * day counted in the table (at most a day of rows, read from the created_at index).
 */
async function countSince(db: Db, kind: 'users' | 'submissions', since: Date, perDay: Map<string, number>): Promise<number> {
  const firstWholeDay = nextMidnight(since);
  const { n } = await db.selectFrom(kind).select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '>=', since).where('created_at', '<', firstWholeDay).executeTakeFirstOrThrow();
  let total = Number(n);
  for (const [day, count] of perDay) if (day >= utcDay(firstWholeDay)) total += count;
  return total;
}

/** admin_daily_counts of `kind` from the UTC day of `since` on, by day (YYYY-MM-DD). */
async function dailyCounts(db: Db, kind: 'users' | 'submissions', since: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('admin_daily_counts')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'count'])
    .where('kind', '=', kind)
    .where('day', '>=', utcDay(since))
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}

/** Today (the UTC day), the last 7 days and the last 30 days, each counted to this moment. */
async function recentCounts(db: Db, kind: 'users' | 'submissions', now: Date) {
  const week = new Date(now.getTime() - 7 * DAY_MS);
  const month = new Date(now.getTime() - 30 * DAY_MS);
  const perDay = await dailyCounts(db, kind, month);
  const [last_7_days, last_30_days] = await Promise.all([countSince(db, kind, week, perDay), countSince(db, kind, month, perDay)]);
  return { counts: { today: perDay.get(utcDay(now)) ?? 0, last_7_days, last_30_days }, perDay };
}

export async function overviewCounts(db: Db, now: Date) {
  const [signups, submissions, plans, trials, failed, deliveries, support, chats, actions] = await Promise.all([
    recentCounts(db, 'users', now),
    recentCounts(db, 'submissions', now),
    db.selectFrom('accounts').select(['plan', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('plan').orderBy('plan').execute(),
    db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('trial_ends_at', '>=', now).where('trial_ends_at', '<', new Date(now.getTime() + 7 * DAY_MS)).executeTakeFirstOrThrow(),
    db.selectFrom('submissions').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').where('created_at', '>=', new Date(now.getTime() - 30 * DAY_MS)).executeTakeFirstOrThrow(),
    db.selectFrom('alert_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').where('created_at', '>=', new Date(now.getTime() - 7 * DAY_MS)).executeTakeFirstOrThrow(),
    db.selectFrom('support_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow(),
    db
      .selectFrom('chat_conversations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`exists (select 1 from chat_messages m where m.conversation_id = chat_conversations.id and m.author = 'customer' and m.id > chat_conversations.staff_read_id)`)
      .executeTakeFirstOrThrow(),
    db.selectFrom('admin_audit_log').selectAll().orderBy('created_at', 'desc').limit(20).execute(),
  ]);
  return {
    signups: signups.counts,
    submissions: submissions.counts,
    plans,
    trials: Number(trials.n),
    failed: Number(failed.n),
    deliveries: Number(deliveries.n),
    support: Number(support.n),
    chats: Number(chats.n),
    perDay: submissions.perDay,
    actions,
  };
}

/** Disables (a date) or enables (null) a user, ending their sessions when disabled; the previous value, or undefined if no such user. */
export async function setUserDisabled(db: Db, userId: string, disabledAt: Date | null): Promise<{ disabled_at: Date | null; email: string } | undefined> {
  const before = await db.selectFrom('users').select(['disabled_at', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', userId).execute();
  if (disabledAt) await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
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

const USER_ORDER = {
  newest: [['users.created_at', 'desc']],
  oldest: [['users.created_at', 'asc']],
  email: [['users.email', 'asc']],
  last_active: [[sql`users.last_active_at desc nulls last`, undefined]],
} as const;

export async function listUsers(db: Db, query: AdminUserQuery & { page: number; perPage: number }) {
  // Every user has an account: the count needs no join.
  let base = db.selectFrom('users');
  const q = query.q?.trim();
  if (q) base = base.where((eb) => eb.or([eb('users.email', 'ilike', likePattern(q)), eb('users.name', 'ilike', likePattern(q))]));
  if (query.sysadmin !== undefined) base = base.where('users.is_sysadmin', '=', query.sysadmin);
  let listed = base.innerJoin('accounts', 'accounts.id', 'users.account_id').select(['users.id', 'users.name', 'users.email', 'users.role', 'users.is_sysadmin', 'users.account_id', 'accounts.name as account_name', 'accounts.plan', 'users.created_at', 'users.last_active_at', 'users.disabled_at']);
  for (const [column, direction] of USER_ORDER[query.sort ?? 'newest']) listed = direction ? listed.orderBy(column, direction) : listed.orderBy(column);
  const [rows, { n }] = await Promise.all([
    listed.orderBy('users.id').limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

const ACCOUNT_ORDER = {
  newest: [['accounts.created_at', 'desc']],
  oldest: [['accounts.created_at', 'asc']],
  name: [['accounts.name', 'asc']],
  trial_ending: [[sql`accounts.trial_ends_at asc nulls last`, undefined]],
} as const;

export async function listAccounts(db: Db, query: AdminAccountQuery & { page: number; perPage: number }) {
  let base = db.selectFrom('accounts');
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    base = base.where((eb) => eb.or([eb('accounts.name', 'ilike', pattern), eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.account_id', '=', 'accounts.id').where('users.email', 'ilike', pattern))]));
  }
  if (query.plan) base = base.where('accounts.plan', '=', query.plan);
  let listed = base.select([
    'accounts.id',
    'accounts.name',
    'accounts.plan',
    'accounts.trial_ends_at',
    'accounts.created_at',
    sql<number>`(select count(*) from users where users.account_id = accounts.id)`.as('user_count'),
    sql<number>`(select count(*) from submissions where submissions.account_id = accounts.id)`.as('submission_count'),
  ]);
  for (const [column, direction] of ACCOUNT_ORDER[query.sort ?? 'newest']) listed = direction ? listed.orderBy(column, direction) : listed.orderBy(column);
  const [rows, { n }] = await Promise.all([
    listed.orderBy('accounts.id').limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}
