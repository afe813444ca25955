import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Submissions created before `createdBefore` that have had no retention warning, with their account's plan. */
export async function unwarnedSubmissions(db: Db, createdBefore: Date, limit: number) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .leftJoin('retention_warnings as w', 'w.submission_id', 's.id')
    .select(['s.id', 's.account_id', 's.created_at', 's.recipient_name', 'a.plan', 'a.trial_ends_at', 'a.enterprise_submission_limit', 'a.enterprise_retention_days', 'a.enterprise_seats'])
    .where('s.created_at', '<=', createdBefore)
    .where('w.submission_id', 'is', null)
    .orderBy('s.created_at')
    .limit(limit)
    .execute();
}

export async function recordWarnings(db: Db, rows: Array<{ submission_id: string; account_id: string; deletes_at: Date }>): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('retention_warnings').values(rows).onConflict((oc) => oc.column('submission_id').doNothing()).execute();
}

/** Warnings whose 7 days are over, with the account's current plan. */
export async function dueWarnings(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('retention_warnings as w')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .select(['w.submission_id', 'w.account_id', 'a.plan', 'a.trial_ends_at', 'a.enterprise_submission_limit', 'a.enterprise_retention_days', 'a.enterprise_seats'])
    .where('w.deletes_at', '<=', now)
    .orderBy('w.deletes_at')
    .limit(limit)
    .execute();
}

export async function forgetWarning(db: Db, submissionId: string): Promise<void> {
  await db.deleteFrom('retention_warnings').where('submission_id', '=', submissionId).execute();
}

/** Keeps a deleted submission in its month's usage (see usage_retired). */
export async function retireUsage(db: Db, accountId: string, countedAt: Date): Promise<void> {
  await db
    .insertInto('usage_retired')
    .values({ account_id: accountId, month: countedAt.toISOString().slice(0, 7), count: 1 })
    .onConflict((oc) => oc.columns(['account_id', 'month']).doUpdateSet({ count: sql<number>`usage_retired.count + 1` }))
    .execute();
}

export async function ownerEmails(db: Db, accountId: string): Promise<string[]> {
  return (await accountOwners(db, accountId)).map((r) => r.email);
}

/** The account's owners with the locale their emails' dates are written in. */
export async function accountOwners(db: Db, accountId: string): Promise<{ email: string; locale: string | null }[]> {
  return db.selectFrom('users').select(['email', 'locale']).where('account_id', '=', accountId).where('role', '=', 'owner').execute();
}
