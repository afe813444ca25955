import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { usageCountSql } from '../billing/billing.repository.ts';
import { usagePeriod } from '../billing/billing-state.ts';

const AUDIT_SHOWN = 50;

export function findUser(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'account_id', 'name', 'email', 'role', 'is_sysadmin', 'disabled_at', 'email_verified', 'created_at', 'last_active_at', sql<boolean>`password_hash is not null`.as('has_password')])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function identitiesOf(db: Db, userId: string) {
  return db.selectFrom('identities').select(['provider', 'email', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}

export function supportRequestsOf(db: Db, userId: string) {
  return db
    .selectFrom('support_requests')
    .select(['id', 'subject', 'topic', 'status', 'created_at', 'last_reply_at', sql<number>`(select count(*) from support_replies r where r.support_request_id = support_requests.id)`.as('replies')])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}

/** The latest messages of the user's chat (newest first) and how many there are. */
export async function chatOf(db: Db, userId: string) {
  const conversation = db.selectFrom('chat_conversations').select('id').where('user_id', '=', userId);
  const [messages, { n }] = await Promise.all([
    db.selectFrom('chat_messages').select(['id', 'author', 'author_name', 'body', 'created_at']).where('conversation_id', 'in', conversation).orderBy('id', 'desc').limit(20).execute(),
    db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('conversation_id', 'in', conversation).executeTakeFirstOrThrow(),
  ]);
  return { messages, total: Number(n) };
}

export function auditAbout(db: Db, targetType: string, targetId: string) {
  return db.selectFrom('admin_audit_log').selectAll().where('target_type', '=', targetType).where('target_id', '=', targetId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(AUDIT_SHOWN).execute();
}

export function findAccount(db: Db, accountId: string, now: Date) {
  const { start, end } = usagePeriod(now);
  return db
    .selectFrom('accounts')
    .leftJoin('account_billing as b', 'b.account_id', 'accounts.id')
    .selectAll('accounts')
    .select([
      'b.subscription_status',
      usageCountSql(sql.ref('accounts.id'), start, end).as('used'),
      sql<number>`(select count(*) from recording_requests r where r.account_id = accounts.id)`.as('request_count'),
      sql<number>`(select count(*) from submissions s where s.account_id = accounts.id)`.as('submission_count'),
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}

export function membersOf(db: Db, accountId: string) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'role', 'disabled_at', 'last_active_at']).where('account_id', '=', accountId).orderBy('created_at').execute();
}

/** The account row, locked for a change by a system admin. */
export function lockAccount(db: Db, accountId: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).forUpdate().executeTakeFirst();
}

export async function setTrialEnd(db: Db, accountId: string, trialEndsAt: Date): Promise<void> {
  await db.updateTable('accounts').set({ trial_ends_at: trialEndsAt, updated_at: new Date() }).where('id', '=', accountId).execute();
}

export async function setEnterpriseLimits(db: Db, accountId: string, limits: { submission_limit: number | null; retention_days: number | null; seats: number | null }): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ enterprise_submission_limit: limits.submission_limit, enterprise_retention_days: limits.retention_days, enterprise_seats: limits.seats, updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();
}
