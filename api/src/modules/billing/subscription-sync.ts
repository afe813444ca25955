import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { stripeBilling } from './stripe-billing.ts';
import type { PriceCatalog } from './price-catalog.ts';
import * as repo from './billing.repository.ts';

/** Statuses in which the customer keeps the paid plan (past_due: Stripe is still retrying the card). */
export const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

const locks = new Map<string, Promise<unknown>>();

/** Runs syncs of one subscription one after another in this process, so a slower read never overwrites a newer one. */
async function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(task);
  locks.set(key, next);
  try {
    return await next;
  } finally {
    if (locks.get(key) === next) locks.delete(key);
  }
}

const customerIdOf = (sub: Stripe.Subscription): string => (typeof sub.customer === 'string' ? sub.customer : sub.customer.id);

interface Pending {
  plan: string;
  interval: string;
  at: Date;
}

/** A later phase of the subscription's schedule that changes its price: the downgrade waiting for the period end. */
async function pendingChange(stripe: Stripe, prices: PriceCatalog, sub: Stripe.Subscription, periodEnd: number): Promise<Pending | undefined> {
  if (!sub.schedule) return undefined;
  const scheduleId = typeof sub.schedule === 'string' ? sub.schedule : sub.schedule.id;
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return undefined;
  const phase = schedule.phases.find((p) => p.start_date >= periodEnd);
  const item = phase?.items[0];
  if (!phase || !item) return undefined;
  const priceId = typeof item.price === 'string' ? item.price : item.price.id;
  const price = await stripe.prices.retrieve(priceId);
  const target = prices.planOf(price);
  return target ? { plan: target.plan, interval: target.interval, at: new Date(phase.start_date * 1000) } : undefined;
}

/**
 * Brings an account in line with one Stripe subscription, read fresh from Stripe: events only say which
 * subscription changed, never what to believe. The account is found by the Stripe customer this product created
 * for it. Answers the account id, or undefined when the subscription belongs to no account of ours.
 */
export async function syncSubscription(ctx: AppContext, subscriptionId: string): Promise<string | undefined> {
  const { stripe, prices } = stripeBilling(ctx);
  return serialised(subscriptionId, async () => {
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const billing = await repo.findBillingByCustomer(ctx.db, customerIdOf(sub));
    if (!billing) return undefined;
    const accountId = billing.account_id;
    const live = LIVE_STATUSES.has(sub.status);

    // Another subscription of the same customer: the live one wins; an ended one never replaces a live one.
    if (billing.stripe_subscription_id && billing.stripe_subscription_id !== sub.id) {
      if (!live) return accountId;
      if (LIVE_STATUSES.has(billing.subscription_status)) {
        const other = await stripe.subscriptions.retrieve(billing.stripe_subscription_id);
        if (LIVE_STATUSES.has(other.status) && other.created >= sub.created) return accountId;
      }
    }

    const item = sub.items.data[0];
    const target = item ? prices.planOf(item.price) : undefined;
    const periodEnd = item?.current_period_end;
    const pending = live && periodEnd ? await pendingChange(stripe, prices, sub, periodEnd) : undefined;
    const account = await repo.findAccount(ctx.db, accountId);
    if (!account) return undefined;

    await ctx.db.transaction().execute(async (trx) => {
      if (live && target) {
        await repo.setAccountPlan(trx, accountId, target.plan, target.interval);
        await repo.endTrial(trx, accountId, new Date());
      }
      // Ended subscriptions fall back to free; an incomplete first payment never granted the plan.
      else if (!live && sub.status !== 'incomplete' && account.plan !== 'enterprise') await repo.setAccountPlan(trx, accountId, 'free', account.billing_interval);
      await repo.updateBilling(trx, accountId, {
        stripe_subscription_id: sub.id,
        subscription_status: sub.status,
        current_period_end: periodEnd ? new Date(periodEnd * 1000) : null,
        cancel_at_period_end: live && (sub.cancel_at_period_end || sub.cancel_at !== null),
        stripe_schedule_id: sub.schedule ? (typeof sub.schedule === 'string' ? sub.schedule : sub.schedule.id) : null,
        pending_plan: pending?.plan ?? null,
        pending_interval: pending?.interval ?? null,
        pending_change_at: pending?.at ?? null,
        synced_at: new Date(),
      });
    });
    return accountId;
  });
}
