import type Stripe from 'stripe';
import {
  PLAN_IDS,
  PLANS,
  type ChangeKind,
  type PlanId,
  type PreviewChangeBody,
  type PreviewLine,
  type SubscriptionPreview,
  type SubscriptionUpdateResult,
  type UpdateSubscriptionBody,
} from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { rethrowStripe, stripeBilling } from './stripe-billing.ts';
import type { PlanPrice } from './price-catalog.ts';
import { addInterval } from './add-interval.ts';
import { billingState } from './billing-state.ts';
import * as repo from './billing.repository.ts';
import { assertPurchasable } from './checkout.service.ts';
import { LIVE_STATUSES, syncSubscription } from './subscription-sync.ts';

interface Current {
  sub: Stripe.Subscription;
  item: Stripe.SubscriptionItem;
  customerId: string;
  plan: PlanPrice;
}

interface Change {
  kind: ChangeKind;
  timing: 'immediate' | 'period_end';
}

/**
 * Higher plan: upgrade, now, with proration. Lower plan: downgrade at the end of the paid period. Same plan,
 * monthly → annual: now (the customer pays more, sooner); annual → monthly: at the end of the paid year.
 */
export function classifyChange(from: PlanPrice, to: PlanPrice): Change {
  const rank = (plan: PlanId): number => PLAN_IDS.indexOf(plan);
  if (rank(to.plan) > rank(from.plan)) return { kind: 'upgrade', timing: 'immediate' };
  if (rank(to.plan) < rank(from.plan)) return { kind: 'downgrade', timing: 'period_end' };
  return { kind: 'interval_change', timing: to.interval === 'annual' ? 'immediate' : 'period_end' };
}

const toDate = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** The account's own live subscription, read from Stripe. Only the id stored for this account is ever used. */
async function currentSubscription(ctx: AppContext, accountId: string): Promise<Current> {
  const { stripe, prices } = stripeBilling(ctx);
  const billing = await repo.findBilling(ctx.db, accountId);
  if (!billing?.stripe_subscription_id || !billing.stripe_customer_id || !LIVE_STATUSES.has(billing.subscription_status)) {
    throw new AppError('CONFLICT', 'This account has no active subscription to change. Choose a plan to check out first.');
  }
  const sub = await stripe.subscriptions.retrieve(billing.stripe_subscription_id).catch((error: unknown) => rethrowStripe(error, 'load the subscription'));
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  if (customerId !== billing.stripe_customer_id) throw notFound('Subscription');
  const item = sub.items.data[0];
  const plan = item && prices.planOf(item.price);
  if (!item || !plan || !LIVE_STATUSES.has(sub.status)) {
    throw new AppError('CONFLICT', 'This subscription cannot be changed here. Use Manage billing.');
  }
  return { sub, item, customerId, plan };
}

function target(body: PreviewChangeBody | UpdateSubscriptionBody): PlanPrice {
  if (body.new_plan !== 'free') assertPurchasable(body.new_plan, 'new_plan');
  return { plan: body.new_plan, interval: body.new_interval };
}

function planChange(current: Current, to: PlanPrice): Change {
  if (to.plan === current.plan.plan && to.interval === current.plan.interval) {
    throw validationFailed({ new_plan: ['is your current plan'] }, `You are already on ${PLANS[to.plan].name} (${to.interval}).`);
  }
  if (to.plan === 'free') return { kind: 'downgrade', timing: 'period_end' };
  return classifyChange(current.plan, to);
}

function linesOf(invoice: Stripe.Invoice): PreviewLine[] {
  return invoice.lines.data.map((line) => ({
    description: line.description ?? '',
    amount: line.amount,
    proration: line.parent?.subscription_item_details?.proration ?? false,
    period_start: toDate(line.period.start),
    period_end: toDate(line.period.end),
  }));
}

export async function previewChange(ctx: AppContext, user: SessionUser, body: PreviewChangeBody): Promise<SubscriptionPreview> {
  const to = target(body);
  const current = await currentSubscription(ctx, user.accountId);
  const change = planChange(current, to);
  const { stripe, prices } = stripeBilling(ctx);
  const periodEnd = current.item.current_period_end;
  const base = { kind: change.kind, timing: change.timing, current_plan: current.plan.plan, current_interval: current.plan.interval, new_plan: to.plan, new_interval: to.interval };
  const fail = (error: unknown): never => rethrowStripe(error, 'preview the change');

  if (to.plan === 'free') {
    return { ...base, currency: current.item.price.currency, amount_due_now: 0, next_invoice_amount: 0, next_invoice_date: toDate(periodEnd), effective_date: toDate(periodEnd), lines: [] };
  }
  const priceId = await prices.priceId(to.plan, to.interval).catch(fail);
  const now = Math.floor(Date.now() / 1000);
  if (change.timing === 'immediate') {
    const [invoice, price] = await Promise.all([
      stripe.invoices
        .createPreview({
          customer: current.customerId,
          subscription: current.sub.id,
          // No proration_date: Stripe prorates to its own clock, the same one the update will use a moment later.
          subscription_details: { items: [{ id: current.item.id, price: priceId }], proration_behavior: 'always_invoice' },
        })
        .catch(fail),
      stripe.prices.retrieve(priceId).catch(fail),
    ]);
    const intervalChanges = to.interval !== current.plan.interval;
    return {
      ...base,
      currency: invoice.currency,
      amount_due_now: invoice.amount_due,
      next_invoice_amount: price.unit_amount ?? 0,
      next_invoice_date: toDate(intervalChanges ? addInterval(now, to.interval === 'annual' ? 'year' : 'month') : periodEnd),
      effective_date: toDate(now),
      lines: linesOf(invoice),
    };
  }
  const invoice = await stripe.invoices
    .createPreview({
      customer: current.customerId,
      subscription: current.sub.id,
      subscription_details: { items: [{ id: current.item.id, price: priceId }], proration_behavior: 'none' },
    })
    .catch(fail);
  return {
    ...base,
    currency: invoice.currency,
    amount_due_now: 0,
    next_invoice_amount: invoice.amount_due,
    next_invoice_date: toDate(periodEnd),
    effective_date: toDate(periodEnd),
    lines: linesOf(invoice),
  };
}

/** Puts the new price in a second phase starting at the period end; Stripe switches it at renewal. */
async function scheduleAtPeriodEnd(stripe: Stripe, current: Current, priceId: string): Promise<void> {
  let scheduleId = current.sub.schedule ? (typeof current.sub.schedule === 'string' ? current.sub.schedule : current.sub.schedule.id) : undefined;
  if (!scheduleId) scheduleId = (await stripe.subscriptionSchedules.create({ from_subscription: current.sub.id })).id;
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  const start = schedule.current_phase?.start_date ?? current.item.current_period_start;
  const newPrice = await stripe.prices.retrieve(priceId);
  await stripe.subscriptionSchedules.update(scheduleId, {
    end_behavior: 'release',
    phases: [
      { items: [{ price: current.item.price.id, quantity: 1 }], start_date: start, end_date: current.item.current_period_end },
      {
        items: [{ price: priceId, quantity: 1 }],
        duration: { interval: newPrice.recurring?.interval === 'year' ? 'year' : 'month', interval_count: 1 },
        proration_behavior: 'none',
      },
    ],
  });
}

async function releaseSchedule(stripe: Stripe, sub: Stripe.Subscription): Promise<void> {
  if (!sub.schedule) return;
  await stripe.subscriptionSchedules.release(typeof sub.schedule === 'string' ? sub.schedule : sub.schedule.id);
}

export async function applyChange(ctx: AppContext, user: SessionUser, body: UpdateSubscriptionBody): Promise<SubscriptionUpdateResult> {
  if (body.confirmed !== true) {
    throw validationFailed({ confirmed: ['must be true: preview the change, then confirm it'] }, 'Preview the change and confirm it before it is applied.');
  }
  const to = target(body);
  const current = await currentSubscription(ctx, user.accountId);
  const change = planChange(current, to);
  const { stripe, prices } = stripeBilling(ctx);
  const fail = (error: unknown): never => rethrowStripe(error, 'update the subscription');
  let amountCharged = 0;
  let currency = current.item.price.currency;
  let effective = toDate(current.item.current_period_end);

  if (to.plan === 'free') {
    await releaseSchedule(stripe, current.sub).catch(fail);
    await stripe.subscriptions.update(current.sub.id, { cancel_at_period_end: true }).catch(fail);
  } else {
    const priceId = await prices.priceId(to.plan, to.interval).catch(fail);
    if (change.timing === 'immediate') {
      // A pending downgrade is dropped: the customer just chose something else.
      await releaseSchedule(stripe, current.sub).catch(fail);
      const updated = await stripe.subscriptions
        .update(current.sub.id, {
          items: [{ id: current.item.id, price: priceId }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
        })
        .catch(fail);
      const invoiceId = typeof updated.latest_invoice === 'string' ? updated.latest_invoice : updated.latest_invoice?.id;
      if (invoiceId && invoiceId !== (typeof current.sub.latest_invoice === 'string' ? current.sub.latest_invoice : current.sub.latest_invoice?.id)) {
        const invoice = await stripe.invoices.retrieve(invoiceId).catch(fail);
        amountCharged = invoice.amount_paid;
        currency = invoice.currency;
      }
      effective = new Date().toISOString();
    } else {
      if (current.sub.cancel_at_period_end) await stripe.subscriptions.update(current.sub.id, { cancel_at_period_end: false }).catch(fail);
      await scheduleAtPeriodEnd(stripe, current, priceId).catch(fail);
    }
  }
  await syncSubscription(ctx, current.sub.id);
  const account = await repo.findAccount(ctx.db, user.accountId);
  if (!account) throw notFound('Account');
  return {
    status: change.timing === 'immediate' && to.plan !== 'free' ? 'applied' : 'scheduled',
    kind: change.kind,
    effective_date: effective,
    amount_charged: amountCharged,
    currency,
    billing: await billingState(ctx.db, account),
  };
}
