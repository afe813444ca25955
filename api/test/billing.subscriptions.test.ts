import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingState, ErrorBody, SubscriptionPreview, SubscriptionUpdateResult } from '@showback/contract';
import { signUp } from './support/auth.ts';
import { api, startBillingApp, subscribedOwner, type BillingApp } from './support/billing-app.ts';

const DAY = 86_400;

describe('plan changes, cancellation and webhooks', () => {
  let b: BillingApp;
  beforeAll(async () => {
    b = await startBillingApp();
  });
  afterAll(() => b.close());

  const billing = async (who: Parameters<typeof api>[1]) => (await api<BillingState>(b.t, who, 'GET', '/api/v1/billing')).body;

  it('previews and applies an upgrade from Starter to Growth mid-period with proration', async () => {
    const owner = await subscribedOwner(b, 'starter');
    const sub = b.stripe.subscriptions.get(owner.subscriptionId)!;
    const { current_period_start: start, current_period_end: end } = sub.items.data[0];
    // Half-way through the month: Stripe's clock moves, the app's does not need to.
    b.stripe.clock = start + Math.floor((end - start) / 2);

    const preview = await api<SubscriptionPreview>(b.t, owner, 'POST', '/api/v1/subscriptions/preview_change', { new_plan: 'growth', new_interval: 'monthly' });
    expect(preview.status).toBe(200);
    const remaining = (end - b.stripe.clock) / (end - start);
    const expected = Math.round(9900 * remaining) - Math.round(2900 * remaining);
    expect(preview.body).toMatchObject({ kind: 'upgrade', timing: 'immediate', currency: 'usd', current_plan: 'starter', new_plan: 'growth', next_invoice_amount: 9900 });
    expect(Math.abs(preview.body.amount_due_now - expected)).toBeLessThanOrEqual(1);
    expect(preview.body.amount_due_now).toBeGreaterThan(3000);
    expect(preview.body.amount_due_now).toBeLessThan(4000);
    expect(preview.body.next_invoice_date).toBe(new Date(end * 1000).toISOString());
    expect(preview.body.lines.map((l) => [l.proration, Math.sign(l.amount)])).toEqual([[true, -1], [true, 1]]);
    expect(preview.body.lines[0]!.description).toMatch(/Unused time on Starter/);
    // A preview changes nothing.
    expect(b.stripe.subscriptions.get(owner.subscriptionId)!.items.data[0].price.id).toBe(b.stripe.priceId('starter', 'monthly'));

    const applied = await api<SubscriptionUpdateResult>(b.t, owner, 'POST', '/api/v1/subscriptions/update', { new_plan: 'growth', new_interval: 'monthly', confirmed: true });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ status: 'applied', kind: 'upgrade', currency: 'usd' });
    expect(Math.abs(applied.body.amount_charged - preview.body.amount_due_now)).toBeLessThanOrEqual(1);
    expect(applied.body.billing).toMatchObject({ plan: 'growth', effective_plan: 'growth', submission_limit: 250, retention_days: 90 });
    const after = b.stripe.subscriptions.get(owner.subscriptionId)!;
    expect(after.items.data[0].price.id).toBe(b.stripe.priceId('growth', 'monthly'));
    expect(after.items.data[0].current_period_end).toBe(end);
    const updateCall = b.stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${owner.subscriptionId}`).at(-1)!;
    expect(updateCall.params).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' });
  });

  it('schedules a downgrade for the end of the period and applies it at renewal', async () => {
    const owner = await subscribedOwner(b, 'scale');
    const end = b.stripe.subscriptions.get(owner.subscriptionId)!.items.data[0].current_period_end as number;
    b.stripe.clock += 10 * DAY;

    const preview = await api<SubscriptionPreview>(b.t, owner, 'POST', '/api/v1/subscriptions/preview_change', { new_plan: 'starter', new_interval: 'monthly' });
    expect(preview.body).toMatchObject({ kind: 'downgrade', timing: 'period_end', amount_due_now: 0, next_invoice_amount: 2900 });
    expect(preview.body.effective_date).toBe(new Date(end * 1000).toISOString());

    const scheduled = await api<SubscriptionUpdateResult>(b.t, owner, 'POST', '/api/v1/subscriptions/update', { new_plan: 'starter', new_interval: 'monthly', confirmed: true });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', kind: 'downgrade', amount_charged: 0 });
    expect(scheduled.body.billing).toMatchObject({ plan: 'scale', submission_limit: 1000, pending_plan: 'starter', pending_interval: 'monthly', pending_change_at: new Date(end * 1000).toISOString() });
    expect(b.stripe.subscriptions.get(owner.subscriptionId)!.items.data[0].price.id).toBe(b.stripe.priceId('scale', 'monthly'));

    await b.stripe.advance(end - b.stripe.clock + 60);
    const renewed = await billing(owner);
    expect(renewed).toMatchObject({ plan: 'starter', submission_limit: 50, pending_plan: null, subscription_status: 'active' });
    expect(b.stripe.subscriptions.get(owner.subscriptionId)!.items.data[0].price.id).toBe(b.stripe.priceId('starter', 'monthly'));
    const renewal = [...b.stripe.invoices.values()].filter((i) => i.billing_reason === 'subscription_cycle' && i.customer === b.stripe.subscriptions.get(owner.subscriptionId)!.customer);
    expect(renewal.map((i) => i.amount_paid)).toEqual([2900]);
  });

  it('an upgrade after a scheduled downgrade drops the downgrade', async () => {
    const owner = await subscribedOwner(b, 'growth');
    await api(b.t, owner, 'POST', '/api/v1/subscriptions/update', { new_plan: 'starter', new_interval: 'monthly', confirmed: true });
    expect((await billing(owner)).pending_plan).toBe('starter');
    const up = await api<SubscriptionUpdateResult>(b.t, owner, 'POST', '/api/v1/subscriptions/update', { new_plan: 'scale', new_interval: 'monthly', confirmed: true });
    expect(up.status).toBe(200);
    expect(up.body.billing).toMatchObject({ plan: 'scale', pending_plan: null });
  });

  it('moves monthly to annual at once, and annual to monthly at the end of the year', async () => {
    const owner = await subscribedOwner(b, 'starter');
    const preview = await api<SubscriptionPreview>(b.t, owner, 'POST', '/api/v1/subscriptions/preview_change', { new_plan: 'starter', new_interval: 'annual' });
    expect(preview.body).toMatchObject({ kind: 'interval_change', timing: 'immediate', next_invoice_amount: 29000 });
    const applied = await api<SubscriptionUpdateResult>(b.t, owner, 'POST', '/api/v1/subscriptions/update', { new_plan: 'starter', new_interval: 'annual', confirmed: true });
    expect(applied.body.billing).toMatchObject({ plan: 'starter', billing_interval: 'annual' });
    const back = await api<SubscriptionPreview>(b.t, owner, 'POST', '/api/v1/subscriptions/preview_change', { new_plan: 'starter', new_interval: 'monthly' });
    expect(back.body).toMatchObject({ kind: 'interval_change', timing: 'period_end' });
  });

  it('cancellation from the portal keeps the plan until the period ends, then returns to free', async () => {
    const owner = await subscribedOwner(b, 'growth');
    await b.stripe.cancelAtPeriodEnd(owner.subscriptionId);
    const canceling = await billing(owner);
    expect(canceling).toMatchObject({ plan: 'growth', cancel_at_period_end: true });
    expect(canceling.warnings.map((w) => w.code)).toContain('subscription_canceling');

    const end = b.stripe.subscriptions.get(owner.subscriptionId)!.items.data[0].current_period_end as number;
    await b.stripe.advance(end - b.stripe.clock + 1);
    const ended = await billing(owner);
    expect(ended).toMatchObject({ plan: 'free', effective_plan: 'free', subscription_status: 'canceled', submission_limit: 10, watermark: true, cancel_at_period_end: false });
    // The trial ended when the account subscribed: cancelling does not bring it back.
    expect(ended.trial_active).toBe(false);
  });

  it('a failed renewal payment warns the owner', async () => {
    const owner = await subscribedOwner(b, 'starter');
    const sub = b.stripe.subscriptions.get(owner.subscriptionId)!;
    b.stripe.declinePayments(sub.customer);
    await b.stripe.advance(sub.items.data[0].current_period_end - b.stripe.clock + 1);
    const state = await billing(owner);
    expect(state).toMatchObject({ plan: 'starter', subscription_status: 'past_due' });
    expect(state.warnings[0]).toMatchObject({ level: 'critical', code: 'payment_failed' });
  });

  it('a declined card on upgrade leaves the plan unchanged and says why', async () => {
    const owner = await subscribedOwner(b, 'starter');
    b.stripe.declinePayments(b.stripe.subscriptions.get(owner.subscriptionId)!.customer);
    const res = await api<ErrorBody>(b.t, owner, 'POST', '/api/v1/subscriptions/update', { new_plan: 'growth', new_interval: 'monthly', confirmed: true });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    expect((await billing(owner)).plan).toBe('starter');
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const owner = await subscribedOwner(b, 'starter');
    const before = JSON.stringify(b.stripe.subscriptions.get(owner.subscriptionId));
    const cases: Array<[unknown, number, string]> = [
      [{ new_plan: 'growth', new_interval: 'monthly' }, 422, 'confirmed'],
      [{ new_plan: 'growth', new_interval: 'monthly', confirmed: false }, 422, 'confirmed'],
      [{ new_plan: 'diamond', new_interval: 'monthly', confirmed: true }, 422, 'new_plan'],
      [{ new_plan: 'growth', new_interval: 'weekly', confirmed: true }, 422, 'new_interval'],
      [{ new_plan: 'enterprise', new_interval: 'annual', confirmed: true }, 422, 'new_plan'],
      [{ new_plan: 'starter', new_interval: 'monthly', confirmed: true }, 422, 'new_plan'],
    ];
    for (const [body, status, field] of cases) {
      const res = await api<ErrorBody>(b.t, owner, 'POST', '/api/v1/subscriptions/update', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toHaveProperty(field);
    }
    const enterprise = await api<ErrorBody>(b.t, owner, 'POST', '/api/v1/subscriptions/preview_change', { new_plan: 'enterprise', new_interval: 'monthly' });
    expect(enterprise.body.message).toMatch(/contact sales/);
    expect(JSON.stringify(b.stripe.subscriptions.get(owner.subscriptionId))).toBe(before);
    expect((await billing(owner)).plan).toBe('starter');

    const free = await signUp(b.t);
    const none = await api<ErrorBody>(b.t, free, 'POST', '/api/v1/subscriptions/preview_change', { new_plan: 'growth', new_interval: 'monthly' });
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/no active subscription/);
  });

  it("never touches another account's subscription", async () => {
    const victim = await subscribedOwner(b, 'growth');
    const attacker = await signUp(b.t);
    const before = JSON.stringify(b.stripe.subscriptions.get(victim.subscriptionId));
    // Ids are not part of the contract: a smuggled one is dropped, and only the caller's own subscription is used.
    for (const path of ['/api/v1/subscriptions/update', '/api/v1/subscriptions/preview_change']) {
      const res = await api<ErrorBody>(b.t, attacker, 'POST', path, { new_plan: 'scale', new_interval: 'monthly', confirmed: true, subscription_id: victim.subscriptionId, customer: b.stripe.subscriptions.get(victim.subscriptionId)!.customer });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/no active subscription/);
    }
    expect(JSON.stringify(b.stripe.subscriptions.get(victim.subscriptionId))).toBe(before);
    expect((await billing(victim)).plan).toBe('growth');
  });
});

describe('webhook delivery', () => {
  let b: BillingApp;
  beforeAll(async () => {
    b = await startBillingApp();
  });
  afterAll(() => b.close());

  it('processes a redelivered event once and converges when events arrive out of order', async () => {
    b.stripe.autoDeliver = false;
    const owner = await signUp(b.t);
    const res = await api<{ checkout_url: string }>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'starter', interval: 'monthly' });
    await b.stripe.completeCheckout(res.body.checkout_url.split('/').pop()!);
    const subId = [...b.stripe.subscriptions.values()].at(-1)!.id as string;
    await b.stripe.cancelAtPeriodEnd(subId);
    const end = b.stripe.subscriptions.get(subId)!.items.data[0].current_period_end as number;
    await b.stripe.advance(end - b.stripe.clock + 1);
    const events = b.stripe.events.filter((e) => e.type !== 'customer.created');

    // Newest first: the deletion arrives before the checkout that created the subscription.
    for (const event of [...events].reverse()) expect((await b.stripe.deliver(event)).status).toBe(200);
    const state = (await api<BillingState>(b.t, owner, 'GET', '/api/v1/billing')).body;
    expect(state).toMatchObject({ plan: 'free', subscription_status: 'canceled' });

    const replay = await b.stripe.deliver(events[0]!);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });
    const gets = b.stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subId}`).length;
    for (const event of events) await b.stripe.deliver(event);
    expect(b.stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subId}`).length).toBe(gets);
    b.stripe.autoDeliver = true;
  });

  it('refuses forged and stale signatures and records nothing', async () => {
    const owner = await signUp(b.t);
    const res = await api<{ checkout_url: string }>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'scale', interval: 'monthly' });
    b.stripe.autoDeliver = false;
    await b.stripe.completeCheckout(res.body.checkout_url.split('/').pop()!);
    b.stripe.autoDeliver = true;
    const event = b.stripe.events.find((e) => e.type === 'checkout.session.completed' && e.data.object.client_reference_id === owner.user.account.id)!;

    const forged = await b.stripe.deliver(event, { secret: 'whsec_not_the_secret' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/signature/) });
    const missing = await b.stripe.deliver(event, { signature: '' });
    expect(missing.status).toBe(400);
    const stale = await b.stripe.deliver(event, { signature: `t=${Math.floor(Date.now() / 1000) - 3600},v1=${'0'.repeat(64)}` });
    expect(stale.status).toBe(400);
    // A tampered body with a signature made for the original.
    const tampered = await fetch(b.stripe.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 'x' },
      body: JSON.stringify({ ...event, data: { object: { ...event.data.object, client_reference_id: 'someone-else' } } }),
    });
    expect(tampered.status).toBe(400);
    expect((await api<BillingState>(b.t, owner, 'GET', '/api/v1/billing')).body.plan).toBe('free');

    expect((await b.stripe.deliver(event)).status).toBe(200);
    expect((await api<BillingState>(b.t, owner, 'GET', '/api/v1/billing')).body.plan).toBe('scale');
  });
});
