import type { User } from '@showback/contract';
import { signUp, type SignedUp } from './auth.ts';
import { startStripeServer, type StripeServer } from './stripe-server.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export interface BillingApp {
  t: TestApp;
  stripe: StripeServer;
  close(): Promise<void>;
}

/** The API wired to a local Stripe server, whose events go to the API's webhook. */
export async function startBillingApp(env: Record<string, string> = {}): Promise<BillingApp> {
  const stripe = await startStripeServer();
  const t = await startTestApp({}, {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    ...env,
  });
  stripe.webhookUrl = `${t.url}/api/v1/stripe/webhook`;
  return {
    t,
    stripe,
    close: async () => {
      await stripe.flush();
      await t.close();
      await stripe.close();
    },
  };
}

export async function api<T = unknown>(t: TestApp, who: SignedUp | undefined, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = who ? { ...who.headers } : { 'content-type': 'application/json' };
  if (body === undefined) delete headers['content-type'];
  const res = await fetch(`${t.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A new owner whose account went through Stripe Checkout for `plan` and whose webhook has been processed. */
export async function subscribedOwner(b: BillingApp, plan: 'starter' | 'growth' | 'scale', interval: 'monthly' | 'annual' = 'monthly'): Promise<SignedUp & { subscriptionId: string }> {
  const owner = await signUp(b.t);
  const res = await api<{ checkout_url: string }>(b.t, owner, 'POST', '/api/v1/checkout', { plan, interval });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  const sessionId = res.body.checkout_url.split('/').pop()!;
  const session = await b.stripe.completeCheckout(sessionId);
  return { ...owner, subscriptionId: String(session.subscription) };
}

export async function me(b: BillingApp, who: SignedUp): Promise<User> {
  const res = await api<User>(b.t, who, 'GET', '/api/v1/users/me');
  if (res.status !== 200) throw new Error(`users/me answered ${res.status}`);
  return res.body;
}
