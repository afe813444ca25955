import crypto from 'node:crypto';
import type { SignUpBody, User } from '@showback/contract';
import { hashPassword } from '../../src/modules/auth/password.ts';
import type { TestApp } from './test-app.ts';

/** name=value pairs from a response's Set-Cookie headers (attributes dropped). */
export function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    out[pair!.slice(0, eq).trim()] = pair!.slice(eq + 1).trim();
  }
  return out;
}

/** A cookie jar as a Cookie header value. */
export const cookieHeader = (jar: Record<string, string>): string =>
  Object.entries(jar)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

export interface BrowserSession {
  /** Cookie header value (CSRF cookie, plus the session cookie once signed in). */
  cookie: string;
  csrf: string;
  /** Ready for fetch: Cookie, X-CSRF-Token and a JSON content type. */
  headers: Record<string, string>;
  jar: Record<string, string>;
}

/** What a browser has after loading a page: the CSRF cookie and the token from the meta tag. */
export async function anonymousSession(t: Pick<TestApp, 'url'>): Promise<BrowserSession> {
  const res = await fetch(`${t.url}/api/v1/csrf`);
  if (!res.ok) throw new Error(`GET /api/v1/csrf answered ${res.status}`);
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  return sessionFrom(cookiesOf(res), csrf_token);
}

export function sessionFrom(jar: Record<string, string>, csrf: string): BrowserSession {
  const cookie = cookieHeader(jar);
  return { jar, cookie, csrf, headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' } };
}

export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.test`;

export function signUpPayload(overrides: Partial<SignUpBody> = {}): SignUpBody {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    account_name: 'Analytical Engines',
    password: 'correct horse battery',
    password_confirmation: overrides.password ?? 'correct horse battery',
    invitation_token: null,
    ...overrides,
  };
}

export interface SignedUp extends BrowserSession {
  user: User;
  password: string;
}

/** Signs up a new owner with a new account through the API; the returned headers act as that user. */
export async function signUp(t: Pick<TestApp, 'url'>, overrides: Partial<SignUpBody> = {}): Promise<SignedUp> {
  const browser = await anonymousSession(t);
  const payload = signUpPayload(overrides);
  const res = await fetch(`${t.url}/api/v1/users/sign_up`, { method: 'POST', headers: browser.headers, body: JSON.stringify(payload) });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const user = (await res.json()) as User;
  return { ...sessionFrom({ ...browser.jar, ...cookiesOf(res) }, browser.csrf), user, password: payload.password };
}

/** Signs up a new owner and makes them a system admin (as the first start does for ADMIN_EMAIL). */
export async function signUpSysadmin(t: Pick<TestApp, 'url' | 'app'>): Promise<SignedUp> {
  const admin = await signUp(t);
  await t.app.ctx.db.updateTable('users').set({ is_sysadmin: true }).where('id', '=', admin.user.id).execute();
  return { ...admin, user: { ...admin.user, is_sysadmin: true } };
}

/** Signs in through the API from a fresh browser. */
export async function signIn(t: Pick<TestApp, 'url'>, email: string, password: string, rememberMe: '1' | '0' = '0'): Promise<SignedUp & { response: Response }> {
  const browser = await anonymousSession(t);
  const res = await fetch(`${t.url}/api/v1/users/sign_in`, { method: 'POST', headers: browser.headers, body: JSON.stringify({ email, password, remember_me: rememberMe }) });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const user = (await res.clone().json()) as User;
  return { ...sessionFrom({ ...browser.jar, ...cookiesOf(res) }, browser.csrf), user, password, response: res };
}

/** Adds a user with `role` to the owner's account straight in the database (no invitation) and signs them in. */
export async function addTeammate(t: Pick<TestApp, 'url' | 'app'>, owner: SignedUp, role: 'admin' | 'member' = 'member'): Promise<SignedUp> {
  const email = uniqueEmail(role);
  await t.app.ctx.db
    .insertInto('users')
    .values({ account_id: owner.user.account.id, email, name: 'Teammate', role, password_hash: await hashPassword('teammate pass') })
    .execute();
  return signIn(t, email, 'teammate pass');
}

/** A response body for assertions; tests check its shape with expect(). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const body = (res: Response): Promise<any> => res.json();
