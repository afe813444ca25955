import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { anonymousSession, body, cookiesOf, signIn, signUp, signUpPayload, uniqueEmail } from './support/auth.ts';

describe('users: sign-up, sign-in, me, sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (path: string, headers: Record<string, string>, body: unknown, method = 'POST') =>
    fetch(`${t.url}${path}`, { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('signs up an owner with a new account, stores attribution and starts a session', async () => {
    const browser = await anonymousSession(t);
    const payload = signUpPayload({ utm_source: '  newsletter ', utm_medium: '', utm_campaign: null, ref: 'friend', via: 'x' });
    const res = await post('/api/v1/users/sign_up', browser.headers, payload);
    expect(res.status).toBe(201);
    const user = await body(res);
    expect(user).toMatchObject({
      name: payload.name,
      email: payload.email,
      role: 'owner',
      is_sysadmin: false,
      must_change_password: false,
      account: { name: 'Analytical Engines', onboarding_completed: false, plan: 'free', billing_interval: 'monthly' },
      warnings: [],
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sb_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Max-Age/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const row = await t.app.ctx.db.selectFrom('users').select(['attribution', 'password_hash']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.attribution).toEqual({ utm_source: 'newsletter', ref: 'friend', via: 'x' });
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const token = cookiesOf(res).sb_session!;
    const session = await t.app.ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(session.token_hash).not.toContain(token);

    const me = await fetch(`${t.url}/api/v1/users/me`, { headers: { cookie: `sb_session=${token}` } });
    expect(me.status).toBe(200);
    expect(await body(me)).toEqual(user);
  });

  it('names the account after the user when account_name is empty', async () => {
    const { user } = await signUp(t, { name: 'Grace', account_name: '' });
    expect(user.account.name).toBe("Grace's workspace");
  });

  it('answers GET /users/me without a session with 401 UNAUTHENTICATED', async () => {
    const res = await fetch(`${t.url}/api/v1/users/me`);
    expect(res.status).toBe(401);
    expect(await body(res)).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    const forged = await fetch(`${t.url}/api/v1/users/me`, { headers: { cookie: 'sb_session=forged-token' } });
    expect(forged.status).toBe(401);
  });

  it('signs in with remember_me 1 as a 30-day cookie and with 0 as a browser-session cookie', async () => {
    const { user, password } = await signUp(t);
    const remembered = await signIn(t, user.email.toUpperCase(), password, '1');
    const persistent = remembered.response.headers.getSetCookie().find((c) => c.startsWith('sb_session='))!;
    expect(persistent).toMatch(/Max-Age=2592000/);
    expect(remembered.user.id).toBe(user.id);
    const browserOnly = await signIn(t, user.email, password, '0');
    const sessionCookie = browserOnly.response.headers.getSetCookie().find((c) => c.startsWith('sb_session='))!;
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);
    for (const s of [remembered, browserOnly]) {
      const me = await fetch(`${t.url}/api/v1/users/me`, { headers: s.headers });
      expect(me.status).toBe(200);
    }
  });

  it('reads the session without writing it on each request; a browser session idle for over an hour is extended once', async () => {
    const me = await signUp(t);
    const session = () => t.app.ctx.db.selectFrom('sessions').select(['id', 'expires_at']).where('user_id', '=', me.user.id).executeTakeFirstOrThrow();
    const before = await session();
    for (const path of ['/api/v1/users/me', '/api/v1/users/me', '/api/v1/billing']) {
      expect((await fetch(`${t.url}${path}`, { headers: me.headers })).status).toBe(200);
    }
    expect((await session()).expires_at).toEqual(before.expires_at);

    const stale = new Date(Date.now() + 20 * 60 * 60 * 1000);
    for (const path of ['/api/v1/users/me', '/api/v1/billing']) {
      await t.app.ctx.db.updateTable('sessions').set({ expires_at: stale }).where('id', '=', before.id).execute();
      expect((await fetch(`${t.url}${path}`, { headers: me.headers })).status).toBe(200);
      const extended = new Date((await session()).expires_at).getTime();
      expect(extended).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
    }
    await t.app.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', before.id).execute();
    const expired = await fetch(`${t.url}/api/v1/users/me`, { headers: me.headers });
    expect(expired.status).toBe(401);
    expect(await body(expired)).toMatchObject({ code: 'UNAUTHENTICATED', message: 'You need to sign in or sign up before continuing.' });
  });

  it('rejects a wrong password or unknown email with 401 INVALID_CREDENTIALS and no field errors', async () => {
    const { user } = await signUp(t);
    const browser = await anonymousSession(t);
    for (const credentials of [{ email: user.email, password: 'wrong password' }, { email: uniqueEmail('nobody'), password: 'whatever1' }]) {
      const res = await post('/api/v1/users/sign_in', browser.headers, { ...credentials, remember_me: '0' });
      expect(res.status).toBe(401);
      const json = await body(res);
      expect(json).toMatchObject({ statusCode: 401, code: 'INVALID_CREDENTIALS', error: 'Unauthorized' });
      expect(json.errors).toBeUndefined();
      expect(res.headers.getSetCookie().some((c) => c.startsWith('sb_session='))).toBe(false);
    }
  });

  it('signs out: the session stops working and the cookie is cleared', async () => {
    const me = await signUp(t);
    const res = await fetch(`${t.url}/api/v1/users/sign_out`, { method: 'DELETE', headers: { cookie: me.cookie, 'x-csrf-token': me.csrf } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sb_session='))).toMatch(/sb_session=;/);
    const after = await fetch(`${t.url}/api/v1/users/me`, { headers: me.headers });
    expect(after.status).toBe(401);
  });

  describe('CSRF', () => {
    it('refuses state-changing calls without a token or with an invalid one: 403 CSRF_INVALID', async () => {
      const browser = await anonymousSession(t);
      const payload = signUpPayload();
      const cases: Record<string, string>[] = [
        { cookie: browser.cookie, 'content-type': 'application/json' },
        { cookie: browser.cookie, 'content-type': 'application/json', 'x-csrf-token': 'abc.def' },
        { cookie: browser.cookie, 'content-type': 'application/json', 'x-csrf-token': `${browser.csrf}x` },
        // A valid token from another browser does not fit this browser's cookie.
        { cookie: 'sb_csrf=someoneelsescookie123', 'content-type': 'application/json', 'x-csrf-token': browser.csrf },
        { 'content-type': 'application/json', 'x-csrf-token': browser.csrf },
      ];
      for (const headers of cases) {
        const res = await post('/api/v1/users/sign_up', headers, payload);
        expect(res.status).toBe(403);
        expect(await body(res)).toMatchObject({ statusCode: 403, code: 'CSRF_INVALID' });
      }
      const count = await t.app.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('email', '=', payload.email).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('does not require a token for GET', async () => {
      const me = await signUp(t);
      const res = await fetch(`${t.url}/api/v1/users/me`, { headers: { cookie: me.cookie } });
      expect(res.status).toBe(200);
    });

    it('checks CSRF on sign-out and on PUT /users/me too', async () => {
      const me = await signUp(t);
      const out = await fetch(`${t.url}/api/v1/users/sign_out`, { method: 'DELETE', headers: { cookie: me.cookie } });
      expect(out.status).toBe(403);
      const put = await post('/api/v1/users/me', { cookie: me.cookie, 'content-type': 'application/json' }, { name: 'X' }, 'PUT');
      expect(put.status).toBe(403);
    });
  });

  describe('bad input', () => {
    it('malformed JSON → 400 with the one error body', async () => {
      const browser = await anonymousSession(t);
      const res = await post('/api/v1/users/sign_up', browser.headers, '{"name": "x",');
      expect(res.status).toBe(400);
      expect(await body(res)).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
    });

    it('missing fields, overlong strings and wrong types → 422 with messages per field, nothing written', async () => {
      const browser = await anonymousSession(t);
      const before = await t.app.ctx.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const missing = await post('/api/v1/users/sign_up', browser.headers, { name: 'A' });
      expect(missing.status).toBe(422);
      const m = await body(missing);
      expect(m).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
      expect(m.errors.email).toEqual(["can't be blank"]);
      expect(m.errors.password).toEqual(["can't be blank"]);

      const long = await post('/api/v1/users/sign_up', browser.headers, signUpPayload({ name: 'n'.repeat(101), account_name: 'a'.repeat(101), email: `${'e'.repeat(250)}@x.io` }));
      expect(long.status).toBe(422);
      const l = await body(long);
      expect(l.errors.name).toEqual(['is too long (maximum is 100 characters)']);
      expect(l.errors.account_name).toEqual(['is too long (maximum is 100 characters)']);
      expect(l.errors.email).toBeDefined();

      const types = await post('/api/v1/users/sign_up', browser.headers, { ...signUpPayload(), name: { first: 'x' }, email: { a: 1 }, password: 12 });
      expect(types.status).toBe(422);
      const ty = await body(types);
      expect(Object.keys(ty.errors)).toEqual(expect.arrayContaining(['name', 'email']));

      const short = await post('/api/v1/users/sign_up', browser.headers, signUpPayload({ password: '12345', password_confirmation: '12345' }));
      expect((await body(short)).errors.password).toEqual(['is too short (minimum is 6 characters)']);

      const blank = await post('/api/v1/users/sign_up', browser.headers, signUpPayload({ name: '   ' }));
      expect((await body(blank)).errors.name).toEqual(["can't be blank"]);

      const mismatch = await post('/api/v1/users/sign_up', browser.headers, signUpPayload({ password: 'abcdefgh', password_confirmation: 'abcdefgX' }));
      expect(mismatch.status).toBe(422);
      expect((await body(mismatch)).errors.password_confirmation).toEqual(["doesn't match Password"]);

      const after = await t.app.ctx.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('duplicate email (any case) → 422 errors.email, and no orphan account', async () => {
      const first = await signUp(t);
      const before = await t.app.ctx.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const browser = await anonymousSession(t);
      const res = await post('/api/v1/users/sign_up', browser.headers, signUpPayload({ email: first.user.email.toUpperCase() }));
      expect(res.status).toBe(422);
      expect(await body(res)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: ['has already been taken'] } });
      const after = await t.app.ctx.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('two simultaneous sign-ups with one email: one wins, the other gets 422, one account', async () => {
      const email = uniqueEmail('race');
      const browsers = await Promise.all([anonymousSession(t), anonymousSession(t)]);
      const results = await Promise.all(browsers.map((b) => post('/api/v1/users/sign_up', b.headers, signUpPayload({ email }))));
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      const rows = await t.app.ctx.db.selectFrom('users').select('account_id').where(sql<string>`lower(email)`, '=', email).execute();
      expect(rows).toHaveLength(1);
      const orphans = await sql<{ n: number }>`select count(*)::int as n from accounts a where not exists (select 1 from users u where u.account_id = a.id)`.execute(t.app.ctx.db);
      expect(Number(orphans.rows[0]!.n)).toBe(0);
    });

    it('an invitation token that matches no invitation → 422 errors.invitation_token, nothing created', async () => {
      const browser = await anonymousSession(t);
      const payload = signUpPayload({ invitation_token: 'nope' });
      const res = await post('/api/v1/users/sign_up', browser.headers, payload);
      expect(res.status).toBe(422);
      const json = await body(res);
      expect(json.message).toBe('This invitation is not valid or has expired.');
      expect(json.errors).toEqual({ invitation_token: ['This invitation is not valid or has expired.'] });
      const rows = await t.app.ctx.db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', payload.email).execute();
      expect(rows).toHaveLength(0);
    });
  });

  describe('PUT /users/me', () => {
    it('updates the name and ignores the rest of a user object sent back', async () => {
      const me = await signUp(t);
      const res = await post('/api/v1/users/me', me.headers, { ...me.user, name: 'New Name', role: 'admin', is_sysadmin: true }, 'PUT');
      expect(res.status).toBe(200);
      const updated = await body(res);
      expect(updated).toMatchObject({ name: 'New Name', role: 'owner', is_sysadmin: false });
    });

    it('answers field errors: blank name, taken email, missing or wrong current password, mismatched confirmation', async () => {
      const other = await signUp(t);
      const me = await signUp(t);
      const blank = await post('/api/v1/users/me', me.headers, { name: ' ' }, 'PUT');
      expect(blank.status).toBe(422);
      expect((await body(blank)).errors).toEqual({ name: ["can't be blank"] });

      const taken = await post('/api/v1/users/me', me.headers, { email: other.user.email, current_password: me.password }, 'PUT');
      expect((await body(taken)).errors).toEqual({ email: ['has already been taken'] });

      const noCurrent = await post('/api/v1/users/me', me.headers, { email: uniqueEmail() }, 'PUT');
      expect((await body(noCurrent)).errors).toEqual({ current_password: ["can't be blank"] });

      const wrong = await post('/api/v1/users/me', me.headers, { password: 'newpassword', password_confirmation: 'newpassword', current_password: 'nope' }, 'PUT');
      expect((await body(wrong)).errors).toEqual({ current_password: ['is invalid'] });

      const mismatch = await post('/api/v1/users/me', me.headers, { password: 'newpassword', password_confirmation: 'other', current_password: me.password }, 'PUT');
      expect((await body(mismatch)).errors).toEqual({ password_confirmation: ["doesn't match Password"] });

      const badEmail = await post('/api/v1/users/me', me.headers, { email: 'not-an-email' }, 'PUT');
      expect((await body(badEmail)).errors).toEqual({ email: ['is invalid'] });

      const unchanged = await fetch(`${t.url}/api/v1/users/me`, { headers: me.headers });
      expect((await body(unchanged)).email).toBe(me.user.email);
    });

    it('changes the password: the old one stops working and other sessions end, this one stays', async () => {
      const me = await signUp(t);
      const elsewhere = await signIn(t, me.user.email, me.password);
      const res = await post('/api/v1/users/me', me.headers, { password: 'brand new pass', password_confirmation: 'brand new pass', current_password: me.password }, 'PUT');
      expect(res.status).toBe(200);
      expect((await fetch(`${t.url}/api/v1/users/me`, { headers: me.headers })).status).toBe(200);
      expect((await fetch(`${t.url}/api/v1/users/me`, { headers: elsewhere.headers })).status).toBe(401);
      await expect(signIn(t, me.user.email, me.password)).rejects.toThrow(/401/);
      await signIn(t, me.user.email, 'brand new pass');
    });
  });

  it("a session only ever shows its own user and account", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const asA = await body((await fetch(`${t.url}/api/v1/users/me`, { headers: a.headers })));
    const asB = await body((await fetch(`${t.url}/api/v1/users/me`, { headers: b.headers })));
    expect(asA.account.id).toBe(a.user.account.id);
    expect(asB.account.id).toBe(b.user.account.id);
    expect(asA.account.id).not.toBe(asB.account.id);
  });
});
