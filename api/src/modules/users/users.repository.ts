import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { AccountRow, NewAccount, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';
import { heldCountSql, usageCountSql, usageMonth } from '../billing/billing.repository.ts';

export async function insertAccount(db: Db, account: NewAccount): Promise<AccountRow> {
  return db.insertInto('accounts').values(account).returningAll().executeTakeFirstOrThrow();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function anySysadmin(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('is_sysadmin', '=', true).limit(1).executeTakeFirst());
}

/**
 * Everything GET /users/me answers, in one query: the user, the account, its billing row and the usage and held
 * counts of the usage period [from, to) (`month` its usage_retired key). The shape the API answers most often, so one
 * round trip rather than six.
 */
function profileQuery(db: Db, from: Date, to: Date, month: string) {
  const accountId = sql.ref<string>('u.account_id');
  return db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .leftJoin('account_billing as b', 'b.account_id', 'u.account_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.is_sysadmin',
      'u.must_change_password',
      'u.last_active_at',
      'u.account_id',
      'a.name as account_name',
      'a.onboarding_completed',
      'a.plan',
      'a.billing_interval',
      'a.trial_ends_at',
      'a.enterprise_submission_limit',
      'a.enterprise_retention_days',
      'a.enterprise_seats',
      'b.account_id as billing_account_id',
      'b.subscription_status',
      'b.current_period_end',
      'b.cancel_at_period_end',
      'b.pending_plan',
      'b.pending_interval',
      'b.pending_change_at',
      'b.stripe_customer_id',
      usageCountSql(accountId, from, to, month).as('used'),
      heldCountSql(accountId).as('held'),
    ]);
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export function findProfile(db: Db, userId: string, from: Date, to: Date) {
  return profileQuery(db, from, to, usageMonth(from)).where('u.id', '=', userId).executeTakeFirst();
}

/**
 * findProfile for the enabled user of an unexpired session, with the session: GET /users/me in one query, the most
 * requested one, so built once and a prepared statement on Postgres.
 */
export const findProfileBySession = preparedQuery('profile_by_session', (db, v: { tokenHash: string; from: Date; to: Date; month: string; now: Date }) =>
  profileQuery(db, v.from, v.to, v.month)
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select(['s.id as session_id', 's.persistent', 's.expires_at'])
    .where('s.token_hash', '=', v.tokenHash)
    .where('s.expires_at', '>', v.now)
    .where('u.disabled_at', 'is', null),
);
