import { BILLING_INTERVALS, PLAN_IDS, PLANS, type BillingInterval, type PlanId } from '@showback/contract';

/** sessionStorage key of the paid plan a visitor picked on the pricing page before signing up. */
export const CHOSEN_PLAN_STORAGE_KEY = 'chosen_plan';

export interface ChosenPlan {
  plan: PlanId;
  interval: BillingInterval;
}

const isPlan = (value: unknown): value is PlanId => PLAN_IDS.includes(value as PlanId);
const isInterval = (value: unknown): value is BillingInterval => BILLING_INTERVALS.includes(value as BillingInterval);

/** A plan that checkout can start for (not free, not enterprise), from `?plan=&interval=` (monthly by default). */
export function chosenPlanFrom(search: string): ChosenPlan | undefined {
  const params = new URLSearchParams(search);
  const plan = params.get('plan');
  const interval = params.get('interval') ?? 'monthly';
  if (!isPlan(plan) || !PLANS[plan].checkout || !isInterval(interval)) return undefined;
  return { plan, interval };
}

/**
 * Kept in sessionStorage from the sign-up page until onboarding ends, so the choice survives the onboarding
 * steps, a reload and a Google or Slack sign-up. Opening sign-up without a plan forgets an earlier choice.
 */
export function rememberChosenPlan(search: string, storage: Storage = sessionStorage): void {
  const chosen = chosenPlanFrom(search);
  if (chosen) storage.setItem(CHOSEN_PLAN_STORAGE_KEY, JSON.stringify(chosen));
  else storage.removeItem(CHOSEN_PLAN_STORAGE_KEY);
}

/** Where the chosen plan's checkout starts (`/upgrade?plan=&interval=`), forgetting the choice; undefined without one. */
export function takeChosenPlanPath(storage: Storage = sessionStorage): string | undefined {
  const stored = storage.getItem(CHOSEN_PLAN_STORAGE_KEY);
  storage.removeItem(CHOSEN_PLAN_STORAGE_KEY);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? 'null');
  } catch {
    return undefined;
  }
  const chosen = typeof parsed === 'object' && parsed !== null ? chosenPlanFrom(new URLSearchParams(parsed as Record<string, string>).toString()) : undefined;
  return chosen && `/upgrade?${new URLSearchParams({ plan: chosen.plan, interval: chosen.interval }).toString()}`;
}
