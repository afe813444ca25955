import type { BillingInterval, PlanId } from '@showback/contract';

export interface Viewer {
  signedIn: boolean;
  /** The viewer's current plan, when known. */
  plan: PlanId | undefined;
}

/**
 * Where a plan button leads (spec §2 "Pricing section"). Checkout starts on the upgrade page for a signed-in user
 * on the free plan; a user already paying goes to /upgrade to change plans; visitors sign up with the plan chosen.
 */
export function planTarget(plan: PlanId, interval: BillingInterval, viewer: Viewer): string {
  if (plan === 'enterprise') return '/contact?topic=enterprise';
  const query = new URLSearchParams({ plan, interval }).toString();
  if (!viewer.signedIn) return plan === 'free' ? '/sign-up' : `/sign-up?${query}`;
  if (viewer.plan && viewer.plan !== 'free') return '/upgrade';
  return plan === 'free' ? '/dashboard' : `/upgrade?${query}`;
}
