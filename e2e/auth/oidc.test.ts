import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerUser, startOidcProvider, type ProviderUser, type TestOidcProvider } from '../../api/test/support/oidc-provider.ts';
import { useProduct } from '../support/product.ts';
import { freePort, type RunningServer } from '../support/server.ts';
import { querySql, screenshot, storedUser, waitForPath } from './session.ts';

/**
 * Google sign-in in Chromium against a real OpenID provider (oidc-provider) on this machine, through its own login
 * and consent pages: the app is started with GOOGLE_ISSUER pointing at it, as docs/authentication.md describes.
 */
describe('Google sign-in in the browser (local OpenID provider)', () => {
  const clientId = 'showback-e2e';
  const clientSecret = 'e2e-client-secret';
  let providerPort: number;
  let google: TestOidcProvider;
  // The app needs the issuer before it starts and the provider needs the app's callback URL: reserve the port first.
  const product = useProduct({
    env: async () => {
      providerPort = await freePort();
      return { GOOGLE_ISSUER: `http://127.0.0.1:${providerPort}`, GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret };
    },
  });

  beforeAll(async () => {
    google = await startOidcProvider({
      redirectUri: `${product.server.url}/users/auth/google_oauth2/callback`,
      claimsInIdToken: true,
      port: providerPort,
      pageInteractions: true,
      client: { clientId, clientSecret },
    });
  });
  afterAll(async () => {
    await google?.close();
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
    const { user: existing } = await product.signedUp({ name: 'Returning Person', account_name: 'Returning Co' });
    const person = providerUser({ email: existing.email, name: 'Returning Person' });
    google.addUser(person);

    const page = await product.page();
    await page.goto('/my/account?tab=profile');
    await waitForPath(page, `/sign-in?redirect_to=${encodeURIComponent('/my/account?tab=profile')}`, 15_000);
    expect(await page.locator('form[action="/users/auth/google_oauth2"] input[name="redirect_to"]').inputValue()).toBe('/my/account?tab=profile');
    await screenshot(page, 'oidc-sign-in');

    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await logInAtProvider(page, person, 'oidc-provider-login');

    await waitForPath(page, '/my/account?tab=profile', 15_000);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(async () => (await storedUser(page))?.id).toBe(existing.id);
    const cookies = new Map((await page.context().cookies(product.server.url)).map((c) => [c.name, c]));
    expect(cookies.get('sb_session')?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    expect(cookies.has('sb_oidc')).toBe(false);
    await screenshot(page, 'oidc-landed-on-guarded-page');
  });

  it("has the buttons carry the guarded page with the page's language prefix, since the server redirects there itself", async () => {
    const page = await product.page();
    await page.goto('/de/my/requests?status=open');
    await waitForPath(page, `/de/sign-in?redirect_to=${encodeURIComponent('/de/my/requests?status=open')}`, 15_000);
    expect(await page.locator('form[action="/users/auth/slack_openid"] input[name="redirect_to"]').inputValue()).toBe('/de/my/requests?status=open');
    await page.goto('/de/sign-up');
    expect(await page.locator('form[action="/users/auth/google_oauth2"] input[name="redirect_to"]').inputValue()).toBe('/de/dashboard');
  });

  it('signs a new person up through Google from the sign-up page and stores the attribution of the landing URL', async () => {
    const person = providerUser({ name: 'Ada Lovelace' });
    google.addUser(person);
    const page = await product.page();
    await page.goto('/pricing?utm_source=%20newsletter%20&utm_campaign=launch&ref=friend&utm_medium=');
    // A later landing in the same tab does not overwrite the first set.
    await page.goto('/?utm_source=other');
    await page.goto('/sign-up');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await screenshot(page, 'oidc-sign-up');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await logInAtProvider(page, person);

    // A new owner: the guard takes over onboarding, as after a password sign-up.
    await waitForPath(page, '/onboarding/workspace', 15_000);
    await expect.poll(async () => (await storedUser(page))?.email).toBe(person.email);
    await screenshot(page, 'oidc-new-user-onboarding');
    await page.context().close();

    const [row] = await usersRows(product.server, person.email);
    expect(row).toMatchObject({ name: 'Ada Lovelace', password_hash: null, email_verified: true });
    expect(row!.attribution).toEqual({ utm_source: 'newsletter', utm_campaign: 'launch', ref: 'friend' });
  });

  it('shows a readable message on the sign-in page when the person cancels at the provider, still headed for the guarded page', async () => {
    const page = await product.page();
    await page.goto('/my/requests');
    await waitForPath(page, '/sign-in?redirect_to=%2Fmy%2Frequests', 15_000);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.origin === google.issuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();

    await waitForPath(page, '/sign-in?error=oauth_failed&redirect_to=%2Fmy%2Frequests', 15_000);
    const banner = page.getByText('Signing in with Google or Slack did not work, or was cancelled.');
    await banner.waitFor();
    expect(await storedUser(page)).toBeNull();
    expect(await page.locator('form[action="/users/auth/google_oauth2"] input[name="redirect_to"]').inputValue()).toBe('/my/requests');
    await screenshot(page, 'oidc-cancelled');
  });
});

interface UserRow {
  name: string;
  password_hash: string | null;
  email_verified: boolean;
  attribution: Record<string, string> | null;
}

/** The users rows with this email, read from the server's database (restarts an embedded-database server). */
async function usersRows(server: RunningServer, email: string): Promise<UserRow[]> {
  return (await querySql<UserRow>(server, 'SELECT name, password_hash, email_verified, attribution FROM users WHERE lower(email) = lower($1)', [email])).rows;
}
