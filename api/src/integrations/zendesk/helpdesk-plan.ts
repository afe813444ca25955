import { PLANS } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { effectivePlan } from '../../modules/billing/billing-state.ts';

/** The Zendesk integration is part of the Scale plan (spec §9, PLANS[plan].zendesk) and, like every feature, of the trial. */
export async function helpdeskAllowed(db: Db, accountId: string): Promise<boolean> {
  const account = await db.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('id', '=', accountId).executeTakeFirst();
  if (!account) return false;
  const { plan, trialActive } = effectivePlan(account, new Date());
  return PLANS[plan].zendesk || trialActive;
}

export async function assertHelpdeskAllowed(db: Db, accountId: string): Promise<void> {
  if (!(await helpdeskAllowed(db, accountId))) throw new AppError('PLAN_REQUIRED', 'The Zendesk integration is part of the Scale plan. Upgrade to connect it.');
}
