import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { holdSubmission } from '../billing/billing.repository.ts';
import { checkSubmission, type HeldSubmission, type SubmitPolicy } from '../billing/submission-limits.ts';

export type { SubmitPolicy } from '../billing/submission-limits.ts';

/**
 * The one place a new submission is admitted against the account's plan (the billing module owns the rules).
 * The check and `insert` run in one transaction that holds the account row's lock, so two recordings arriving
 * together at 9 of 10 cannot both pass. When this month's recordings are used up it throws USAGE_LIMIT_REACHED
 * after keeping `hold` — written after the rollback — so the owner can accept the recording once there is room.
 * A refused recording never counts.
 *
 * The account row is locked FOR NO KEY UPDATE, which serializes admissions but not the foreign-key checks of other
 * transactions: a recording turning ready updates its submission (the counting trigger locks the account's
 * account_submission_counts row) and then inserts its alert event (a key-share lock on the account row). FOR UPDATE
 * here waited for that transaction's counts row while it waited for this account row: a deadlock, answered 500.
 */
export async function admitSubmission<T>(
  db: Db,
  accountId: string,
  hold: HeldSubmission,
  insert: (trx: Db, policy: SubmitPolicy) => Promise<T>,
): Promise<{ policy: SubmitPolicy; result: T }> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select id from accounts where id = ${accountId} for no key update`.execute(trx);
      const policy = await checkSubmission(trx, accountId);
      return { policy, result: await insert(trx, policy) };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'USAGE_LIMIT_REACHED') await holdSubmission(db, { account_id: accountId, ...hold });
    throw error;
  }
}
