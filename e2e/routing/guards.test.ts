import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCompleteOnboarding, apiSignUp, pathOf, setRole, waitForPath } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';

const appShown = (page: Page) => page.getByRole('navigation', { name: 'App navigation' }).waitFor();

// Spec §2 "Route guard rules", each one in Chromium against the built product.
describe('route guards', () => {
  const product = useProduct();

  it('sends a visitor from a protected route to sign-in with the full path in redirect_to', async () => {
    const page = await product.page();
    for (const path of ['/my/requests?status=archived&q=a%20b', '/my/requests/123/recordings', '/donkey/users', '/onboarding/workspace', '/upgrade', '/chat']) {
      await page.goto(path);
      await waitForPath(page, /^\/sign-in\?/);
      expect(new URL(page.url()).searchParams.get('redirect_to'), path).toBe(path);
    }
    await page.goto('/de/my/team?tab=1');
    await waitForPath(page, /^\/de\/sign-in\?/);
    expect(new URL(page.url()).searchParams.get('redirect_to')).toBe('/de/my/team?tab=1');
  });

  it('returns to redirect_to after signing in', async () => {
    const context = await product.context();
    const { user } = await product.signedUp();
    const page = await context.newPage();
    await page.goto('/my/team?tab=members');
    await waitForPath(page, /^\/sign-in\?/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse 42');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/my/team?tab=members');
  });

  it('sends an owner whose account has not finished onboarding to the workspace step, except from exempt routes', async () => {
    const context = await product.context();
    await apiSignUp(context);
    const page = await context.newPage();
    for (const path of ['/dashboard', '/my/team', '/my/recordings/abc', '/support']) {
      await page.goto(path);
      await waitForPath(page, '/onboarding/workspace');
    }
    for (const path of ['/onboarding/link-ready', '/upgrade', '/checkout/success']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(pathOf(page), path).toBe(path);
    }
  });

  it('lets an account that finished onboarding in, and sends it from /onboarding/workspace to the dashboard', async () => {
    const { page } = await product.signedUp();
    await page.goto('/my/team');
    await appShown(page);
    expect(pathOf(page)).toBe('/my/team');
    await page.goto('/onboarding/workspace');
    await waitForPath(page, '/dashboard');
  });

  it('sends a signed-in user away from sign-in to the dashboard', async () => {
    const { page } = await product.signedUp();
    await page.goto('/dashboard');
    await appShown(page);
    for (const path of ['/sign-in', '/login', '/de/sign-in']) {
      await page.goto(path);
      await waitForPath(page, path.startsWith('/de') ? '/de/dashboard' : '/dashboard');
    }
  });

  it('keeps non-admins out of /donkey', async () => {
    const { page } = await product.signedUp();
    for (const path of ['/donkey', '/donkey/users/1', '/donkey/webhook-deliveries']) {
      await page.goto(path);
      await waitForPath(page, '/dashboard');
    }
  });

  it('sends unknown paths to /dashboard?not_found=true with a dismissible notice', async () => {
    const page = await product.page();
    await page.goto('/nothing/to/see');
    await waitForPath(page, /^\/sign-in\?/);
    expect(new URL(page.url()).searchParams.get('redirect_to')).toBe('/dashboard?not_found=true');

    await apiSignUp(page.context());
    await apiCompleteOnboarding(page.context());
    await page.goto('/definitely-not-a-page?x=1');
    await waitForPath(page, '/dashboard?not_found=true');
    const notice = page.getByText('The page you were looking for does not exist');
    await notice.waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/dashboard');
    await page.goto('/de/my/nothing');
    await waitForPath(page, '/de/dashboard?not_found=true');
  });

  // Last: it restarts the server to change a role in the database.
  it('lets a member of an account that has not finished onboarding skip onboarding', async () => {
    const context = await product.context();
    const user = await apiSignUp(context);
    expect(user.account.onboarding_completed).toBe(false);
    await setRole(product.server, user.id, 'member');
    const page = await context.newPage();
    await page.goto('/dashboard');
    await appShown(page);
    expect(pathOf(page)).toBe('/dashboard');
    await page.goto('/my/requests');
    await appShown(page);
    expect(pathOf(page)).toBe('/my/requests');
  });
});
