import type Stripe from 'stripe';
import { BILLING_INTERVALS, PLAN_IDS, type BillingInterval, type PlanId } from '@showback/contract';
import { AppError } from '../../errors.ts';

export interface PlanPrice {
  plan: PlanId;
  interval: BillingInterval;
}

/**
 * Maps plans to Stripe prices and back. With STRIPE_PRICES (`{"starter:monthly": "price_…", …}`) the map is used
 * as given; otherwise prices are found by lookup key `<plan>_<interval>` (e.g. `growth_annual`), so one Stripe
 * account can be set up once in its dashboard without redeploying. Lookups are cached for the process.
 */
export class PriceCatalog {
  private readonly cache = new Map<string, string>();

  constructor(private readonly stripe: Stripe, private readonly configured: Record<string, string>) {}

  async priceId(plan: PlanId, interval: BillingInterval): Promise<string> {
    const key = `${plan}:${interval}`;
    const fromConfig = this.configured[key];
    if (fromConfig) return fromConfig;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const lookupKey = `${plan}_${interval}`;
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = found.data[0];
    if (!price) throw new AppError('BILLING_UNAVAILABLE', `Billing is not set up for the ${plan} plan (${interval}): no Stripe price with lookup key ${lookupKey}.`);
    this.cache.set(key, price.id);
    return price.id;
  }

  /** Which plan a Stripe price stands for; undefined for prices this product did not set up. */
  planOf(price: Stripe.Price): PlanPrice | undefined {
    for (const [key, id] of Object.entries(this.configured)) {
      if (id === price.id) return parseKey(key, ':');
    }
    return price.lookup_key ? parseKey(price.lookup_key, '_') : undefined;
  }
}

function parseKey(key: string, separator: string): PlanPrice | undefined {
  const at = key.lastIndexOf(separator);
  const plan = key.slice(0, at) as PlanId;
  const interval = key.slice(at + 1) as BillingInterval;
  return PLAN_IDS.includes(plan) && BILLING_INTERVALS.includes(interval) ? { plan, interval } : undefined;
}
