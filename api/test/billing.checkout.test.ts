import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingState, CheckoutStatus, ErrorBody } from '@showback/contract';
import { signUp } from './support/auth.ts';
import { api, me, startBillingApp, subscribedOwner, type BillingApp } from './support/billing-app.ts';

describe('checkout and portal', () => {
  let b: BillingApp;
  beforeAll(async () => {
    b = await startBillingApp();
  });
  afterAll(() => b.close());

  it('takes a free account through Stripe Checkout to an active Starter plan with 50 recordings', async () => {
    const owner = await signUp(b.t);
    const before = await api<BillingState>(b.t, owner, 'GET', '/api/v1/billing');
    expect(before.body).toMatchObject({ plan: 'free', subscription_status: 'none', has_billing_account: false });

    const res = await api<{ checkout_url: string }>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'starter', interval: 'monthly' });
    expect(res.status).toBe(200);
    const sessionId = res.body.checkout_url.split('/').pop()!;
    const session = b.stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.user.account.id,
      success_url: `${b.t.config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${b.t.config.publicUrl}/pricing`,
    });
    expect(session.line_items_input).toEqual([{ price: b.stripe.priceId('starter', 'monthly'), quantity: 1 }]);
    const customer = b.stripe.customers.get(session.customer)!;
    expect(customer).toMatchObject({ email: owner.user.email, metadata: { account_id: owner.user.account.id } });

    const pending = await api<CheckoutStatus>(b.t, owner, 'GET', `/api/v1/checkout/sessions/${sessionId}`);
    expect(pending.body.status).toBe('pending');

    await b.stripe.completeCheckout(sessionId);
    expect(b.stripe.deliveries.filter((d) => d.status !== 200)).toEqual([]);

    const done = await api<CheckoutStatus>(b.t, owner, 'GET', `/api/v1/checkout/sessions/${sessionId}`);
    expect(done.body).toEqual({ status: 'complete', plan: 'starter', billing_interval: 'monthly' });
    const after = await api<BillingState>(b.t, owner, 'GET', '/api/v1/billing');
    expect(after.body).toMatchObject({
      plan: 'starter',
      effective_plan: 'starter',
      billing_interval: 'monthly',
      subscription_status: 'active',
      submission_limit: 50,
      retention_days: 30,
      watermark: false,
      trial_active: false,
      has_billing_account: true,
      cancel_at_period_end: false,
    });
    const user = await me(b, owner);
    expect(user.account).toMatchObject({ plan: 'starter', billing_interval: 'monthly', submission_limit: 50, submissions_used_this_month: 0, submission_limit_percentage: 0, retention_days: 30 });
    expect(user.warnings).toEqual([]);
    const sub = b.stripe.subscriptions.get(session.subscription)!;
    expect(after.body.current_period_end).toBe(new Date(sub.items.data[0].current_period_end * 1000).toISOString());
  });

  it('reuses the Stripe customer for a second checkout and refuses one while subscribed', async () => {
    const owner = await signUp(b.t);
    const first = await api<{ checkout_url: string }>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'growth', interval: 'annual' });
    const second = await api<{ checkout_url: string }>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'growth', interval: 'annual' });
    const a = b.stripe.sessions.get(first.body.checkout_url.split('/').pop()!)!;
    const c = b.stripe.sessions.get(second.body.checkout_url.split('/').pop()!)!;
    expect(a.customer).toBe(c.customer);
    await b.stripe.completeCheckout(c.id);
    const again = await api<ErrorBody>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'scale', interval: 'monthly' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already has a subscription/);
  });

  it('asks for sign-in without a session', async () => {
    const res = await fetch(`${b.t.url}/api/v1/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ plan: 'starter', interval: 'monthly' }) });
    // No CSRF cookie either: the CSRF check answers before the route; a browser with a token gets 401.
    expect([401, 403]).toContain(res.status);
    const anonymous = await fetch(`${b.t.url}/api/v1/csrf`);
    const cookie = anonymous.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const { csrf_token } = (await anonymous.json()) as { csrf_token: string };
    const res2 = await fetch(`${b.t.url}/api/v1/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf_token },
      body: JSON.stringify({ plan: 'starter', interval: 'monthly' }),
    });
    expect(res2.status).toBe(401);
    expect(((await res2.json()) as ErrorBody).code).toBe('UNAUTHENTICATED');
  });

  it('refuses unknown plans, other intervals, free and enterprise without touching Stripe', async () => {
    const owner = await signUp(b.t);
    const calls = b.stripe.requests.length;
    const unknown = await api<ErrorBody>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'platinum', interval: 'monthly' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { plan: [expect.stringContaining('must be one of')] } });
    const weekly = await api<ErrorBody>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'starter', interval: 'weekly' });
    expect(weekly.status).toBe(422);
    expect(weekly.body.errors).toHaveProperty('interval');
    const enterprise = await api<ErrorBody>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'enterprise', interval: 'annual' });
    expect(enterprise.status).toBe(422);
    expect(enterprise.body.message).toMatch(/contact sales/);
    const free = await api<ErrorBody>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'free', interval: 'monthly' });
    expect(free.status).toBe(422);
    expect(b.stripe.requests.length).toBe(calls);
    const state = await api<BillingState>(b.t, owner, 'GET', '/api/v1/billing');
    expect(state.body).toMatchObject({ plan: 'free', has_billing_account: false });
  });

  it('shows a checkout session only to the account that opened it', async () => {
    const owner = await signUp(b.t);
    const stranger = await signUp(b.t);
    const res = await api<{ checkout_url: string }>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'starter', interval: 'monthly' });
    const sessionId = res.body.checkout_url.split('/').pop()!;
    const foreign = await api<ErrorBody>(b.t, stranger, 'GET', `/api/v1/checkout/sessions/${sessionId}`);
    expect(foreign.status).toBe(404);
    const missing = await api<ErrorBody>(b.t, stranger, 'GET', '/api/v1/checkout/sessions/cs_test_nope');
    expect(missing.status).toBe(404);
    expect(foreign.body.message).toBe(missing.body.message);
  });

  it('opens the customer portal for an account with a Stripe customer, and says why not otherwise', async () => {
    const owner = await subscribedOwner(b, 'starter');
    const res = await api<{ portal_url: string }>(b.t, owner, 'POST', '/api/v1/billing/portal');
    expect(res.status).toBe(200);
    expect(res.body.portal_url).toMatch(new RegExp(`^${b.stripe.url}/portal/bps_`));
    const page = await fetch(res.body.portal_url);
    expect(await page.text()).toContain('Starter monthly');

    const fresh = await signUp(b.t);
    const none = await api<ErrorBody>(b.t, fresh, 'POST', '/api/v1/billing/portal');
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/choose a plan first/);
  });
});
