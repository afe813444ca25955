import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { planRules, usedThisMonth } from './billing-state.ts';
import * as repo from './billing.repository.ts';

export interface SubmitPolicy {
  /** Burn the free plan's mark into the processed video. */
  watermark: boolean;
}

/** What a refused submission needs to be accepted later without the recipient doing anything. */
export interface HeldSubmission {
  request_id: string;
  upload_id: string;
  payload: Record<string, unknown>;
}

export const LIMIT_REACHED_MESSAGE =
  "This team can't receive more recordings this month: their plan's limit is reached. Your recording is saved and will reach them once they make room — you don't need to record it again.";

/**
 * The plan rules a new submission must pass, decided from the plan in force now (trial included). At the monthly
 * limit it throws USAGE_LIMIT_REACHED (402) with a message for the recipient; admitSubmission keeps the refused
 * recording so the owner can accept it after upgrading (the uploaded bytes stay stored).
 */
export async function checkSubmission(db: Db, accountId: string, now = new Date()): Promise<SubmitPolicy> {
  const account = await repo.findAccount(db, accountId);
  if (!account) throw new AppError('NOT_FOUND', 'Recording link not found');
  const rules = planRules(account, now);
  if (rules.submissionLimit !== null && (await usedThisMonth(db, accountId, now)) >= rules.submissionLimit) {
    throw new AppError('USAGE_LIMIT_REACHED', LIMIT_REACHED_MESSAGE);
  }
  return { watermark: rules.watermark };
}
