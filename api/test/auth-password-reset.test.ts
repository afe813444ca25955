import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { anonymousSession, body, signIn, signUp, signUpSysadmin, uniqueEmail, type SignedUp } from './support/auth.ts';
import { linkIn, waitForMail, type Mail } from './support/mailbox.ts';

const tokenOf = (mail: Mail): string => linkIn(mail).searchParams.get('reset_password_token')!;

describe('forgot password', () => {
  let t: TestApp;
  let admin: SignedUp;
  beforeAll(async () => {
    t = await startTestApp({}, { PUBLIC_URL: 'http://app.example.test' });
    admin = await signUpSysadmin(t);
  });
  afterAll(() => t.close());

  const request = async (email: string) => {
    const browser = await anonymousSession(t);
    return fetch(`${t.url}/api/v1/users/password`, { method: 'POST', headers: browser.headers, body: JSON.stringify({ email }) });
  };
  const reset = async (payload: Record<string, string>) => {
    const browser = await anonymousSession(t);
    return fetch(`${t.url}/api/v1/users/password`, { method: 'PUT', headers: browser.headers, body: JSON.stringify(payload) });
  };

  it('end to end: link from the local mailbox sets a new password, ends old sessions, works once', async () => {
    const me = await signUp(t);
    const other = await signIn(t, me.user.email, me.password, '1');
    const res = await request(me.user.email.toUpperCase());
    expect(res.status).toBe(202);
    const [mail] = await waitForMail(t, admin, me.user.email);
    expect(mail!.subject).toMatch(/reset/i);
    expect(mail!.text).toContain('http://app.example.test/users/password/edit?reset_password_token=');
    const token = tokenOf(mail!);

    const stored = await t.app.ctx.db.selectFrom('password_resets').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);

    const done = await reset({ reset_password_token: token, password: 'fresh password', password_confirmation: 'fresh password' });
    expect(done.status).toBe(200);
    expect(await body(done)).toMatchObject({ email: me.user.email });
    expect(done.headers.getSetCookie().some((c) => c.startsWith('sb_session='))).toBe(true);

    for (const old of [me, other]) expect((await fetch(`${t.url}/api/v1/users/me`, { headers: old.headers })).status).toBe(401);
    await expect(signIn(t, me.user.email, me.password)).rejects.toThrow(/401/);
    await signIn(t, me.user.email, 'fresh password');

    const again = await reset({ reset_password_token: token, password: 'third password', password_confirmation: 'third password' });
    expect(again.status).toBe(422);
    expect(await body(again)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { reset_password_token: ['is invalid or has expired'] } });

    const page = await (await fetch(`${t.url}/dev/mailbox`, { headers: admin.headers })).text();
    expect(page).toContain('Reset your Showback password');
  });

  it('answers 202 for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await request(email);
    expect(res.status).toBe(202);
    const known = await signUp(t);
    const res2 = await request(known.user.email);
    expect(await body(res2)).toEqual(await body(await request(email)));
    await waitForMail(t, admin, known.user.email);
    const all = (await body(await fetch(`${t.url}/dev/mailbox/messages.json`, { headers: admin.headers }))) as Mail[];
    expect(all.some((m) => m.to === email)).toBe(false);
  });

  it('refuses an expired token, an unknown token and a mismatched confirmation with 422', async () => {
    const me = await signUp(t);
    await request(me.user.email);
    const token = tokenOf((await waitForMail(t, admin, me.user.email))[0]!);
    const mismatch = await reset({ reset_password_token: token, password: 'abcdefg1', password_confirmation: 'abcdefg2' });
    expect(await body(mismatch)).toMatchObject({ errors: { password_confirmation: ["doesn't match Password"] } });

    await t.app.ctx.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const expired = await reset({ reset_password_token: token, password: 'abcdefg1', password_confirmation: 'abcdefg1' });
    expect(expired.status).toBe(422);
    expect(await body(expired)).toMatchObject({ errors: { reset_password_token: ['is invalid or has expired'] } });

    const unknown = await reset({ reset_password_token: 'made-up', password: 'abcdefg1', password_confirmation: 'abcdefg1' });
    expect(unknown.status).toBe(422);
    const missing = await reset({ password: 'abcdefg1' } as never);
    expect(missing.status).toBe(422);
    expect(await body(missing)).toMatchObject({ errors: { reset_password_token: ["can't be blank"] } });
    await signIn(t, me.user.email, me.password);
  });
});
