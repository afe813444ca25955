import { PLANS, type SubdomainStatus } from '@showback/contract';
import type { AccountRow } from '../../db/schema.ts';
import { effectivePlan } from '../billing/billing-state.ts';

type PlanColumns = Pick<AccountRow, 'plan' | 'trial_ends_at'>;

/** The plan includes branded subdomains now (Scale, Enterprise). A trial never does: it only previews. */
export function includesSubdomain(account: PlanColumns, now: Date): boolean {
  const { plan, trialActive } = effectivePlan(account, now);
  return !trialActive && PLANS[plan].brandedSubdomain;
}

/** The account may pick or change its subdomain: on a plan that includes it, or as a trial's preview. */
export function mayClaim(account: PlanColumns, now: Date): boolean {
  return includesSubdomain(account, now) || effectivePlan(account, now).trialActive;
}

/**
 * What a held subdomain does now (docs/branded-subdomains.md). 'lapsed': a claim made only as a trial's preview, once
 * the trial is over without a plan that includes it; the name is free for anyone and serves nothing.
 */
export function subdomainStatus(account: PlanColumns, activatedAt: Date | null, now: Date): SubdomainStatus | 'lapsed' {
  if (includesSubdomain(account, now)) return 'active';
  if (effectivePlan(account, now).trialActive) return 'preview';
  return activatedAt ? 'inactive' : 'lapsed';
}
