import { PLANS, type CheckoutBody, type CheckoutResponse, type CheckoutStatus, type BillingInterval, type PlanId, type PortalResponse } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { rethrowStripe, stripeBilling } from './stripe-billing.ts';
import * as repo from './billing.repository.ts';
import { LIVE_STATUSES } from './subscription-sync.ts';

export const CONTACT_SALES = 'Enterprise is a custom plan (procurement, SLA, security review, invoice Net 30): contact sales at /contact and we will set it up with you.';

/** Refuses plans that cannot be bought by card: free needs nothing, enterprise goes through sales. */
export function assertPurchasable(plan: PlanId, field: string): void {
  if (plan === 'enterprise') throw validationFailed({ [field]: ['is custom: contact sales'] }, CONTACT_SALES);
  if (!PLANS[plan].checkout) throw validationFailed({ [field]: ['needs no checkout'] }, `The ${PLANS[plan].name} plan needs no checkout.`);
}

/** The account's Stripe customer, created once (an idempotency key makes a double click create one, not two). */
export async function ensureCustomer(ctx: AppContext, user: SessionUser): Promise<string> {
  const billing = await repo.ensureBilling(ctx.db, user.accountId);
  if (billing.stripe_customer_id) return billing.stripe_customer_id;
  const account = await repo.findAccount(ctx.db, user.accountId);
  if (!account) throw notFound('Account');
  const { stripe } = stripeBilling(ctx);
  const customer = await stripe.customers
    .create(
      { email: user.email, name: account.name, metadata: { account_id: account.id } },
      { idempotencyKey: `showback-customer-${account.id}` },
    )
    .catch((error: unknown) => rethrowStripe(error, 'create the billing account'));
  return repo.setCustomerIfMissing(ctx.db, account.id, customer.id);
}

export async function startCheckout(ctx: AppContext, user: SessionUser, body: CheckoutBody): Promise<CheckoutResponse> {
  assertPurchasable(body.plan, 'plan');
  const { stripe, prices } = stripeBilling(ctx);
  const existing = await repo.findBilling(ctx.db, user.accountId);
  if (existing && LIVE_STATUSES.has(existing.subscription_status)) {
    throw new AppError('CONFLICT', 'This account already has a subscription. Change plans on the upgrade page instead.');
  }
  const price = await prices.priceId(body.plan, body.interval).catch((error: unknown) => rethrowStripe(error, 'find the price'));
  const customer = await ensureCustomer(ctx, user);
  const base = ctx.config.publicUrl;
  const session = await stripe.checkout.sessions
    .create({
      mode: 'subscription',
      customer,
      client_reference_id: user.accountId,
      line_items: [{ price, quantity: 1 }],
      success_url: `${base}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/pricing`,
      metadata: { account_id: user.accountId, plan: body.plan, interval: body.interval },
      subscription_data: { metadata: { account_id: user.accountId } },
    })
    .catch((error: unknown) => rethrowStripe(error, 'start checkout'));
  if (!session.url) throw new AppError('UPSTREAM_FAILED', 'Stripe did not return a checkout page.');
  await repo.insertCheckoutSession(ctx.db, { id: session.id, account_id: user.accountId, plan: body.plan, billing_interval: body.interval });
  return { checkout_url: session.url };
}

/** Whether Stripe's webhook for this checkout has reached the account yet (what /checkout/success polls). */
export async function checkoutStatus(ctx: AppContext, user: SessionUser, sessionId: string): Promise<CheckoutStatus> {
  const session = await repo.findCheckoutSession(ctx.db, user.accountId, sessionId);
  if (!session) throw notFound('Checkout session');
  const account = await repo.findAccount(ctx.db, user.accountId);
  if (!account) throw notFound('Account');
  return {
    status: session.completed_at ? 'complete' : 'pending',
    plan: account.plan as PlanId,
    billing_interval: account.billing_interval as BillingInterval,
  };
}

export async function openPortal(ctx: AppContext, user: SessionUser): Promise<PortalResponse> {
  const { stripe } = stripeBilling(ctx);
  const billing = await repo.findBilling(ctx.db, user.accountId);
  if (!billing?.stripe_customer_id) throw new AppError('CONFLICT', 'There is no billing account yet: choose a plan first.');
  const session = await stripe.billingPortal.sessions
    .create({ customer: billing.stripe_customer_id, return_url: `${ctx.config.publicUrl}/my/account` })
    .catch((error: unknown) => rethrowStripe(error, 'open the billing portal'));
  return { portal_url: session.url };
}
