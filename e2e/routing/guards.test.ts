import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCompleteOnboarding, apiSignUp, newContext, pathOf, setRole, waitForPath } from '../auth/session.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const appShown = (page: Page) => page.getByRole('navigation', { name: 'App navigation' }).waitFor();

// Spec §2 "Route guard rules", each one in Chromium against the built product.
describe('route guards', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor from a protected route to sign-in with the full path in redirect_to', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    for (const path of ['/my/requests?status=archived&q=a%20b', '/my/requests/123/recordings', '/donkey/users', '/onboarding/workspace', '/upgrade', '/chat']) {
      await page.goto(path);
      await waitForPath(page, /^\/sign-in\?/);
      expect(new URL(page.url()).searchParams.get('redirect_to'), path).toBe(path);
    }
    await page.goto('/de/my/team?tab=1');
    await waitForPath(page, /^\/de\/sign-in\?/);
    expect(new URL(page.url()).searchParams.get('redirect_to')).toBe('/de/my/team?tab=1');
    await context.close();
  });

  it('returns to redirect_to after signing in', async () => {
    const context = await newContext(browser, server);
    const setup = await newContext(browser, server);
    const user = await apiSignUp(setup);
    await apiCompleteOnboarding(setup);
    await setup.close();
    const page = await context.newPage();
    await page.goto('/my/team?tab=members');
    await waitForPath(page, /^\/sign-in\?/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse 42');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/my/team?tab=members');
    await context.close();
  });

  it('sends an owner whose account has not finished onboarding to the workspace step, except from exempt routes', async () => {
    const context = await newContext(browser, server);
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
    await context.close();
  });

  it('lets an account that finished onboarding in, and sends it from /onboarding/workspace to the dashboard', async () => {
    const context = await newContext(browser, server);
    await apiSignUp(context);
    await apiCompleteOnboarding(context);
    const page = await context.newPage();
    await page.goto('/my/team');
    await appShown(page);
    expect(pathOf(page)).toBe('/my/team');
    await page.goto('/onboarding/workspace');
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('sends a signed-in user away from sign-in to the dashboard', async () => {
    const context = await newContext(browser, server);
    await apiSignUp(context);
    await apiCompleteOnboarding(context);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await appShown(page);
    for (const path of ['/sign-in', '/login', '/de/sign-in']) {
      await page.goto(path);
      await waitForPath(page, path.startsWith('/de') ? '/de/dashboard' : '/dashboard');
    }
    await context.close();
  });

  it('keeps non-admins out of /donkey', async () => {
    const context = await newContext(browser, server);
    await apiSignUp(context);
    await apiCompleteOnboarding(context);
    const page = await context.newPage();
    for (const path of ['/donkey', '/donkey/users/1', '/donkey/webhook-deliveries']) {
      await page.goto(path);
      await waitForPath(page, '/dashboard');
    }
    await context.close();
  });

  it('sends unknown paths to /dashboard?not_found=true with a dismissible notice', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/nothing/to/see');
    await waitForPath(page, /^\/sign-in\?/);
    expect(new URL(page.url()).searchParams.get('redirect_to')).toBe('/dashboard?not_found=true');

    await apiSignUp(context);
    await apiCompleteOnboarding(context);
    await page.goto('/definitely-not-a-page?x=1');
    await waitForPath(page, '/dashboard?not_found=true');
    const notice = page.getByText('The page you were looking for does not exist');
    await notice.waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/dashboard');
    await page.goto('/de/my/nothing');
    await waitForPath(page, '/de/dashboard?not_found=true');
    await context.close();
  });

  // Last: it restarts the server to change a role in the database.
  it('lets a member of an account that has not finished onboarding skip onboarding', async () => {
    const context = await newContext(browser, server);
    const user = await apiSignUp(context);
    expect(user.account.onboarding_completed).toBe(false);
    await setRole(server, user.id, 'member');
    const page = await context.newPage();
    await page.goto('/dashboard');
    await appShown(page);
    expect(pathOf(page)).toBe('/dashboard');
    await page.goto('/my/requests');
    await appShown(page);
    expect(pathOf(page)).toBe('/my/requests');
    await context.close();
  });
});
