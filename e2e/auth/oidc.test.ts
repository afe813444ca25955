import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { User } from '@showback/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerUser, startOidcProvider, type ProviderUser, type TestOidcProvider } from '../../api/test/support/oidc-provider.ts';
import { launchBrowser } from '../support/browser.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';

// Only startServer/launchBrowser are shared: the scenario helpers in e2e/ are being reorganised, so the few this
// file needs are at its end.

/**
 * Google sign-in in Chromium against a real OpenID provider (oidc-provider) on this machine, through its own login
 * and consent pages: the app is started with GOOGLE_ISSUER pointing at it, as docs/authentication.md describes.
 */
describe('Google sign-in in the browser (local OpenID provider)', () => {
  let server: RunningServer;
  let google: TestOidcProvider;
  let browser: Browser;

  beforeAll(async () => {
    // The app needs the issuer before it starts and the provider needs the app's callback URL: reserve the port first.
    const providerPort = await freePort();
    const clientId = 'showback-e2e';
    const clientSecret = 'e2e-client-secret';
    server = await startServer({ GOOGLE_ISSUER: `http://127.0.0.1:${providerPort}`, GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret });
    google = await startOidcProvider({
      redirectUri: `${server.url}/users/auth/google_oauth2/callback`,
      claimsInIdToken: true,
      port: providerPort,
      pageInteractions: true,
      client: { clientId, clientSecret },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await google?.close();
    await server?.stop();
  });

  /** Signs in on the provider's own pages (any password) and grants the requested scopes. */
  async function logInAtProvider(page: Page, person: ProviderUser, shot?: string): Promise<void> {
    await page.waitForURL((url) => url.origin === google.issuer && url.pathname.startsWith('/interaction/'));
    await page.locator('input[name="login"]').fill(person.sub);
    await page.locator('input[name="password"]').fill('anything');
    if (shot) await screenshot(page, shot);
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('sends a signed-out visitor of a guarded page to sign-in and, after Google, back to that page signed in', async () => {
    // A returning customer with a password account (onboarding done) who now uses Google with the same address.
    const setup = await newContext(browser, server);
    const existing = await apiPasswordOwner(setup);
    await setup.close();
    const person = providerUser({ email: existing.email, name: 'Returning Person' });
    google.addUser(person);

    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/my/account?tab=profile');
    await waitForPath(page, `/sign-in?redirect_to=${encodeURIComponent('/my/account?tab=profile')}`);
    expect(await page.locator('form[action="/users/auth/google_oauth2"] input[name="redirect_to"]').inputValue()).toBe('/my/account?tab=profile');
    await screenshot(page, 'oidc-sign-in');

    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await logInAtProvider(page, person, 'oidc-provider-login');

    await waitForPath(page, '/my/account?tab=profile');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(async () => (await storedUser(page))?.id).toBe(existing.id);
    const cookies = new Map((await context.cookies(server.url)).map((c) => [c.name, c]));
    expect(cookies.get('sb_session')?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    expect(cookies.has('sb_oidc')).toBe(false);
    await screenshot(page, 'oidc-landed-on-guarded-page');
    await context.close();
  });

  it("has the buttons carry the guarded page with the page's language prefix, since the server redirects there itself", async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/de/my/requests?status=open');
    await waitForPath(page, `/de/sign-in?redirect_to=${encodeURIComponent('/de/my/requests?status=open')}`);
    expect(await page.locator('form[action="/users/auth/slack_openid"] input[name="redirect_to"]').inputValue()).toBe('/de/my/requests?status=open');
    await page.goto('/de/sign-up');
    expect(await page.locator('form[action="/users/auth/google_oauth2"] input[name="redirect_to"]').inputValue()).toBe('/de/dashboard');
    await context.close();
  });

  it('signs a new person up through Google from the sign-up page and stores the attribution of the landing URL', async () => {
    const person = providerUser({ name: 'Ada Lovelace' });
    google.addUser(person);
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/pricing?utm_source=%20newsletter%20&utm_campaign=launch&ref=friend&utm_medium=');
    // A later landing in the same tab does not overwrite the first set.
    await page.goto('/?utm_source=other');
    await page.goto('/sign-up');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await screenshot(page, 'oidc-sign-up');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await logInAtProvider(page, person);

    // A new owner: the guard takes over onboarding, as after a password sign-up.
    await waitForPath(page, '/onboarding/workspace');
    await expect.poll(async () => (await storedUser(page))?.email).toBe(person.email);
    await screenshot(page, 'oidc-new-user-onboarding');
    await context.close();

    const [row] = await usersRows(server, person.email);
    expect(row).toMatchObject({ name: 'Ada Lovelace', password_hash: null, email_verified: true });
    expect(row!.attribution).toEqual({ utm_source: 'newsletter', utm_campaign: 'launch', ref: 'friend' });
  });

  it('shows a readable message on the sign-in page when the person cancels at the provider, still headed for the guarded page', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/my/requests');
    await waitForPath(page, '/sign-in?redirect_to=%2Fmy%2Frequests');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.origin === google.issuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();

    await waitForPath(page, '/sign-in?error=oauth_failed&redirect_to=%2Fmy%2Frequests');
    const banner = page.getByText('Signing in with Google or Slack did not work, or was cancelled.');
    await banner.waitFor();
    expect(await storedUser(page)).toBeNull();
    expect(await page.locator('form[action="/users/auth/google_oauth2"] input[name="redirect_to"]').inputValue()).toBe('/my/requests');
    await screenshot(page, 'oidc-cancelled');
    await context.close();
  });
});

interface UserRow {
  name: string;
  password_hash: string | null;
  email_verified: boolean;
  attribution: Record<string, string> | null;
}

/**
 * The users rows with this email, read from the server's database: over `pg` with DATABASE_URL; on the embedded
 * PGlite, which one process opens at a time, with the server stopped for the read and started again.
 */
async function usersRows(server: RunningServer, email: string): Promise<UserRow[]> {
  const query = 'SELECT name, password_hash, email_verified, attribution FROM users WHERE lower(email) = lower($1)';
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<UserRow>(query, [email])).rows;
    } finally {
      await client.end();
    }
  }
  await server.kill('SIGTERM');
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(server.dataDir, 'db'));
  try {
    return (await db.query<UserRow>(query, [email])).rows;
  } finally {
    await db.close();
    await server.start();
  }
}

const newContext = (browser: Browser, server: RunningServer): Promise<BrowserContext> =>
  browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });

/** A password owner who finished onboarding, made through the API inside `context`. */
async function apiPasswordOwner(context: BrowserContext): Promise<User> {
  const { csrf_token } = (await (await context.request.get('/api/v1/csrf')).json()) as { csrf_token: string };
  const headers = { 'X-CSRF-Token': csrf_token };
  const email = `oidc-e2e-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct horse 42';
  const signUp = await context.request.post('/api/v1/users/sign_up', { headers, data: { name: 'Returning Person', email, account_name: 'Returning Co', password, password_confirmation: password } });
  if (signUp.status() !== 201) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
  const onboarded = await context.request.post('/api/v1/account/onboarding/complete', { headers, data: {} });
  if (!onboarded.ok()) throw new Error(`onboarding/complete answered ${onboarded.status()}: ${await onboarded.text()}`);
  return (await signUp.json()) as User;
}

const waitForPath = (page: Page, expected: string): Promise<void> =>
  page.waitForURL((url) => url.pathname + url.search === expected, { timeout: 15_000 });

const storedUser = (page: Page): Promise<User | null> => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as User | null);

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

async function screenshot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
