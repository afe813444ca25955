import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useProduct } from '../support/product.ts';
import { startCollector, type Received } from './collector.ts';

const WRITE_KEY = 'wk_e2e_public_site';

interface Event { type: string; userId?: string; traits?: { email?: string }; properties?: { path: string; url: string } }
const eventsOf = (items: Received[]): Event[] => items.flatMap((r) => ((r.body as { batch?: Event[] } | undefined)?.batch ?? []));

async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForTimeout(150);
}

describe('customer analytics against a local Segment-compatible collector', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const product = useProduct({
    env: async () => {
      collector = await startCollector();
      return { ANALYTICS_WRITE_KEY: WRITE_KEY, ANALYTICS_URL: collector.url };
    },
  });
  afterAll(async () => {
    await collector?.close();
  });

  it('sends nothing for visitors who are not signed in', async () => {
    const page = await product.page();
    await page.goto('/');
    expect(await page.locator('meta[name="analytics-write-key"]').getAttribute('content')).toBe(WRITE_KEY);
    await page.goto('/pricing');
    await page.waitForTimeout(1000);
    await page.context().close();
    expect(collector.received).toEqual([]);
  });

  it('identifies a signed-in user, tracks one page view per path change, batches after 5 s and beacons on page hide', async () => {
    const { page, user } = await product.signedUp();
    await page.goto('/dashboard');
    await expect.poll(() => collector.received.some((r) => r.path === `/v1/projects/${WRITE_KEY}/settings`)).toBe(true);
    await go(page, '/my/requests');
    await go(page, '/my/requests?page=2');
    await go(page, '/my/recordings');
    await go(page, '/my/recordings');
    await go(page, '/dashboard');
    expect(collector.received.filter((r) => r.path === '/v1/batch')).toEqual([]);

    await expect.poll(() => collector.received.filter((r) => r.path === '/v1/batch').length, { timeout: 8000 }).toBe(1);
    const batch = collector.received.find((r) => r.path === '/v1/batch')!;
    expect(batch.method).toBe('POST');
    expect(batch.authorization).toBe(`Basic ${Buffer.from(`${WRITE_KEY}:`).toString('base64')}`);
    const events = eventsOf([batch]);
    expect(events[0]).toMatchObject({ type: 'identify', userId: String(user.id), traits: { email: user.email } });
    const pages = events.filter((e) => e.type === 'page').map((e) => e.properties!.path);
    expect(pages).toEqual(['/dashboard', '/my/requests', '/my/recordings', '/dashboard']);
    expect(events.find((e) => e.type === 'page')!.properties!.url).toBe(`${product.server.url}/dashboard`);
    expect(events.filter((e) => e.type === 'page').every((e) => e.userId === String(user.id))).toBe(true);

    await go(page, '/my/account');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => collector.received.filter((r) => r.path === '/v1/batch').length, { timeout: 5000 }).toBe(2);
    const beacon = collector.received.filter((r) => r.path === '/v1/batch')[1]!;
    expect((beacon.body as { writeKey: string }).writeKey).toBe(WRITE_KEY);
    expect(eventsOf([beacon]).map((e) => e.properties?.path)).toEqual(['/my/account']);
  });
});
