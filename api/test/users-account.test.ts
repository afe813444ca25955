import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { body, signIn, signUp, uniqueEmail } from './support/auth.ts';
import { hashPassword } from '../src/modules/auth/password.ts';

describe('account and onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, headers: Record<string, string>, payload?: unknown) =>
    fetch(`${t.url}${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) });

  it('the owner names the workspace, stores answers, and completes onboarding', async () => {
    const owner = await signUp(t);
    const res = await call('PUT', '/api/v1/account', owner.headers, { name: '  Acme Support ', company_size: 'small', use_case: 'support' });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ account: { name: 'Acme Support', onboarding_completed: false } });
    await call('PUT', '/api/v1/account', owner.headers, { use_case: 'qa' });
    const row = await t.app.ctx.db.selectFrom('accounts').select('details').where('id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.details).toEqual({ company_size: 'small', use_case: 'qa' });

    const done = await fetch(`${t.url}/api/v1/account/onboarding/complete`, { method: 'POST', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(done.status).toBe(200);
    expect(await body(done)).toMatchObject({ account: { onboarding_completed: true } });
    const me = await body(await fetch(`${t.url}/api/v1/users/me`, { headers: owner.headers }));
    expect(me.account.onboarding_completed).toBe(true);
  });

  it('refuses bad values with field errors', async () => {
    const owner = await signUp(t);
    const res = await call('PUT', '/api/v1/account', owner.headers, { name: '', company_size: 'huge', use_case: 'x'.repeat(20) });
    expect(res.status).toBe(422);
    const json = await body(res);
    expect(json.errors.name).toEqual(["can't be blank"]);
    expect(json.errors.company_size).toBeDefined();
    expect(json.errors.use_case).toBeDefined();
    const spaces = await call('PUT', '/api/v1/account', owner.headers, { name: '   ' });
    expect((await body(spaces)).errors).toEqual({ name: ["can't be blank"] });
  });

  it('a member may not change the account; a guest gets 401', async () => {
    const owner = await signUp(t);
    const email = uniqueEmail('member');
    await t.app.ctx.db
      .insertInto('users')
      .values({ account_id: owner.user.account.id, email, name: 'Member', role: 'member', password_hash: await hashPassword('member pass') })
      .execute();
    const member = await signIn(t, email, 'member pass');
    expect(member.user.role).toBe('member');
    expect(member.user.account.id).toBe(owner.user.account.id);
    const res = await call('PUT', '/api/v1/account', member.headers, { name: 'Taken over' });
    expect(res.status).toBe(403);
    expect(await body(res)).toMatchObject({ code: 'FORBIDDEN' });
    const complete = await fetch(`${t.url}/api/v1/account/onboarding/complete`, { method: 'POST', headers: { cookie: member.cookie, 'x-csrf-token': member.csrf } });
    expect(complete.status).toBe(403);
    const guest = await call('PUT', '/api/v1/account', { 'content-type': 'application/json', cookie: member.jar.sb_csrf ? `sb_csrf=${member.jar.sb_csrf}` : '', 'x-csrf-token': member.csrf }, { name: 'x' });
    expect(guest.status).toBe(401);
    const row = await t.app.ctx.db.selectFrom('accounts').select('name').where('id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(owner.user.account.name);
  });
});
