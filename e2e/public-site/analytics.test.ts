import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useProduct } from '../support/product.ts';
import { startCollector, type Received } from './collector.ts';

const WRITE_KEY = 'wk_e2e_public_site';
/** How long a sent batch may take to reach the collector on a loaded machine (expect.poll's default is 1 s). */
const ARRIVAL = { timeout: 15_000 };

interface Event { type: string; timestamp: string; userId?: string; traits?: { email?: string }; properties?: { path: string; url: string } }
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

  const batches = () => collector.received.filter((r) => r.path === '/v1/batch');
  const batchesOf = (userId: string) => batches().filter((r) => eventsOf([r]).some((e) => e.userId === String(userId)));

  /** Leaves the page as a person does, for another address: the page-hide flush beacons what is still queued. */
  const leave = (page: Page) => page.goto('about:blank');

  it('sends nothing for visitors who are not signed in', async () => {
    const page = await product.page();
    await page.goto('/');
    expect(await page.locator('meta[name="analytics-write-key"]').getAttribute('content')).toBe(WRITE_KEY);
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await leave(page);
    // A signed-in user's visit after the visitor's left: once its batch has arrived (its 5 s passed on the clock),
    // anything the visitor's pages sent, before, would have too.
    const { page: signedIn, user } = await product.signedUp();
    await signedIn.clock.install();
    await signedIn.goto('/dashboard');
    await expect.poll(async () => (await signedIn.clock.fastForward(5000), batches().length), ARRIVAL).toBe(1);
    expect(collector.received.filter((r) => r.path.endsWith('/settings'))).toHaveLength(1);
    expect(eventsOf(batches()).every((e) => e.userId === String(user.id))).toBe(true);
    // This page's later events (a page view queued after the first batch) would leave 5 s on, in the next test: closed,
    // it sends nothing more, and the next test counts only its own user's batches besides.
    await signedIn.context().close();
    collector.received.length = 0;
  });

  it('identifies a signed-in user, tracks one page view per path change, batches after 5 s and beacons on page hide', async () => {
    const { page, user } = await product.signedUp();
    // The 5 s of batching pass on the page's clock, held still from the start and moved on in small steps only until
    // analytics has asked for its settings: however slow the machine, the batch cannot leave before runFor below.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto('/dashboard');
    await expect.poll(async () => (await page.clock.runFor(20), collector.received.some((r) => r.path === `/v1/projects/${WRITE_KEY}/settings`)), ARRIVAL).toBe(true);
    await go(page, '/my/requests');
    await go(page, '/my/requests?page=2');
    await go(page, '/my/recordings');
    await go(page, '/my/recordings');
    await go(page, '/dashboard');
    expect(batchesOf(user.id)).toEqual([]);
    await page.clock.runFor(5000);

    await expect.poll(() => batchesOf(user.id).length, ARRIVAL).toBe(1);
    const [batch] = batchesOf(user.id);
    expect(batch!.method).toBe('POST');
    expect(batch!.authorization).toBe(`Basic ${Buffer.from(`${WRITE_KEY}:`).toString('base64')}`);
    const { batch: events, sentAt } = batch!.body as { batch: Event[]; sentAt: string };
    // Sent by the 5 s timer of the first event queued (the page's clock), not at once.
    expect(Date.parse(sentAt) - Date.parse(events[0]!.timestamp)).toBeGreaterThanOrEqual(5000);
    expect(events[0]).toMatchObject({ type: 'identify', userId: String(user.id), traits: { email: user.email } });
    const pages = events.filter((e) => e.type === 'page').map((e) => e.properties!.path);
    expect(pages).toEqual(['/dashboard', '/my/requests', '/my/recordings', '/dashboard']);
    expect(events.find((e) => e.type === 'page')!.properties!.url).toBe(`${product.server.url}/dashboard`);
    expect(events.filter((e) => e.type === 'page').every((e) => e.userId === String(user.id))).toBe(true);

    await go(page, '/my/account');
    // Its page view is queued once the route has rendered (the account page's code may still be on its way).
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await leave(page);
    await expect.poll(() => batchesOf(user.id).length, ARRIVAL).toBe(2);
    const beacon = batchesOf(user.id)[1]!;
    expect((beacon.body as { writeKey: string }).writeKey).toBe(WRITE_KEY);
    expect(eventsOf([beacon])).toMatchObject([{ type: 'page', userId: String(user.id), properties: { path: '/my/account', url: `${product.server.url}/my/account` } }]);
  });
});
