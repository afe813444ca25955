import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousSession, body, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { createRequest, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { videoLike } from './support/fixtures/media.ts';

const DAY_MS = 86_400_000;

describe('admin user and account detail: password reset, trial extension, enterprise limits', () => {
  let t: TestApp;
  let staff: SignedUp;
  let customer: SignedUp;
  const get = (path: string, who: SignedUp = staff) => fetch(`${t.url}${path}`, { headers: who.headers });
  const send = (method: string, path: string, payload: unknown, who: { headers: Record<string, string> } = staff) =>
    fetch(`${t.url}${path}`, { method, headers: who.headers, body: JSON.stringify(payload) });
  const auditOf = (targetId: string) =>
    t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'actor_email', 'target_type', 'before', 'after']).where('target_id', '=', targetId).orderBy('created_at').execute();
  const setAccount = (id: string, values: { plan?: string; trial_ends_at?: Date | null }) => t.app.ctx.db.updateTable('accounts').set(values).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
    staff = await signUpSysadmin(t);
    customer = await signUp(t, { name: 'Petra Profile', account_name: 'Profile Co' });
  });
  afterAll(() => t.close());

  it('shows a user: profile, sign-in methods, account with limits and members, support requests, chat and audit', async () => {
    await send('POST', '/api/v1/support-requests', { subject: 'Export fails', message: 'The MP4 export stops at 90 %.' }, customer);
    await send('POST', '/api/v1/chat/messages', { body: 'Hello team' }, customer);
    await send('POST', `/api/v1/admin/users/${customer.user.id}/disable`, {});
    await send('POST', `/api/v1/admin/users/${customer.user.id}/enable`, {});
    const res = await get(`/api/v1/admin/users/${customer.user.id}`);
    expect(res.status).toBe(200);
    const user = await body(res);
    expect(user).toMatchObject({
      id: customer.user.id,
      name: 'Petra Profile',
      email: customer.user.email,
      role: 'owner',
      is_sysadmin: false,
      disabled: false,
      has_password: true,
      identities: [],
      account: { name: 'Profile Co', plan: 'free', effective_plan: 'growth', trial_active: true, limits: { submission_limit: 250, retention_days: 90, seats: 2 }, members: [{ id: customer.user.id, role: 'owner' }], seats_used: 1, recording_requests: 0, submissions: 0 },
      support_requests: [{ subject: 'Export fails', status: 'open', replies: 0 }],
    });
    expect(user.chat).toMatchObject({ total: 1, messages: [{ author: 'customer', body: 'Hello team', author_name: 'Petra Profile' }] });
    expect(user.audit.map((a: { action: string }) => a.action)).toEqual(['user.enable', 'user.disable']);
  });

  it('emails a password reset link that works, audited without the token; refused for a disabled user', async () => {
    const res = await send('POST', `/api/v1/admin/users/${customer.user.id}/password-reset`, {});
    expect(res.status).toBe(204);
    const [mail] = (await waitForMail(t, staff, customer.user.email)).filter((m) => m.subject === 'Reset your Showback password');
    const token = linkIn(mail!).searchParams.get('reset_password_token')!;
    const guest = await anonymousSession(t);
    const reset = await send('PUT', '/api/v1/users/password', { reset_password_token: token, password: 'a new password 1', password_confirmation: 'a new password 1' }, guest);
    expect(reset.status).toBeLessThan(300);
    const audit = (await auditOf(customer.user.id)).filter((a) => a.action === 'user.password_reset');
    expect(audit).toEqual([{ action: 'user.password_reset', actor_email: staff.user.email, target_type: 'user', before: null, after: { email: customer.user.email } }]);
    expect(JSON.stringify(audit)).not.toContain(token);

    const locked = await signUp(t);
    await send('POST', `/api/v1/admin/users/${locked.user.id}/disable`, {});
    const refused = await send('POST', `/api/v1/admin/users/${locked.user.id}/password-reset`, {});
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: expect.stringContaining('disabled') });
    expect((await auditOf(locked.user.id)).map((a) => a.action)).toEqual(['user.disable']);
  });

  it('extends a free account’s trial by days or to a date, bounded and audited; paid accounts are refused', async () => {
    const owner = await signUp(t);
    const accountId = owner.user.account.id;
    const ended = new Date(Date.now() - 3 * DAY_MS);
    await setAccount(accountId, { trial_ends_at: ended });
    const byDays = await send('POST', `/api/v1/admin/accounts/${accountId}/trial`, { days: 14 });
    expect(byDays.status).toBe(200);
    const extended = await body(byDays);
    // An ended trial is extended from today, not from its past end.
    expect(Math.abs(new Date(extended.trial_ends_at).getTime() - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
    expect(extended).toMatchObject({ trial_active: true, effective_plan: 'growth' });

    const until = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    const toDate = await body(await send('POST', `/api/v1/admin/accounts/${accountId}/trial`, { until }));
    expect(toDate.trial_ends_at).toBe(`${until}T23:59:59.999Z`);

    const tooFar = await send('POST', `/api/v1/admin/accounts/${accountId}/trial`, { until: new Date(Date.now() + 200 * DAY_MS).toISOString().slice(0, 10) });
    expect(tooFar.status).toBe(422);
    expect(await body(tooFar)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { until: [expect.stringContaining('90 days')] } });
    // The refusal names the latest day in the admin's own format, never ISO.
    const latest = new Date(Date.now() + 90 * DAY_MS);
    const inGerman = await fetch(`${t.url}/api/v1/admin/accounts/${accountId}/trial`, { method: 'POST', headers: { ...staff.headers, 'accept-language': 'de-DE,de;q=0.9' }, body: JSON.stringify({ days: 90 }) });
    const refusal = await body(inGerman);
    expect(refusal.message).toBe(`A trial can end at most 90 days from today (${new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(latest)}).`);
    expect(refusal.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const earlier = await send('POST', `/api/v1/admin/accounts/${accountId}/trial`, { until: new Date(Date.now() + 5 * DAY_MS).toISOString().slice(0, 10) });
    expect(earlier.status).toBe(422);
    for (const bad of [{ days: 0 }, { days: 91 }, { days: 'ten' }, { until: 'tomorrow' }, {}, { days: 3, until: '2030-01-01' }]) {
      const res = await send('POST', `/api/v1/admin/accounts/${accountId}/trial`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(await body(res)).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
    }

    expect(await auditOf(accountId)).toEqual([
      { action: 'account.extend_trial', actor_email: staff.user.email, target_type: 'account', before: { trial_ends_at: ended.toISOString(), name: owner.user.account.name }, after: { trial_ends_at: extended.trial_ends_at } },
      { action: 'account.extend_trial', actor_email: staff.user.email, target_type: 'account', before: { trial_ends_at: extended.trial_ends_at, name: owner.user.account.name }, after: { trial_ends_at: `${until}T23:59:59.999Z` } },
    ]);

    await setAccount(accountId, { plan: 'growth' });
    const paid = await send('POST', `/api/v1/admin/accounts/${accountId}/trial`, { days: 7 });
    expect(paid.status).toBe(409);
    expect(await body(paid)).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Growth plan') });
    expect(await auditOf(accountId)).toHaveLength(2);
  });

  it('sets an enterprise account’s limits, audited, and enforces them on recordings, seats and billing state', async () => {
    const owner = await signUp(t);
    const accountId = owner.user.account.id;
    const limits = { submission_limit: 1, retention_days: 365, seats: 1 };
    const notEnterprise = await send('PUT', `/api/v1/admin/accounts/${accountId}/limits`, limits);
    expect(notEnterprise.status).toBe(409);
    expect(await body(notEnterprise)).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('only to enterprise accounts') });

    await setAccount(accountId, { plan: 'enterprise', trial_ends_at: null });
    const set = await send('PUT', `/api/v1/admin/accounts/${accountId}/limits`, limits);
    expect(set.status).toBe(200);
    expect(await body(set)).toMatchObject({ plan: 'enterprise', limits, enterprise_limits: limits });
    expect((await body(await get('/api/v1/users/me', owner))).account).toMatchObject({ effective_plan: 'enterprise', submission_limit: 1, retention_days: 365 });

    const request = await createRequest(t.url, owner, { title: 'Limited' });
    const first = await submit(t.url, request.token, submitBody(await tusUpload(t.url, videoLike(Buffer.alloc(1024, 1)), { token: request.token })));
    expect(first.status).toBe(201);
    const second = await submit(t.url, request.token, submitBody(await tusUpload(t.url, videoLike(Buffer.alloc(1024, 2)), { token: request.token })));
    expect(second.status).toBe(402);
    expect(await body(second)).toMatchObject({ code: 'USAGE_LIMIT_REACHED' });
    const invite = await send('POST', '/api/v1/team/invitations', { email: `seat-${crypto.randomUUID().slice(0, 8)}@example.test`, role: 'member' }, owner);
    expect(invite.status).toBe(402);
    expect(await body(invite)).toMatchObject({ code: 'SEAT_LIMIT_REACHED', details: { limit: 1, used: 1 } });

    for (const bad of [{ ...limits, seats: 0 }, { ...limits, retention_days: 7 }, { ...limits, submission_limit: 1.5 }, { ...limits, submission_limit: 'many' }, { submission_limit: 5 }]) {
      const res = await send('PUT', `/api/v1/admin/accounts/${accountId}/limits`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(await body(res)).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
    }
    const unlimited = { submission_limit: null, retention_days: null, seats: null };
    expect(await body(await send('PUT', `/api/v1/admin/accounts/${accountId}/limits`, unlimited))).toMatchObject({ limits: unlimited });
    const third = await submit(t.url, request.token, submitBody(await tusUpload(t.url, videoLike(Buffer.alloc(1024, 3)), { token: request.token })));
    expect(third.status).toBe(201);

    expect(await auditOf(accountId)).toEqual([
      { action: 'account.set_limits', actor_email: staff.user.email, target_type: 'account', before: { ...unlimited, name: owner.user.account.name }, after: limits },
      { action: 'account.set_limits', actor_email: staff.user.email, target_type: 'account', before: { ...limits, name: owner.user.account.name }, after: unlimited },
    ]);
    expect((await body(await get(`/api/v1/admin/accounts/${accountId}`))).audit.map((a: { action: string }) => a.action)).toEqual(['account.set_limits', 'account.set_limits']);
  });

  it('answers unknown ids with the one error body, and non-admins and visitors like an unknown route', async () => {
    const unknown = crypto.randomUUID();
    for (const [method, path, payload] of [
      ['GET', `/api/v1/admin/users/${unknown}`, undefined],
      ['POST', `/api/v1/admin/users/${unknown}/password-reset`, {}],
      ['GET', `/api/v1/admin/accounts/${unknown}`, undefined],
      ['POST', `/api/v1/admin/accounts/${unknown}/trial`, { days: 3 }],
      ['PUT', `/api/v1/admin/accounts/${unknown}/limits`, { submission_limit: null, retention_days: null, seats: null }],
    ] as const) {
      const res = await fetch(`${t.url}${path}`, { method, headers: staff.headers, body: payload ? JSON.stringify(payload) : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await body(res)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: expect.stringMatching(/^(User|Account) not found$/) });
    }
    expect((await get('/api/v1/admin/users/not-a-uuid')).status).toBe(422);

    const anonymous = await anonymousSession(t);
    const accountId = customer.user.account.id;
    for (const who of [customer, anonymous]) {
      for (const [method, path, payload] of [
        ['GET', `/api/v1/admin/users/${customer.user.id}`, undefined],
        ['POST', `/api/v1/admin/users/${customer.user.id}/password-reset`, {}],
        ['GET', `/api/v1/admin/accounts/${accountId}`, undefined],
        ['POST', `/api/v1/admin/accounts/${accountId}/trial`, { days: 3 }],
        ['PUT', `/api/v1/admin/accounts/${accountId}/limits`, { nonsense: true }],
      ] as const) {
        const res = await fetch(`${t.url}${path}`, { method, headers: who.headers, body: payload ? JSON.stringify(payload) : undefined });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await body(res)).toMatchObject({ code: 'NOT_FOUND', message: `No route for ${method} ${path}` });
      }
    }
  });
});
