import { PLANS } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import type { Helpdesk } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { effectivePlan } from '../../modules/billing/billing-state.ts';

/**
 * Zendesk is part of the Scale plan (spec §9, PLANS[plan].zendesk); Freshdesk and Intercom, like the other
 * integrations, of every paid plan. Both are part of the trial, like every feature.
 */
export async function helpdeskAllowed(db: Db, accountId: string, helpdesk: Helpdesk): Promise<boolean> {
  const account = await db.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('id', '=', accountId).executeTakeFirst();
  if (!account) return false;
  const { plan, trialActive } = effectivePlan(account, new Date());
  return (helpdesk === 'zendesk' ? PLANS[plan].zendesk : PLANS[plan].chatIntegrations) || trialActive;
}

const REFUSAL: Record<Helpdesk, string> = {
  zendesk: 'The Zendesk integration is part of the Scale plan. Upgrade to connect it.',
  freshdesk: 'The Freshdesk integration is part of every paid plan. Upgrade to connect it.',
  intercom: 'The Intercom integration is part of every paid plan. Upgrade to connect it.',
};

export async function assertHelpdeskAllowed(db: Db, accountId: string, helpdesk: Helpdesk): Promise<void> {
  if (!(await helpdeskAllowed(db, accountId, helpdesk))) throw new AppError('PLAN_REQUIRED', REFUSAL[helpdesk]);
}
