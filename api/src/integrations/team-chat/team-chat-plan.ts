import { PLANS } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { effectivePlan } from '../../modules/billing/billing-state.ts';

/** Team chat (Slack, Teams) is part of every paid plan and of the trial (spec §9). */
export async function teamChatAllowed(db: Db, accountId: string): Promise<boolean> {
  const account = await db.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('id', '=', accountId).executeTakeFirst();
  if (!account) return false;
  const { plan, trialActive } = effectivePlan(account, new Date());
  return PLANS[plan].chatIntegrations || trialActive;
}

export async function assertTeamChatAllowed(db: Db, accountId: string): Promise<void> {
  if (!(await teamChatAllowed(db, accountId))) {
    throw new AppError('PLAN_REQUIRED', 'Slack and Microsoft Teams alerts are part of every paid plan. Upgrade to connect them.');
  }
}
