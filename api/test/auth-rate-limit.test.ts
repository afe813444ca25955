import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { anonymousSession, body, signUp, signUpPayload, uniqueEmail } from './support/auth.ts';
import { incrementCounter } from '../src/plugins/rate-limit.ts';

describe('rate limits on sign-in, sign-up and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { RATE_LIMIT_PER_IP: '8', RATE_LIMIT_PER_EMAIL: '3' });
  });
  afterAll(() => t.close());

  const post = async (path: string, payload: unknown) => {
    const browser = await anonymousSession(t);
    return fetch(`${t.url}${path}`, { method: 'POST', headers: browser.headers, body: JSON.stringify(payload) });
  };

  it('per email: the 4th sign-in attempt for one address is 429 with the one error body, even with the right password', async () => {
    const me = await signUp(t);
    for (let i = 0; i < 3; i++) expect((await post('/api/v1/users/sign_in', { email: me.user.email, password: 'wrong guess' })).status).toBe(401);
    const limited = await post('/api/v1/users/sign_in', { email: me.user.email.toUpperCase(), password: me.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await body(limited)).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests' });
    // Another address from the same IP is still allowed.
    const other = await signUp(t);
    expect((await post('/api/v1/users/sign_in', { email: other.user.email, password: other.password })).status).toBe(200);
  });

  it('per IP: many addresses from one IP hit the IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await post('/api/v1/users/password', { email: uniqueEmail('spray') })).status);
    expect(statuses.slice(0, 8).every((s) => s === 202)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('sign-up is limited per email too, and a limited sign-up writes nothing', async () => {
    const email = uniqueEmail('signup');
    for (let i = 0; i < 3; i++) await post('/api/v1/users/sign_up', signUpPayload({ email, password: 'long enough', password_confirmation: 'does not match' }));
    const limited = await post('/api/v1/users/sign_up', signUpPayload({ email }));
    expect(limited.status).toBe(429);
    const rows = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(0);
  });

  it('the counter window resets once it has expired', async () => {
    const key = `test:${uniqueEmail()}`;
    expect((await incrementCounter(t.app.ctx.db, key, 60_000)).current).toBe(1);
    const second = await incrementCounter(t.app.ctx.db, key, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(50_000);
    await t.app.ctx.db.updateTable('rate_limits').set({ expires_at: new Date(Date.now() - 1000) }).where('key', '=', key).execute();
    expect((await incrementCounter(t.app.ctx.db, key, 60_000)).current).toBe(1);
  });
});
