import Stripe from 'stripe';
import type { Config } from '../../config.ts';

export type StripeConfig = NonNullable<Config['stripe']>;

/**
 * The one Stripe client of a process. STRIPE_API_URL points it at another origin (the local test server); retries
 * are off there so a test sees each call once. Telemetry is off everywhere: it only reports latency to Stripe.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  if (!config.apiUrl) return new Stripe(config.secretKey, { telemetry: false, maxNetworkRetries: 2 });
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
