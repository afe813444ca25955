import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousSession, body, signIn, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('admin dashboard counts and the users and accounts lists', () => {
  let t: TestApp;
  let staff: SignedUp;
  let people: SignedUp[];
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
    staff = await signUpSysadmin(t);
    people = [];
    for (const name of ['Alma Zed', 'Bert Young', 'Cleo Xu']) people.push(await signUp(t, { name, account_name: `${name} Co` }));
    const db = t.app.ctx.db;
    await db.updateTable('accounts').set({ plan: 'growth', trial_ends_at: null }).where('id', '=', people[0]!.user.account.id).execute();
    await db.updateTable('accounts').set({ trial_ends_at: new Date(Date.now() + 2 * 86_400_000) }).where('id', '=', people[1]!.user.account.id).execute();
    await db.updateTable('accounts').set({ trial_ends_at: new Date(Date.now() + 20 * 86_400_000) }).where('id', '=', people[2]!.user.account.id).execute();
    // A user who signed up 10 days ago counts for 30 days, not for 7.
    await db.updateTable('users').set({ created_at: new Date(Date.now() - 10 * 86_400_000) }).where('id', '=', people[2]!.user.id).execute();
    await t.app.ctx.db.updateTable('accounts').set({ trial_ends_at: null }).where('id', '=', staff.user.account.id).execute();
  });
  afterAll(() => t.close());

  it('counts sign-ups, plans, trials ending and open support, with 30 days of submissions per day', async () => {
    await fetch(`${t.url}/api/v1/support-requests`, { method: 'POST', headers: people[0]!.headers, body: JSON.stringify({ subject: 'Help', message: 'Something is wrong here.' }) });
    const res = await fetch(`${t.url}/api/v1/admin/overview`, { headers: staff.headers });
    expect(res.status).toBe(200);
    const overview = await body(res);
    expect(overview.signups).toEqual({ today: 3, last_7_days: 3, last_30_days: 4 });
    expect(overview.accounts_by_plan).toEqual(expect.arrayContaining([{ plan: 'growth', count: 1 }]));
    expect(overview.accounts_by_plan.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(4);
    expect(overview).toMatchObject({ trials_ending_7_days: 1, open_support_requests: 1, failed_processing: 0, failing_deliveries: 0, unread_chats: 0, submissions: { today: 0, last_7_days: 0, last_30_days: 0 } });
    expect(overview.submissions_per_day).toHaveLength(30);
    expect(overview.submissions_per_day.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
  });

  it('lists users with search, sysadmin filter, sorting and paging', async () => {
    const all = await body(await fetch(`${t.url}/api/v1/admin/users?sort=email&per_page=2`, { headers: staff.headers }));
    expect(all).toMatchObject({ total: 4, page: 1, per_page: 2 });
    const emails = [...all.items, ...(await body(await fetch(`${t.url}/api/v1/admin/users?sort=email&per_page=2&page=2`, { headers: staff.headers }))).items].map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(new Set(emails).size).toBe(4);
    const found = await body(await fetch(`${t.url}/api/v1/admin/users?q=young`, { headers: staff.headers }));
    expect(found).toMatchObject({ total: 1, items: [{ name: 'Bert Young', account_name: 'Bert Young Co', is_sysadmin: false, role: 'owner' }] });
    expect((await body(await fetch(`${t.url}/api/v1/admin/users?sysadmin=true`, { headers: staff.headers }))).items.map((u: { id: string }) => u.id)).toEqual([staff.user.id]);
    expect((await fetch(`${t.url}/api/v1/admin/users?per_page=1000`, { headers: staff.headers })).status).toBe(422);
  });

  it('lists accounts with plan filter, search by a member’s email and counts', async () => {
    const growth = await body(await fetch(`${t.url}/api/v1/admin/accounts?plan=growth`, { headers: staff.headers }));
    expect(growth).toMatchObject({ total: 1, items: [{ name: 'Alma Zed Co', plan: 'growth', user_count: 1, submission_count: 0 }] });
    const byEmail = await body(await fetch(`${t.url}/api/v1/admin/accounts?q=${encodeURIComponent(people[2]!.user.email)}`, { headers: staff.headers }));
    expect(byEmail.items.map((a: { name: string }) => a.name)).toEqual(['Cleo Xu Co']);
    const ending = await body(await fetch(`${t.url}/api/v1/admin/accounts?sort=trial_ending`, { headers: staff.headers }));
    expect(ending.items.slice(0, 2).map((a: { name: string }) => a.name)).toEqual(['Bert Young Co', 'Cleo Xu Co']);
  });

  it('disables a user (no sign-in, sessions end) and enables them again, each audited; never oneself', async () => {
    const target = await signUp(t, { name: 'Dora Disabled' });
    const other = await signIn(t, target.user.email, target.password);
    const post = (path: string, who = staff) => fetch(`${t.url}${path}`, { method: 'POST', headers: who.headers, body: '{}' });
    expect((await post(`/api/v1/admin/users/${target.user.id}/disable`)).status).toBe(204);
    for (const session of [target, other]) expect((await fetch(`${t.url}/api/v1/users/me`, { headers: session.headers })).status).toBe(401);
    const refused = await fetch(`${t.url}/api/v1/users/sign_in`, { method: 'POST', headers: (await anonymousSession(t)).headers, body: JSON.stringify({ email: target.user.email, password: target.password, remember_me: '0' }) });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('disabled') });
    const wrongPassword = await fetch(`${t.url}/api/v1/users/sign_in`, { method: 'POST', headers: (await anonymousSession(t)).headers, body: JSON.stringify({ email: target.user.email, password: 'not the password', remember_me: '0' }) });
    expect(wrongPassword.status).toBe(401);
    const listed = await body(await fetch(`${t.url}/api/v1/admin/users?q=${encodeURIComponent(target.user.email)}`, { headers: staff.headers }));
    expect(listed.items[0]).toMatchObject({ id: target.user.id, disabled: true });

    expect((await post(`/api/v1/admin/users/${target.user.id}/enable`)).status).toBe(204);
    await signIn(t, target.user.email, target.password);
    const audit = await t.app.ctx.db.selectFrom('admin_audit_log').selectAll().where('target_id', '=', target.user.id).orderBy('created_at').execute();
    expect(audit.map((a) => [a.action, a.actor_email, a.before, a.after])).toEqual([
      ['user.disable', staff.user.email, { disabled: false, email: target.user.email }, { disabled: true }],
      ['user.enable', staff.user.email, { disabled: true, email: target.user.email }, { disabled: false }],
    ]);

    const self = await post(`/api/v1/admin/users/${staff.user.id}/disable`);
    expect(self.status).toBe(409);
    expect(await body(self)).toMatchObject({ code: 'CONFLICT' });
    expect((await post(`/api/v1/admin/users/${crypto.randomUUID()}/disable`)).status).toBe(404);
    expect((await post(`/api/v1/admin/users/${target.user.id}/disable`, people[0]!)).status).toBe(404);
  });

  it('grants and revokes system admin, audited, but never revokes the last one', async () => {
    const helper = await signUp(t, { name: 'Hana Helper' });
    const grant = (id: string, is_sysadmin: boolean, who = staff) => fetch(`${t.url}/api/v1/admin/users/${id}/sysadmin`, { method: 'POST', headers: who.headers, body: JSON.stringify({ is_sysadmin }) });
    expect((await grant(helper.user.id, true)).status).toBe(204);
    expect((await fetch(`${t.url}/api/v1/admin/overview`, { headers: helper.headers })).status).toBe(200);
    expect((await grant(helper.user.id, false)).status).toBe(204);
    expect((await fetch(`${t.url}/api/v1/admin/overview`, { headers: helper.headers })).status).toBe(404);
    // The only system admin left cannot revoke themselves.
    const last = await grant(staff.user.id, false);
    expect(last.status).toBe(409);
    expect(await body(last)).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('last system admin') });
    expect((await grant(helper.user.id, 'yes' as unknown as boolean)).status).toBe(422);
    const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'before', 'after']).where('target_id', '=', helper.user.id).orderBy('created_at').execute();
    expect(audit).toEqual([
      { action: 'user.grant_sysadmin', before: { is_sysadmin: false, email: helper.user.email }, after: { is_sysadmin: true } },
      { action: 'user.revoke_sysadmin', before: { is_sysadmin: true, email: helper.user.email }, after: { is_sysadmin: false } },
    ]);
  });

  it('answers non-admins and visitors like an unknown route', async () => {
    const anonymous = await anonymousSession(t);
    for (const who of [people[0]!, anonymous]) {
      for (const path of ['/api/v1/admin/overview', '/api/v1/admin/users?q=a', '/api/v1/admin/accounts?plan=nope']) {
        const res = await fetch(`${t.url}${path}`, { headers: who.headers });
        expect(res.status, path).toBe(404);
        expect(await body(res)).toMatchObject({ code: 'NOT_FOUND', message: `No route for GET ${path.split('?')[0]}` });
      }
    }
  });
});
