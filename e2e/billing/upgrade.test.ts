import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingState } from '@showback/contract';
import { startStripeServer, type StripeServer } from '../../api/test/support/stripe-server.ts';
import { useProduct } from '../support/product.ts';

/** Checkout, then /upgrade preview → confirm, in Chromium against the built product and the local Stripe server. */
describe('billing: checkout and upgrade', () => {
  let stripe: StripeServer;
  let shots: string;
  const product = useProduct({
    env: async () => {
      stripe = await startStripeServer();
      return { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url };
    },
  });

  beforeAll(async () => {
    stripe.webhookUrl = `${product.server.url}/api/v1/stripe/webhook`;
    shots = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-billing-shots-'));
  });
  afterAll(async () => {
    await stripe?.close();
  });

  it('a plan chosen on the pricing page goes through checkout, then an upgrade is previewed and confirmed', async () => {
    const { context, page } = await product.signedUp({ onboarded: false });

    await page.goto('/upgrade?plan=starter&interval=monthly');
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();
    await page.waitForURL('**/checkout/success?session_id=*');
    const confirmed = page.getByTestId('checkout-confirmed');
    await confirmed.waitFor({ timeout: 20_000 });
    expect(await confirmed.textContent()).toBe('You are now on the Starter plan (Monthly).');
    await page.screenshot({ path: path.join(shots, '1-checkout-success.png'), fullPage: true });

    // Half-way through the period, so the preview has a real proration to show.
    const sub = [...stripe.subscriptions.values()][0]!;
    const { current_period_start: start, current_period_end: end } = sub.items.data[0];
    stripe.clock = start + Math.floor((end - start) / 2);

    await page.goto('/upgrade');
    await page.locator('[data-plan="growth"]').getByRole('button', { name: 'Switch to Growth' }).click();
    const preview = page.getByTestId('change-preview');
    await preview.waitFor();
    const due = (await page.getByTestId('amount-due-now').textContent()) ?? '';
    expect(due).toMatch(/^\$3[45]\.\d\d$/);
    expect(await preview.textContent()).toContain('Unused time on Starter monthly');
    await page.screenshot({ path: path.join(shots, '2-upgrade-preview.png'), fullPage: true });

    await preview.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText('Your plan is now Growth.').waitFor();
    await page.screenshot({ path: path.join(shots, '3-upgrade-applied.png'), fullPage: true });

    const billing = (await (await context.request.get('/api/v1/billing')).json()) as BillingState;
    expect(billing).toMatchObject({ plan: 'growth', billing_interval: 'monthly', submission_limit: 250, subscription_status: 'active' });
    expect(stripe.subscriptions.get(sub.id)!.items.data[0].price.id).toBe(stripe.priceId('growth', 'monthly'));
    console.log(`screenshots in ${shots}`);
  });
});
