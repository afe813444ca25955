import type { Db } from '../../db/database.ts';
import { checkSubmission, type HeldSubmission, type SubmitPolicy } from '../billing/submission-limits.ts';

export type { SubmitPolicy } from '../billing/submission-limits.ts';

/**
 * The one place a new submission is checked against the account's plan (the billing module owns the rules):
 * returns how to process it, or throws USAGE_LIMIT_REACHED when this month's recordings are used up — after
 * keeping `hold` so the owner can accept the recording once there is room again.
 * Runs before the submission is stored, so a refused recording never counts.
 */
export async function assertCanSubmit(db: Db, accountId: string, hold?: HeldSubmission): Promise<SubmitPolicy> {
  return checkSubmission(db, accountId, hold);
}
