import { PLANS, TRIAL_PLAN } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import * as repo from './billing.repository.ts';
import { localeDate } from '../users/user-locale.ts';
import { accountOwners } from './retention.repository.ts';

const DAY_MS = 86_400_000;
export const TRIAL_NOTICE_DAYS = 3;

/**
 * Emails owners once when their trial has 3 days left. Nothing has to happen at the end itself: the plan in
 * force is decided at read time (billing-state.ts), so limits fall back to free on the second the trial ends.
 */
export async function sendTrialNotices(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await repo.trialsEndingBefore(ctx.db, now, new Date(now.getTime() + TRIAL_NOTICE_DAYS * DAY_MS));
  const trial = PLANS[TRIAL_PLAN];
  for (const account of due) {
    for (const owner of await accountOwners(ctx.db, account.id)) {
      const ends = localeDate(account.trial_ends_at!, owner.locale);
      const text = [
        `Your ${trial.name} trial ends on ${ends}.`,
        `After that the account continues on the Free plan: ${PLANS.free.submissionLimit} recordings a month, watermarked, kept ${PLANS.free.retentionDays} days.`,
        `Choose a plan to keep ${trial.name} features: ${ctx.config.publicUrl}/upgrade`,
      ].join('\n\n');
      await ctx.mailer.send({ to: owner.email, subject: `Your trial ends on ${ends}`, text });
    }
    await repo.markTrialNotified(ctx.db, account.id, now);
  }
  return due.length;
}
