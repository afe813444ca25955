import type {
  BillingInterval,
  BillingState,
  CheckoutResponse,
  CheckoutStatus,
  PlanId,
  PortalResponse,
  ReleaseHeldResult,
  SubscriptionPreview,
  SubscriptionUpdateResult,
  User,
} from '@showback/contract';
import { api, ApiError, NETWORK_ERROR } from '../../app/api.ts';

export const fetchBilling = (signal?: AbortSignal) => api.get<BillingState>('billing', { signal });
export const startCheckout = (plan: PlanId, interval: BillingInterval) => api.post<CheckoutResponse>('checkout', { plan, interval });
export const fetchCheckoutStatus = (sessionId: string) => api.get<CheckoutStatus>(`checkout/sessions/${encodeURIComponent(sessionId)}`);
export const openPortal = () => api.post<PortalResponse>('billing/portal');
export const previewChange = (plan: PlanId, interval: BillingInterval) => api.post<SubscriptionPreview>('subscriptions/preview_change', { new_plan: plan, new_interval: interval });
export const updateSubscription = (plan: PlanId, interval: BillingInterval) =>
  api.post<SubscriptionUpdateResult>('subscriptions/update', { new_plan: plan, new_interval: interval, confirmed: true });
export const releaseHeld = () => api.post<ReleaseHeldResult>('billing/held_submissions/release');
export const fetchMe = () => api.get<User>('users/me');

/** The server's message when it sent one (spec §8), else the fallback text for this call. */
export function billingErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== NETWORK_ERROR && error.code !== 'HTTP_ERROR' && error.code !== 'INTERNAL' && error.message) return error.message;
  return fallback;
}

/** Amounts arrive in minor units (cents), as Stripe counts them. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

