import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { countMeRequests, storedUser, waitForPath } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';

const PUBLIC = ['/', '/sign-in', '/sign-up', '/privacy', '/terms', '/pricing', '/faq', '/features', '/integrations', '/contact', '/docs/widget-api', '/proof'];
// Not on the spec's list, so they fetch the current user before mounting (spec §2 note).
const FETCHING = ['/login', '/start', '/register', '/docs/zapier', '/sample', '/usage-dashboard', '/blog', '/users/password/new', '/dashboard', '/my/requests'];

/**
 * The app has mounted: RootLayout adds the #overlay element after its first render. The current-user fetch, when
 * there is one, happens before mounting, so by then it has been sent. (Waiting for network idle instead would also
 * wait for the landing page's videos.)
 */
async function appMounted(page: Page, path: string): Promise<void> {
  await page.locator('#overlay').waitFor({ state: 'attached', timeout: 10_000 }).catch((error: Error) => {
    throw new Error(`${path}: ${error.message}`);
  });
}

describe('start-up (spec §2)', () => {
  const product = useProduct();

  it('skips the current-user fetch on the public list, locale prefix and trailing slash removed', async () => {
    const page = await product.page();
    const me = countMeRequests(page);
    for (const path of [...PUBLIC, '/de/pricing/', '/pt-BR/faq', '/sign-in/']) {
      await page.goto(path);
      await appMounted(page, path);
      expect(me.count(), path).toBe(0);
    }
    // The count is kept across page loads, so a late call on one path shows up at the next. After the last, a route
    // that does fetch: its one call is counted, so one made late by the page before would have been too.
    await page.goto('/dashboard');
    await appMounted(page, '/dashboard');
    expect(me.urls).toEqual(['/api/v1/users/me']);
  });

  it('fetches the current user exactly once before mounting every other route', async () => {
    const page = await product.page();
    const me = countMeRequests(page);
    for (const [index, path] of FETCHING.entries()) {
      await page.goto(path);
      await appMounted(page, path);
      expect(me.count(), path).toBe(index + 1);
    }
    // A late second call from the last route shows up once the next page has mounted.
    await page.goto('/pricing');
    await appMounted(page, '/pricing');
    expect(me.count()).toBe(FETCHING.length);
  });

  it('clears a stale stored user when the fetch fails, notes it, and mounts anyway', async () => {
    const page = await product.page();
    const notes: string[] = [];
    page.on('console', (message) => notes.push(message.text()));
    await page.goto('/pricing');
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ id: 'stale', role: 'owner', is_sysadmin: false, account: { onboarding_completed: true } })));
    // A public route trusts the stored record: the nav offers the dashboard without asking the server.
    await page.reload();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();

    await page.goto('/blog');
    // The prerendered page shows its links before the app starts, so wait for the start-up's note, not a link.
    await expect.poll(() => notes.some((text) => text.includes('no authenticated session found')), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: 'Start Free' }).waitFor();
    // Removed, not overwritten with the string "null" (spec §4).
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await page.goto('/dashboard');
    await waitForPath(page, /^\/sign-in\?redirect_to=%2Fdashboard$/);
  });

  it('stores the fetched user, so guards and navigation know who is signed in', async () => {
    const { page, user } = await product.signedUp();
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'App navigation' }).waitFor();
    const stored = await storedUser(page);
    expect(stored?.id).toBe(user.id);
    expect(stored?.account.onboarding_completed).toBe(true);
    await page.goto('/');
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
  });

  it('asks for the current user once per dashboard load; coming back to the dashboard later refreshes it', async () => {
    const { page } = await product.signedUp();
    const me = countMeRequests(page);
    await page.goto('/dashboard');
    // The cards wait for the open requests, fetched by the same mount as a second user fetch would be: once they
    // show, that fetch would have been sent.
    await page.getByTestId('usage').waitFor();
    expect(me.count()).toBe(1);
    // Usage changes as customers submit: a later visit within the app asks again.
    await page.getByRole('link', { name: 'Requests' }).first().click();
    await waitForPath(page, '/my/requests');
    // Later than the dashboard's USER_FRESH_MS (5 s).
    await page.waitForTimeout(5000);
    await page.getByRole('link', { name: 'Showback Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => me.count()).toBe(2);
  });
});
