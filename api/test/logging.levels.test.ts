import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/auth.ts';
import { startOwnApiProcess, type OwnApiProcess } from './support/api-process.ts';

interface LogLine { level: number; msg?: string; err?: { code?: string } }

// An operator watches error-level lines: a condition the product expects (billing not configured) must not be one.
describe('log levels of expected conditions', () => {
  let api: OwnApiProcess;
  beforeAll(async () => {
    api = await startOwnApiProcess({ WORKERS: 'false', LOG_LEVEL: 'info' });
  });
  afterAll(() => api?.close());

  it('logs 503 BILLING_UNAVAILABLE as a warning, never at error level', async () => {
    const owner = await signUp(api);
    const checkout = await fetch(`${api.url}/api/v1/checkout`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ plan: 'growth', interval: 'monthly' }) });
    expect(checkout.status).toBe(503);
    expect(await checkout.json()).toMatchObject({ code: 'BILLING_UNAVAILABLE' });
    const webhook = await fetch(`${api.url}/api/v1/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, body: '{}' });
    expect(webhook.status).toBe(503);

    const logged = (): LogLine[] =>
      api
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine);
    const billingLines = () => logged().filter((line) => line.err?.code === 'BILLING_UNAVAILABLE');
    // The child's output arrives through a pipe, a moment after the answers.
    for (const deadline = Date.now() + 5000; billingLines().length < 2 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    const lines = logged();
    const billing = billingLines();
    expect(billing.length).toBeGreaterThanOrEqual(2);
    expect(billing.every((line) => line.level === 40)).toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
