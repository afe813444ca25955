import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { PriceCatalog } from './price-catalog.ts';
import { createStripeClient } from './stripe-client.ts';

export interface StripeBilling {
  stripe: Stripe;
  prices: PriceCatalog;
  webhookSecret: string;
}

const clients = new WeakMap<AppContext, StripeBilling>();

/** Stripe for this app, built once; BILLING_UNAVAILABLE when STRIPE_SECRET_KEY is not set. */
export function stripeBilling(ctx: AppContext): StripeBilling {
  const existing = clients.get(ctx);
  if (existing) return existing;
  const config = ctx.config.stripe;
  if (!config) throw new AppError('BILLING_UNAVAILABLE', 'Billing is not configured on this server.');
  const stripe = createStripeClient(config);
  const billing = { stripe, prices: new PriceCatalog(stripe, config.prices), webhookSecret: config.webhookSecret };
  clients.set(ctx, billing);
  return billing;
}

/** Rethrows Stripe's failure as an AppError the client can show: card problems are the payer's, the rest upstream. */
export function rethrowStripe(error: unknown, action: string): never {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'StripeCardError') {
    throw new AppError('PAYMENT_FAILED', (error as Error).message || 'The payment was declined.', { cause: error });
  }
  if (typeof type === 'string' && type.startsWith('Stripe')) {
    throw new AppError('UPSTREAM_FAILED', `Stripe could not ${action}. Please try again in a moment.`, { cause: error });
  }
  throw error;
}
