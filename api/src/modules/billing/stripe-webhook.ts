import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { stripeBilling } from './stripe-billing.ts';
import * as repo from './billing.repository.ts';
import { syncSubscription } from './subscription-sync.ts';

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : value?.id);

/** The subscription an event is about; the event's copy of the object is used for nothing else. */
function subscriptionIdOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return object.id as string;
  if (event.type.startsWith('subscription_schedule.')) return idOf(object.subscription as string | null);
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
    return idOf(parent?.subscription_details?.subscription);
  }
  return undefined;
}

async function completeCheckout(ctx: AppContext, sessionId: string): Promise<void> {
  const { stripe } = stripeBilling(ctx);
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const ours = await repo.findCheckoutSessionById(ctx.db, session.id);
  // Only sessions this product opened count, and only for the account that opened them.
  if (!ours || session.client_reference_id !== ours.account_id) return;
  const customerId = idOf(session.customer);
  if (customerId) {
    await repo.ensureBilling(ctx.db, ours.account_id);
    await repo.setCustomerIfMissing(ctx.db, ours.account_id, customerId);
  }
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId) await syncSubscription(ctx, subscriptionId);
  if (session.status === 'complete') await repo.completeCheckoutSession(ctx.db, session.id);
}

async function process(ctx: AppContext, event: Stripe.Event): Promise<void> {
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    await completeCheckout(ctx, (event.data.object as { id: string }).id);
    return;
  }
  const subscriptionId = subscriptionIdOf(event);
  if (subscriptionId) await syncSubscription(ctx, subscriptionId);
}

/**
 * POST /api/v1/stripe/webhook. The signature is checked on the raw bytes; each event id is processed once (a
 * redelivery answers 200 without effect); a failure gives the event back so Stripe's retry runs it again. Order
 * does not matter because processing re-reads the current state from Stripe instead of trusting the payload.
 */
export async function handleStripeWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  const { stripe, webhookSecret } = stripeBilling(ctx);
  if (!webhookSecret) throw new AppError('BILLING_UNAVAILABLE', 'The Stripe webhook secret is not configured.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
  } catch (error) {
    throw new AppError('BAD_REQUEST', 'The Stripe signature of this request is missing or invalid.', { cause: error });
  }
  if (!(await repo.claimEvent(ctx.db, event.id, event.type))) return { received: true, duplicate: true };
  try {
    await process(ctx, event);
    await repo.markEventProcessed(ctx.db, event.id);
  } catch (error) {
    await repo.releaseEvent(ctx.db, event.id);
    throw error;
  }
  return { received: true, duplicate: false };
}
