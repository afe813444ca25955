import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider, User } from '@showback/contract';
import { body, signIn, signUp, uniqueEmail } from './support/auth.ts';
import { providerUser, startOidcProvider, type ProviderUser, type TestOidcProvider } from './support/oidc-provider.ts';
import { RedirectBrowser } from './support/redirect-browser.ts';
import { userForIdentity } from '../src/modules/auth/oidc.service.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The app believes it is at PUBLIC_URL (the origin registered with the provider); the browser maps it to the port.
const PUBLIC_URL = 'http://app.test';
const callback = (provider: OAuthProvider) => `${PUBLIC_URL}/users/auth/${provider}/callback`;

let t: TestApp;
let google: TestOidcProvider;
let slack: TestOidcProvider;

beforeAll(async () => {
  // Google puts email and name into the ID token; the Slack stand-in answers them only at userinfo.
  google = await startOidcProvider({ redirectUri: callback('google_oauth2'), claimsInIdToken: true });
  slack = await startOidcProvider({ redirectUri: callback('slack_openid'), claimsInIdToken: false });
  t = await startTestApp({}, {
    PUBLIC_URL,
    GOOGLE_ISSUER: google.issuer,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    SLACK_ISSUER: slack.issuer,
    SLACK_CLIENT_ID: slack.clientId,
    SLACK_CLIENT_SECRET: slack.clientSecret,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await google?.close();
  await slack?.close();
});

/** A new browser that has loaded a page of the app: it holds the CSRF cookie and the meta tag's token. */
async function openBrowser(): Promise<{ browser: RedirectBrowser; csrf: string }> {
  const browser = new RedirectBrowser({ [PUBLIC_URL]: t.url });
  const res = await browser.request(`${PUBLIC_URL}/api/v1/csrf`);
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  return { browser, csrf: csrf_token };
}

const postForm = (browser: RedirectBrowser, provider: OAuthProvider, fields: Record<string, string>): Promise<Response> =>
  browser.request(`${PUBLIC_URL}/users/auth/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

interface Flow {
  browser: RedirectBrowser;
  /** Where the browser ended up on the app (path + query). */
  landed: string;
  hops: URL[];
}

/** Clicks the provider's button and lets every redirect happen; `tamper` may rewrite the callback URL first. */
async function signInWith(provider: OAuthProvider, who: ProviderUser | 'deny', extra: Record<string, string> = {}, tamper?: (callbackUrl: URL) => URL): Promise<Flow> {
  (provider === 'google_oauth2' ? google : slack).next(who);
  const { browser, csrf } = await openBrowser();
  const start = await postForm(browser, provider, { authenticity_token: csrf, ...extra });
  expect(start.status).toBe(303);
  const atCallback = (url: URL) => url.href.startsWith(callback(provider));
  const toCallback = await browser.follow(start, `${PUBLIC_URL}/users/auth/${provider}`, atCallback);
  const callbackUrl = toCallback.hops.at(-1)!;
  expect(atCallback(callbackUrl)).toBe(true);
  const target = tamper ? tamper(callbackUrl) : callbackUrl;
  const res = await browser.request(target);
  expect(res.status).toBe(303);
  const landed = new URL(res.headers.get('location')!, PUBLIC_URL);
  expect(landed.origin).toBe(PUBLIC_URL);
  return { browser, landed: `${landed.pathname}${landed.search}`, hops: [...toCallback.hops, landed] };
}

async function me(browser: RedirectBrowser): Promise<Response> {
  return browser.request(`${PUBLIC_URL}/api/v1/users/me`);
}

const usersWithEmail = (email: string) =>
  t.app.ctx.db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).execute();

describe('Google and Slack sign-in (OpenID Connect against a local oidc-provider)', () => {
  it('creates a verified owner with a new account on trial and a 30-day session for a new person', async () => {
    const person = providerUser({ name: 'Grace Hopper' });
    const flow = await signInWith('google_oauth2', person);
    expect(flow.landed).toBe('/dashboard');
    // The browser went to the provider with PKCE, state and nonce.
    const authorize = flow.hops[0]!;
    expect(authorize.origin).toBe(google.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(callback('google_oauth2'));

    const res = await me(flow.browser);
    expect(res.status).toBe(200);
    const user = (await res.json()) as User;
    expect(user).toMatchObject({ email: person.email, name: 'Grace Hopper', role: 'owner', must_change_password: false });
    expect(user.account.name).toBe("Grace Hopper's workspace");
    expect(user.account.trial_active).toBe(true);
    expect(user.account.onboarding_completed).toBe(false);

    const [row] = await usersWithEmail(person.email);
    expect(row).toMatchObject({ password_hash: null, email_verified: true });
    const identities = await t.app.ctx.db.selectFrom('identities').selectAll().where('user_id', '=', user.id).execute();
    expect(identities).toMatchObject([{ provider: 'google_oauth2', subject: person.sub, email: person.email }]);
  });

  it('sets a persistent session cookie and clears the pending sign-in cookie', async () => {
    const person = providerUser();
    google.next(person);
    const { browser, csrf } = await openBrowser();
    const start = await postForm(browser, 'google_oauth2', { authenticity_token: csrf });
    const pendingCookie = start.headers.getSetCookie().find((c) => c.startsWith('sb_oidc='));
    expect(pendingCookie).toMatch(/HttpOnly/i);
    expect(pendingCookie).toMatch(/SameSite=Lax/i);
    expect(pendingCookie).toMatch(/Path=\/users\/auth/i);
    const { hops } = await browser.follow(start, `${PUBLIC_URL}/users/auth/google_oauth2`, (u) => u.href.startsWith(callback('google_oauth2')));
    const done = await browser.request(hops.at(-1)!);
    const cookies = done.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('sb_session='))).toMatch(/Max-Age=2592000/);
    expect(cookies.find((c) => c.startsWith('sb_oidc='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(browser.cookies(PUBLIC_URL).sb_oidc).toBeUndefined();
  });

  it('signs the same identity in to the same user the next time', async () => {
    const person = providerUser();
    const first = await signInWith('google_oauth2', person);
    const firstUser = (await (await me(first.browser)).json()) as User;
    const accountsBefore = await t.app.ctx.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

    // The email changed at the provider meanwhile: the subject, not the email, identifies the person.
    const second = await signInWith('google_oauth2', { ...person, email: uniqueEmail('renamed') });
    expect(second.landed).toBe('/dashboard');
    const secondUser = (await (await me(second.browser)).json()) as User;
    expect(secondUser.id).toBe(firstUser.id);
    const accountsAfter = await t.app.ctx.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(accountsAfter.n)).toBe(Number(accountsBefore.n));
    expect(await usersWithEmail(person.email)).toHaveLength(1);
  });

  it('links an existing password user with the same verified email; the password keeps working', async () => {
    const existing = await signUp(t, { email: uniqueEmail('existing') });
    const flow = await signInWith('slack_openid', providerUser({ email: existing.user.email.toUpperCase() }));
    expect(flow.landed).toBe('/dashboard');
    const user = (await (await me(flow.browser)).json()) as User;
    expect(user.id).toBe(existing.user.id);
    expect(user.account.id).toBe(existing.user.account.id);
    const identities = await t.app.ctx.db.selectFrom('identities').select(['provider']).where('user_id', '=', existing.user.id).execute();
    expect(identities).toEqual([{ provider: 'slack_openid' }]);
    const [row] = await usersWithEmail(existing.user.email);
    expect(row!.email_verified).toBe(true);
    await signIn(t, existing.user.email, existing.password);
  });

  it('two callbacks for one new person at the same moment end on one user and one account', async () => {
    const person = providerUser();
    const profile = { subject: person.sub, email: person.email, name: person.name };
    const ids = await Promise.all([1, 2, 3].map(() => userForIdentity(t.app.ctx, 'google_oauth2', profile)));
    expect(new Set(ids).size).toBe(1);
    expect(await usersWithEmail(person.email)).toHaveLength(1);
    const orphans = await sql<{ n: number }>`select count(*)::int as n from accounts a where not exists (select 1 from users u where u.account_id = a.id)`.execute(t.app.ctx.db);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });

  it('refuses an email the provider has not verified: nobody is created or signed in', async () => {
    const person = providerUser({ email_verified: false });
    const flow = await signInWith('slack_openid', person);
    expect(flow.landed).toBe('/sign-in?error=email_not_verified');
    expect(flow.browser.cookies(PUBLIC_URL).sb_session).toBeUndefined();
    expect(await usersWithEmail(person.email)).toHaveLength(0);
    expect((await me(flow.browser)).status).toBe(401);
  });

  it('refuses an unverified email even when a user with that email exists', async () => {
    const existing = await signUp(t, { email: uniqueEmail('victim') });
    const flow = await signInWith('google_oauth2', providerUser({ email: existing.user.email, email_verified: false }));
    expect(flow.landed).toBe('/sign-in?error=email_not_verified');
    const linked = await t.app.ctx.db.selectFrom('identities').select('id').where('user_id', '=', existing.user.id).execute();
    expect(linked).toHaveLength(0);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const person = providerUser();
    const flow = await signInWith('google_oauth2', person, {}, (url) => {
      const tampered = new URL(url);
      tampered.searchParams.set('state', `${url.searchParams.get('state')}x`);
      return tampered;
    });
    expect(flow.landed).toBe('/sign-in?error=oauth_failed');
    expect(flow.browser.cookies(PUBLIC_URL).sb_session).toBeUndefined();
    expect(await usersWithEmail(person.email)).toHaveLength(0);
  });

  it('refuses a callback with a forged pending-sign-in cookie, or none (another browser)', async () => {
    const person = providerUser();
    google.next(person);
    const { browser, csrf } = await openBrowser();
    const start = await postForm(browser, 'google_oauth2', { authenticity_token: csrf });
    const { hops } = await browser.follow(start, `${PUBLIC_URL}/users/auth/google_oauth2`, (u) => u.href.startsWith(callback('google_oauth2')));
    const callbackUrl = hops.at(-1)!;

    const stranger = new RedirectBrowser({ [PUBLIC_URL]: t.url });
    const withoutCookie = await stranger.request(callbackUrl);
    expect(withoutCookie.headers.get('location')).toBe('/sign-in?error=oauth_failed');

    const cookie = browser.cookies(PUBLIC_URL).sb_oidc!;
    const [payload, signature] = [cookie.slice(0, cookie.lastIndexOf('.')), cookie.slice(cookie.lastIndexOf('.'))];
    const pending = JSON.parse(Buffer.from(decodeURIComponent(payload), 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...pending, redirectTo: '/admin' })).toString('base64url');
    browser.setCookie(PUBLIC_URL, 'sb_oidc', `${forged}${signature}`);
    const res = await browser.request(callbackUrl);
    expect(res.headers.get('location')).toBe('/sign-in?error=oauth_failed');
    expect(await usersWithEmail(person.email)).toHaveLength(0);
  });

  it('refuses a form post without the CSRF token, or with a wrong one, before going to the provider', async () => {
    const { browser, csrf } = await openBrowser();
    const missing = await postForm(browser, 'google_oauth2', {});
    expect(missing.status).toBe(403);
    expect(missing.headers.get('location')).toBeNull();
    expect(await body(missing)).toMatchObject({ code: 'CSRF_INVALID' });
    const wrong = await postForm(browser, 'slack_openid', { authenticity_token: `${csrf.split('.')[0]}.forged` });
    expect(wrong.status).toBe(403);
    // A token issued to another browser does not work with this one's cookie.
    const other = await openBrowser();
    expect((await postForm(browser, 'google_oauth2', { authenticity_token: other.csrf })).status).toBe(403);
  });

  it('sends a person who declines at the provider back to sign-in with oauth_failed', async () => {
    const flow = await signInWith('google_oauth2', 'deny');
    expect(flow.landed).toBe('/sign-in?error=oauth_failed');
    expect(flow.browser.cookies(PUBLIC_URL).sb_session).toBeUndefined();
  });

  it('keeps redirect_to on the way back to sign-in after a failure, so trying again still lands there', async () => {
    const denied = await signInWith('google_oauth2', 'deny', { redirect_to: '/my/requests?status=open' });
    expect(denied.landed).toBe(`/sign-in?error=oauth_failed&redirect_to=${encodeURIComponent('/my/requests?status=open')}`);
    const unverified = await signInWith('slack_openid', providerUser({ email_verified: false }), { redirect_to: '/my/account' });
    expect(unverified.landed).toBe('/sign-in?error=email_not_verified&redirect_to=%2Fmy%2Faccount');
    const unsafe = await signInWith('google_oauth2', 'deny', { redirect_to: '//evil.test/' });
    expect(unsafe.landed).toBe('/sign-in?error=oauth_failed');
  });

  it('lands on a redirect_to path kept through the flow, never on another site', async () => {
    const kept = await signInWith('google_oauth2', providerUser(), { redirect_to: '/requests?status=open' });
    expect(kept.landed).toBe('/requests?status=open');
    for (const unsafe of ['//evil.test/x', 'https://evil.test/', '/\\evil.test']) {
      const flow = await signInWith('google_oauth2', providerUser(), { redirect_to: unsafe });
      expect(flow.landed).toBe('/dashboard');
    }
  });

  it('keeps redirect_to server-side: a new person lands on it, and nothing in the provider round trip can change it', async () => {
    const flow = await signInWith('slack_openid', providerUser(), { redirect_to: '/de/requests?status=open' }, (url) => {
      const tampered = new URL(url);
      tampered.searchParams.set('redirect_to', '//evil.test/');
      return tampered;
    });
    expect(flow.landed).toBe('/de/requests?status=open');
    // The path is not in anything the provider sees (authorize URL, state).
    expect(flow.hops[0]!.href).not.toContain('requests');
    expect((await me(flow.browser)).status).toBe(200);
  });

  it('stores the sign-up attribution on a person the sign-in creates: trimmed, empty, unknown and over-long fields left out', async () => {
    const person = providerUser();
    const flow = await signInWith('google_oauth2', person, {
      utm_source: '  newsletter ',
      utm_medium: 'email',
      utm_campaign: '',
      utm_term: 'x'.repeat(256),
      ref: 'friend',
      via: 'partner',
      utm_other: 'ignored',
    });
    expect(flow.landed).toBe('/dashboard');
    const [row] = await usersWithEmail(person.email);
    expect(row!.attribution).toEqual({ utm_source: 'newsletter', utm_medium: 'email', ref: 'friend', via: 'partner' });
  });

  it('applies attribution only when the sign-in creates the user: not to a linked user, not on a later sign-in', async () => {
    const existing = await signUp(t, { email: uniqueEmail('attributed') });
    await signInWith('google_oauth2', providerUser({ email: existing.user.email }), { utm_source: 'late' });
    const [linked] = await usersWithEmail(existing.user.email);
    expect(linked!.attribution).toBeNull();

    const person = providerUser();
    await signInWith('slack_openid', person, { utm_source: 'first' });
    await signInWith('slack_openid', person, { utm_source: 'second', ref: 'again' });
    const [created] = await usersWithEmail(person.email);
    expect(created!.attribution).toEqual({ utm_source: 'first' });
  });

  it('keeps the pending cookie under the browser limit with every field at its maximum (attribution dropped, sign-in works)', async () => {
    const person = providerUser();
    google.next(person);
    const { browser, csrf } = await openBrowser();
    const huge = Object.fromEntries(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'ref', 'via'].map((f) => [f, 'é'.repeat(255)]));
    const start = await postForm(browser, 'google_oauth2', { authenticity_token: csrf, redirect_to: `/requests?q=${'a'.repeat(1500)}`, ...huge });
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('sb_oidc='))!;
    expect(cookie.split(';')[0]!.length).toBeLessThan(4096);
    const { hops } = await browser.follow(start, `${PUBLIC_URL}/users/auth/google_oauth2`, (u) => u.href.startsWith(callback('google_oauth2')));
    const done = await browser.request(hops.at(-1)!);
    expect(done.headers.get('location')).toBe(`/requests?q=${'a'.repeat(1500)}`);
    const [row] = await usersWithEmail(person.email);
    expect(row!.attribution).toBeNull();
  });

  it('lets the sign-in form be redirected to a plain-http provider on this machine (CSP form-action), and only to that', async () => {
    const res = await fetch(`${t.url}/api/v1/csrf`);
    const formAction = /form-action ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(formAction).toEqual(["'self'", 'https:', google.issuer, slack.issuer]);
  });

  it('answers provider_not_configured for a provider without a client id', async () => {
    const bare = await startTestApp({}, { PUBLIC_URL });
    try {
      for (const provider of ['google_oauth2', 'slack_openid'] as const) {
        const browser = new RedirectBrowser({ [PUBLIC_URL]: bare.url });
        const { csrf_token } = (await (await browser.request(`${PUBLIC_URL}/api/v1/csrf`)).json()) as { csrf_token: string };
        const res = await postForm(browser, provider, { authenticity_token: csrf_token });
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/sign-in?error=provider_not_configured');
      }
    } finally {
      await bare.close();
    }
  });

  it('answers oauth_failed when the provider cannot be reached', async () => {
    const down = await startTestApp({}, { PUBLIC_URL, GOOGLE_ISSUER: 'http://127.0.0.1:9', GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y' });
    try {
      const browser = new RedirectBrowser({ [PUBLIC_URL]: down.url });
      const { csrf_token } = (await (await browser.request(`${PUBLIC_URL}/api/v1/csrf`)).json()) as { csrf_token: string };
      const res = await postForm(browser, 'google_oauth2', { authenticity_token: csrf_token });
      expect(res.headers.get('location')).toBe('/sign-in?error=oauth_failed');
    } finally {
      await down.close();
    }
  });
});
