import {
  PLANS,
  TRIAL_PLAN,
  USAGE_APPROACHING_PERCENT,
  USAGE_REACHED_PERCENT,
  type BillingInterval,
  type BillingState,
  type PlanId,
  type SubscriptionStatus,
  type Warning,
} from '@showback/contract';
import type { Db } from '../../db/database.ts';
import type { AccountBillingRow, AccountRow } from '../../db/schema.ts';
import * as repo from './billing.repository.ts';
import { iso } from '../../db/iso.ts';

const TRIAL_WARNING_DAYS = 7;
const DAY_MS = 86_400_000;

/** Usage is counted per calendar month in UTC: [first day 00:00, first day of next month 00:00). */
export function usagePeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * The plan whose limits and features apply now. A paid or enterprise plan is what the account row says (the
 * Stripe sync keeps it current); a free account inside its trial gets the trial's plan; after the trial, free.
 * Checked at read time, so the trial ends on the second without a job.
 */
export function effectivePlan(account: Pick<AccountRow, 'plan' | 'trial_ends_at'>, now: Date): { plan: PlanId; trialActive: boolean } {
  const plan = (account.plan in PLANS ? account.plan : 'free') as PlanId;
  if (plan !== 'free') return { plan, trialActive: false };
  const trialActive = account.trial_ends_at !== null && new Date(account.trial_ends_at).getTime() > now.getTime();
  return { plan: trialActive ? TRIAL_PLAN : 'free', trialActive };
}

/** The columns of an account that decide the limits in force. */
export type LimitedAccount = Pick<AccountRow, 'plan' | 'trial_ends_at' | 'enterprise_submission_limit' | 'enterprise_retention_days' | 'enterprise_seats'>;

export interface PlanRules {
  plan: PlanId;
  trialActive: boolean;
  /** Recordings per usage month; null: no limit. */
  submissionLimit: number | null;
  retentionDays: number | null;
  seats: number | null;
  watermark: boolean;
}

/**
 * The limits in force now: the effective plan's row of the plan table, except on enterprise, whose limits are
 * negotiated per account and set by a system admin (null: no limit, the enterprise default).
 */
export function planRules(account: LimitedAccount, now: Date): PlanRules {
  const { plan, trialActive } = effectivePlan(account, now);
  const { submissionLimit, retentionDays, seats, watermark } = PLANS[plan];
  if (plan !== 'enterprise') return { plan, trialActive, submissionLimit, retentionDays, seats, watermark };
  return { plan, trialActive, submissionLimit: account.enterprise_submission_limit, retentionDays: account.enterprise_retention_days, seats: account.enterprise_seats, watermark };
}

export async function usedThisMonth(db: Db, accountId: string, now: Date): Promise<number> {
  const { start, end } = usagePeriod(now);
  return repo.countUsage(db, accountId, start, end);
}

const day = (value: Date): string => value.toISOString().slice(0, 10);

export async function billingState(db: Db, account: AccountRow, now = new Date()): Promise<BillingState> {
  const billing = await repo.findBilling(db, account.id);
  const used = await usedThisMonth(db, account.id, now);
  const held = await repo.countHeld(db, account.id);
  return billingStateFrom(account, { billing, used, held }, now);
}

/** The columns of an account that billing reads. */
export type BillingAccount = Pick<AccountRow, 'id' | 'billing_interval'> & LimitedAccount;
/** The columns of account_billing that billing state reads. */
export type BillingRowFacts = Pick<
  AccountBillingRow,
  'subscription_status' | 'current_period_end' | 'cancel_at_period_end' | 'pending_plan' | 'pending_interval' | 'pending_change_at' | 'stripe_customer_id'
>;

/** What billingState looks up, for callers that fetched it together with other rows (GET /users/me: one query). */
export interface BillingFacts {
  billing: BillingRowFacts | undefined;
  /** Submissions counted this usage month (usedThisMonth). */
  used: number;
  /** Held submissions not released yet (countHeld). */
  held: number;
}

export function billingStateFrom(account: BillingAccount, { billing, used, held }: BillingFacts, now = new Date()): BillingState {
  const rules = planRules(account, now);
  const { plan: effective, trialActive } = rules;
  const limit = rules.submissionLimit;
  const percentage = limit === null ? null : limit === 0 ? 100 : Math.floor((used * 100) / limit);
  const period = usagePeriod(now);
  return {
    plan: (account.plan in PLANS ? account.plan : 'free') as PlanId,
    billing_interval: (account.billing_interval === 'annual' ? 'annual' : 'monthly') as BillingInterval,
    effective_plan: effective,
    trial_active: trialActive,
    trial_ends_at: iso(account.trial_ends_at),
    submissions_used_this_month: used,
    submission_limit: limit,
    submission_limit_percentage: percentage,
    usage_period_start: period.start.toISOString(),
    usage_period_end: period.end.toISOString(),
    retention_days: rules.retentionDays,
    watermark: rules.watermark,
    subscription_status: (billing?.subscription_status ?? 'none') as SubscriptionStatus,
    current_period_end: iso(billing?.current_period_end),
    cancel_at_period_end: billing?.cancel_at_period_end ?? false,
    pending_plan: (billing?.pending_plan ?? null) as PlanId | null,
    pending_interval: (billing?.pending_interval ?? null) as BillingInterval | null,
    pending_change_at: iso(billing?.pending_change_at),
    has_billing_account: Boolean(billing?.stripe_customer_id),
    warnings: billingWarnings({ account, billing, used, limit, percentage, held, trialActive, periodEnd: period.end, now }),
  };
}

interface WarningInput {
  account: BillingAccount;
  billing: BillingRowFacts | undefined;
  used: number;
  limit: number | null;
  percentage: number | null;
  held: number;
  trialActive: boolean;
  periodEnd: Date;
  now: Date;
}

/** What the owner must know about billing, most severe first. */
export function billingWarnings(input: WarningInput): Warning[] {
  const { billing, used, limit, percentage, held, trialActive, periodEnd, now, account } = input;
  const warnings: Warning[] = [];
  if (billing?.subscription_status === 'past_due' || billing?.subscription_status === 'unpaid') {
    warnings.push({ level: 'critical', code: 'payment_failed', message: 'Your last payment failed. Update your payment method in Manage billing to keep your plan.' });
  }
  if (limit !== null && percentage !== null && percentage >= USAGE_REACHED_PERCENT) {
    warnings.push({
      level: 'critical',
      code: 'usage_limit_reached',
      message: `You have used all ${limit} recordings of your plan this month. New recordings are refused until ${day(periodEnd)} unless you upgrade.`,
    });
  } else if (limit !== null && percentage !== null && percentage >= USAGE_APPROACHING_PERCENT) {
    warnings.push({ level: 'high', code: 'usage_limit_approaching', message: `You have used ${used} of ${limit} recordings this month (${percentage}%).` });
  }
  if (held > 0) {
    warnings.push({
      level: 'critical',
      code: 'submissions_held',
      message: `${held} recording${held === 1 ? ' was' : 's were'} refused because the monthly limit was reached. They are kept: upgrade, then accept them from the billing section.`,
    });
  }
  if (billing?.cancel_at_period_end && billing.current_period_end) {
    warnings.push({ level: 'medium', code: 'subscription_canceling', message: `Your subscription ends on ${day(new Date(billing.current_period_end))}; the account then returns to the Free plan.` });
  }
  if (trialActive && account.trial_ends_at) {
    const ends = new Date(account.trial_ends_at);
    const daysLeft = Math.ceil((ends.getTime() - now.getTime()) / DAY_MS);
    if (daysLeft <= TRIAL_WARNING_DAYS) {
      warnings.push({ level: 'medium', code: 'trial_ending', message: `Your trial ends in ${daysLeft} day${daysLeft === 1 ? '' : 's'} (${day(ends)}). Choose a plan to keep ${PLANS[TRIAL_PLAN].name} features.` });
    }
  }
  return warnings;
}
