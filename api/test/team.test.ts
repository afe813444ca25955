import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, InvitationPreview, Team, User } from '@showback/contract';
import { anonymousSession, body, cookiesOf, signIn, signUp, signUpPayload, signUpSysadmin, uniqueEmail, sessionFrom, type SignedUp } from './support/auth.ts';
import { api } from './support/billing-app.ts';
import { createRequest } from './support/fixtures/recording.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('the team: invitations, roles and seats', () => {
  let t: TestApp;
  let sysadmin: SignedUp;
  beforeAll(async () => {
    t = await startTestApp({}, { PUBLIC_URL: 'http://app.example.test' });
    sysadmin = await signUpSysadmin(t);
  });
  afterAll(() => t.close());

  const invite = (who: SignedUp, email: string, role: 'admin' | 'member' = 'member') => api<Invitation>(t, who, 'POST', '/api/v1/team/invitations', { email, role });
  const team = async (who: SignedUp): Promise<Team> => (await api<Team>(t, who, 'GET', '/api/v1/team')).body;
  const lookup = (token: string) => api<InvitationPreview>(t, undefined, 'GET', `/api/v1/invitations/lookup?invitation_token=${encodeURIComponent(token)}`);
  const setPlan = (accountId: string, plan: string) => t.app.ctx.db.updateTable('accounts').set({ plan }).where('id', '=', accountId).execute();

  /** The token of the newest invitation mail to `email`, read from the local mailbox as a person would. */
  async function tokenFromMail(email: string, count = 1): Promise<string> {
    const mails = await waitForMail(t, sysadmin, email, count);
    const link = linkIn(mails[0]!);
    expect(`${link.origin}${link.pathname}`).toBe('http://app.example.test/sign-up');
    return link.searchParams.get('invitation_token')!;
  }

  /** Signs up through an invitation from a fresh browser; the raw response, and the session when it worked. */
  async function acceptAs(token: string, email: string, overrides: Record<string, unknown> = {}) {
    const browser = await anonymousSession(t);
    const payload = signUpPayload({ name: 'Grace Hopper', email, account_name: 'Ignored Co', invitation_token: token, ...overrides });
    const res = await fetch(`${t.url}/api/v1/users/sign_up`, { method: 'POST', headers: browser.headers, body: JSON.stringify(payload) });
    const json = await body(res);
    const session: SignedUp | undefined = res.status === 201 ? { ...sessionFrom({ ...browser.jar, ...cookiesOf(res) }, browser.csrf), user: json as User, password: payload.password } : undefined;
    return { status: res.status, json, session };
  }

  async function ownerWithMember(role: 'admin' | 'member' = 'member'): Promise<{ owner: SignedUp; member: SignedUp }> {
    const owner = await signUp(t);
    const email = uniqueEmail('colleague');
    expect((await invite(owner, email, role)).status).toBe(201);
    const accepted = await acceptAs(await tokenFromMail(email), email);
    expect(accepted.status).toBe(201);
    return { owner, member: accepted.session! };
  }

  it('invite → email → sign up with the token → a member of the account with the role, without onboarding', async () => {
    const owner = await signUp(t, { name: 'Olivia Owner', account_name: 'Helpdesk Heroes' });
    const email = uniqueEmail('new-admin');
    const created = await invite(owner, email.toUpperCase(), 'admin');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, role: 'admin', invited_by: 'Olivia Owner', expired: false });
    expect(new Date(created.body.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const mail = (await waitForMail(t, sysadmin, email))[0]!;
    expect(mail.subject).toBe('Olivia Owner invited you to Helpdesk Heroes on Showback');
    const token = await tokenFromMail(email);
    const stored = await t.app.ctx.db.selectFrom('invitations').select('token_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const preview = await lookup(token);
    expect(preview).toMatchObject({ status: 200, body: { account_name: 'Helpdesk Heroes', email, role: 'admin', invited_by: 'Olivia Owner', email_has_account: false } });

    const wrongAddress = await acceptAs(token, uniqueEmail('someone-else'));
    expect(wrongAddress.status).toBe(422);
    expect(wrongAddress.json.errors.email[0]).toContain(email);

    const joined = await acceptAs(token, email);
    expect(joined.status).toBe(201);
    expect(joined.json).toMatchObject({ email, role: 'admin', account: { id: owner.user.account.id, name: 'Helpdesk Heroes', onboarding_completed: false } });
    expect(await t.app.ctx.db.selectFrom('accounts').select('id').where('name', '=', 'Ignored Co').execute()).toEqual([]);

    const seen = await team(joined.session!);
    expect(seen.members.map((m) => [m.email, m.role])).toEqual([
      [owner.user.email, 'owner'],
      [email, 'admin'],
    ]);
    expect(seen.members[1]!.last_active_at).not.toBeNull();
    expect(seen.invitations).toEqual([]);
    expect(seen.seats).toEqual({ limit: 2, used: 2, plan: 'growth' });

    const reused = await acceptAs(token, email, { email: uniqueEmail('again') });
    expect(reused).toMatchObject({ status: 410, json: { code: 'INVITATION_USED', errors: { invitation_token: [expect.stringContaining('already been used')] } } });
    expect((await lookup(token)).body).toMatchObject({ statusCode: 410, code: 'INVITATION_USED' });
  });

  it('seats: members plus pending invitations fill the plan; past it 402 with an upgrade link; revoking makes room', async () => {
    const owner = await signUp(t);
    const first = uniqueEmail('first');
    expect((await invite(owner, first)).status).toBe(201);
    const refused = await invite(owner, uniqueEmail('second'));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'SEAT_LIMIT_REACHED', details: { limit: 2, used: 2, plan: 'growth', upgrade_url: '/upgrade' } });
    expect((refused.body as unknown as { message: string }).message).toMatch(/Growth plan has 2 seats.*Upgrade/);

    const pending = (await team(owner)).invitations[0]!;
    expect((await api(t, owner, 'DELETE', `/api/v1/team/invitations/${pending.id}`)).status).toBe(204);
    expect((await invite(owner, uniqueEmail('third'))).status).toBe(201);

    await setPlan(owner.user.account.id, 'scale');
    for (let i = 0; i < 3; i++) expect((await invite(owner, uniqueEmail(`scale${i}`))).status).toBe(201);
    expect((await invite(owner, uniqueEmail('sixth'))).status).toBe(402);
    await setPlan(owner.user.account.id, 'enterprise');
    expect((await invite(owner, uniqueEmail('enterprise'))).status).toBe(201);
    expect((await team(owner)).seats).toEqual({ limit: null, used: 6, plan: 'enterprise' });
  });

  it('a downgrade keeps everyone, refuses new invitations until there is room, and pending ones past the seats', async () => {
    const { owner, member } = await ownerWithMember();
    const pendingEmail = uniqueEmail('pending');
    await setPlan(owner.user.account.id, 'scale');
    expect((await invite(owner, pendingEmail)).status).toBe(201);
    await setPlan(owner.user.account.id, 'starter');

    expect((await team(member)).seats).toEqual({ limit: 1, used: 3, plan: 'starter' });
    expect((await api(t, member, 'GET', '/api/v1/users/me')).status).toBe(200);
    expect((await invite(owner, uniqueEmail('more'))).status).toBe(402);
    const late = await acceptAs(await tokenFromMail(pendingEmail), pendingEmail);
    expect(late).toMatchObject({ status: 402, json: { code: 'SEAT_LIMIT_REACHED' } });
    expect((await team(owner)).members).toHaveLength(2);
  });

  it('expired, revoked, resent and unknown tokens each get their answer; resending gives a new link', async () => {
    const owner = await signUp(t);
    const email = uniqueEmail('late');
    const { body: invitation } = await invite(owner, email);
    const firstToken = await tokenFromMail(email);
    await t.app.ctx.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', invitation.id).execute();
    expect((await lookup(firstToken)).body).toMatchObject({ statusCode: 410, code: 'LINK_EXPIRED', message: expect.stringContaining('resend') });
    expect((await acceptAs(firstToken, email)).json).toMatchObject({ code: 'LINK_EXPIRED' });
    expect((await team(owner)).invitations[0]).toMatchObject({ id: invitation.id, expired: true });
    expect((await team(owner)).seats.used).toBe(1);

    const resent = await api<Invitation>(t, owner, 'POST', `/api/v1/team/invitations/${invitation.id}/resend`);
    expect(resent).toMatchObject({ status: 200, body: { id: invitation.id, expired: false } });
    const secondToken = await tokenFromMail(email, 2);
    expect(secondToken).not.toBe(firstToken);
    expect((await lookup(firstToken)).body).toMatchObject({ statusCode: 422, errors: { invitation_token: ['This invitation is not valid or has expired.'] } });
    expect((await lookup(secondToken)).status).toBe(200);

    expect((await api(t, owner, 'DELETE', `/api/v1/team/invitations/${invitation.id}`)).status).toBe(204);
    expect((await lookup(secondToken)).body).toMatchObject({ statusCode: 410, code: 'LINK_REVOKED' });
    expect((await acceptAs(secondToken, email)).json).toMatchObject({ code: 'LINK_REVOKED' });
    expect((await api(t, owner, 'DELETE', `/api/v1/team/invitations/${invitation.id}`)).status).toBe(404);
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('an address with an account elsewhere: the inviter learns nothing, the holder of the link is told, nothing is lost', async () => {
    const elsewhere = await signUp(t, { account_name: 'Other Workspace' });
    const owner = await signUp(t);
    await setPlan(owner.user.account.id, 'scale');
    const fresh = await invite(owner, uniqueEmail('fresh'));
    const known = await invite(owner, elsewhere.user.email);
    expect(known.status).toBe(fresh.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(fresh.body).sort());

    const token = await tokenFromMail(elsewhere.user.email);
    expect((await lookup(token)).body).toMatchObject({ email_has_account: true });
    const refused = await acceptAs(token, elsewhere.user.email);
    expect(refused).toMatchObject({ status: 422, json: { errors: { email: [expect.stringContaining('already has a Showback account')] } } });
    const me = await api<User>(t, elsewhere, 'GET', '/api/v1/users/me');
    expect(me.body).toMatchObject({ role: 'owner', account: { id: elsewhere.user.account.id } });
    expect((await lookup(token)).status).toBe(200);
  });

  it('refuses inviting a member of the account or an address already invited', async () => {
    const { owner, member } = await ownerWithMember();
    await setPlan(owner.user.account.id, 'scale');
    expect((await invite(owner, member.user.email.toUpperCase())).body).toMatchObject({ statusCode: 422, errors: { email: ['is already a member of this workspace'] } });
    const email = uniqueEmail('twice');
    expect((await invite(owner, email)).status).toBe(201);
    expect((await invite(owner, email)).body).toMatchObject({ statusCode: 422, errors: { email: ['has already been invited'] } });
  });

  it('roles: admins manage members, the owner role is fixed, members only read; refusals change nothing', async () => {
    const { owner, member: admin } = await ownerWithMember('admin');
    await setPlan(owner.user.account.id, 'scale');
    const email = uniqueEmail('member');
    expect((await invite(admin, email)).status).toBe(201);
    const member = (await acceptAs(await tokenFromMail(email), email)).session!;
    expect(member.user.role).toBe('member');

    const before = await team(owner);
    const pending = await invite(owner, uniqueEmail('pending'));
    const forbidden = [
      await invite(member, uniqueEmail('nope')),
      await api(t, member, 'POST', `/api/v1/team/invitations/${pending.body.id}/resend`),
      await api(t, member, 'DELETE', `/api/v1/team/invitations/${pending.body.id}`),
      await api(t, member, 'PATCH', `/api/v1/team/members/${member.user.id}`, { role: 'admin' }),
      await api(t, member, 'DELETE', `/api/v1/team/members/${admin.user.id}`),
      await api(t, member, 'POST', `/api/v1/team/members/${admin.user.id}/transfer_ownership`),
      await api(t, admin, 'POST', `/api/v1/team/members/${admin.user.id}/transfer_ownership`),
    ];
    for (const res of forbidden) expect(res).toMatchObject({ status: 403, body: { statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden', message: expect.any(String) } });
    const after = await team(owner);
    expect(after.members).toEqual(before.members);
    expect(after.invitations.map((i) => i.id)).toEqual([...before.invitations.map((i) => i.id), pending.body.id]);

    expect((await api(t, admin, 'PATCH', `/api/v1/team/members/${owner.user.id}`, { role: 'member' })).body).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
    expect((await api(t, admin, 'DELETE', `/api/v1/team/members/${owner.user.id}`)).body).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
    expect((await api(t, owner, 'DELETE', `/api/v1/team/members/${owner.user.id}`)).status).toBe(422);
    expect((await api(t, owner, 'PATCH', `/api/v1/team/members/${owner.user.id}`, { role: 'owner' })).status).toBe(422);

    expect((await api(t, admin, 'PATCH', `/api/v1/team/members/${member.user.id}`, { role: 'admin' })).body).toMatchObject({ id: member.user.id, role: 'admin' });
    expect((await api<User>(t, member, 'GET', '/api/v1/users/me')).body.role).toBe('admin');
    expect((await api(t, owner, 'PATCH', `/api/v1/team/members/${member.user.id}`, { role: 'member' })).status).toBe(200);
    expect((await invite(member, uniqueEmail('demoted'))).status).toBe(403);
  });

  it('ownership goes to an admin only; the account keeps exactly one owner', async () => {
    const { owner, member } = await ownerWithMember('member');
    expect((await api(t, owner, 'POST', `/api/v1/team/members/${member.user.id}/transfer_ownership`)).body).toMatchObject({ statusCode: 422, errors: { user: [expect.stringContaining('admin')] } });
    expect((await api(t, owner, 'PATCH', `/api/v1/team/members/${member.user.id}`, { role: 'admin' })).status).toBe(200);
    const moved = await api<Team>(t, owner, 'POST', `/api/v1/team/members/${member.user.id}/transfer_ownership`);
    expect(moved.status).toBe(200);
    expect(moved.body.members.map((m) => [m.id, m.role])).toEqual([
      [owner.user.id, 'admin'],
      [member.user.id, 'owner'],
    ]);
    expect((await api(t, owner, 'POST', `/api/v1/team/members/${member.user.id}/transfer_ownership`)).status).toBe(403);
    expect((await api(t, member, 'DELETE', `/api/v1/team/members/${owner.user.id}`)).status).toBe(204);
  });

  it('removing a member ends their sessions at once and keeps what they created', async () => {
    const { owner, member } = await ownerWithMember();
    const other = await signIn(t, member.user.email, member.password, '1');
    const request = await createRequest(t.url, member, { title: 'Created by the member' });
    expect((await api(t, owner, 'DELETE', `/api/v1/team/members/${member.user.id}`)).status).toBe(204);
    for (const session of [member, other]) expect((await api(t, session, 'GET', '/api/v1/users/me')).status).toBe(401);
    expect((await api(t, member, 'POST', '/api/v1/requests', { title: 'After removal' })).status).toBe(401);
    await expect(signIn(t, member.user.email, member.password)).rejects.toThrow(/401/);
    const kept = await api<{ title: string }>(t, owner, 'GET', `/api/v1/requests/${request.id}`);
    expect(kept).toMatchObject({ status: 200, body: { title: 'Created by the member' } });
    expect((await team(owner)).members.map((m) => m.id)).toEqual([owner.user.id]);
    expect((await api(t, owner, 'DELETE', `/api/v1/team/members/${member.user.id}`)).status).toBe(404);
  });

  it("another account's member and invitation ids answer 404 and change nothing", async () => {
    const { owner: victim, member } = await ownerWithMember('admin');
    await setPlan(victim.user.account.id, 'scale');
    const { body: pending } = await invite(victim, uniqueEmail('victim-invite'));
    const attacker = await signUp(t);
    const calls = [
      await api(t, attacker, 'PATCH', `/api/v1/team/members/${member.user.id}`, { role: 'member' }),
      await api(t, attacker, 'DELETE', `/api/v1/team/members/${member.user.id}`),
      await api(t, attacker, 'POST', `/api/v1/team/members/${member.user.id}/transfer_ownership`),
      await api(t, attacker, 'POST', `/api/v1/team/invitations/${pending.id}/resend`),
      await api(t, attacker, 'DELETE', `/api/v1/team/invitations/${pending.id}`),
    ];
    for (const res of calls) expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const seen = await team(victim);
    expect(seen.members.find((m) => m.id === member.user.id)?.role).toBe('admin');
    expect(seen.invitations.map((i) => i.id)).toEqual([pending.id]);
    expect((await team(attacker)).members.map((m) => m.id)).toEqual([attacker.user.id]);
  });

  it('last active follows any session of the person, written at most once an hour', async () => {
    const { owner, member } = await ownerWithMember();
    const lastActive = async () => (await team(owner)).members.find((m) => m.id === member.user.id)!.last_active_at;
    const setLastActive = (at: Date) => t.app.ctx.db.updateTable('users').set({ last_active_at: at }).where('id', '=', member.user.id).execute();

    const recent = new Date(Date.now() - 10 * 60_000);
    await setLastActive(recent);
    expect((await api(t, member, 'GET', '/api/v1/requests')).status).toBe(200);
    expect(await lastActive()).toBe(recent.toISOString());

    await setLastActive(new Date(Date.now() - 2 * 60 * 60_000));
    const before = Date.now();
    expect((await api(t, member, 'GET', '/api/v1/users/me')).status).toBe(200);
    expect(new Date((await lastActive())!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('limits invitation emails per account', async () => {
    const owner = await signUp(t);
    await setPlan(owner.user.account.id, 'enterprise');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await invite(owner, uniqueEmail(`bulk${i}`))).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await invite(await signUp(t), uniqueEmail('other-account'))).status).toBe(201);
  });
});

describe('permissions across the product, enforced by the API', () => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  beforeAll(async () => {
    t = await startTestApp({}, { PUBLIC_URL: 'http://app.example.test' });
    const sysadmin = await signUpSysadmin(t);
    owner = await signUp(t);
    const email = uniqueEmail('member');
    await api(t, owner, 'POST', '/api/v1/team/invitations', { email, role: 'member' });
    const token = linkIn((await waitForMail(t, sysadmin, email))[0]!).searchParams.get('invitation_token')!;
    const browser = await anonymousSession(t);
    const res = await fetch(`${t.url}/api/v1/users/sign_up`, { method: 'POST', headers: browser.headers, body: JSON.stringify(signUpPayload({ email, invitation_token: token })) });
    member = { ...sessionFrom({ ...browser.jar, ...cookiesOf(res) }, browser.csrf), user: (await res.json()) as User, password: 'correct horse battery' };
  });
  afterAll(() => t.close());

  /** One row per line of the table in docs/team.md that a member may not do. */
  const ownerOrAdminOnly: [string, string, string, unknown?][] = [
    ['widget settings', 'PUT', '/api/v1/widget', { allowed_origins: ['https://example.test'] }],
    ['widget key', 'POST', '/api/v1/widget/rotate_key'],
    ['integrations (webhooks)', 'POST', '/api/v1/integrations/webhooks', { url: 'https://example.test/hook', events: ['submission.ready'] }],
    ['integrations (Slack)', 'PATCH', '/api/v1/integrations/slack/update', { enabled: true }],
    ['integrations (Teams)', 'DELETE', '/api/v1/integrations/teams/disconnect'],
    ['integrations (Zapier)', 'POST', '/api/v1/integrations/zapier/regenerate'],
    ['billing: checkout', 'POST', '/api/v1/checkout', { plan: 'scale', interval: 'monthly' }],
    ['billing: change plan', 'POST', '/api/v1/subscriptions/update', { new_plan: 'scale', new_interval: 'monthly' }],
    ['billing: portal', 'POST', '/api/v1/billing/portal'],
    ['account settings', 'PUT', '/api/v1/account', { name: 'Taken over' }],
    ['onboarding', 'POST', '/api/v1/account/onboarding/complete'],
    ['team: invite', 'POST', '/api/v1/team/invitations', { email: 'x@example.test', role: 'admin' }],
  ];

  const snapshot = async () => ({
    account: await t.app.ctx.db.selectFrom('accounts').selectAll().where('id', '=', owner.user.account.id).executeTakeFirst(),
    widget: await api(t, owner, 'GET', '/api/v1/widget'),
    integrations: await Promise.all(['webhooks', 'slack/status', 'teams/status', 'zapier/status'].map((path) => api(t, owner, 'GET', `/api/v1/integrations/${path}`))),
    team: await api(t, owner, 'GET', '/api/v1/team'),
  });

  it.each(ownerOrAdminOnly)('a member is refused: %s (%s %s), with the one error body, and nothing changes', async (_row, method, path, payload) => {
    const before = await snapshot();
    const res = await api(t, member, method, path, payload);
    expect(res).toMatchObject({ status: 403, body: { statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden', message: expect.stringMatching(/^Only the account owner or an admin may /) } });
    expect(await snapshot()).toEqual(before);
  });

  it('a member works with requests and recordings, and reads the team, the widget and billing', async () => {
    const created = await api<{ id: string }>(t, member, 'POST', '/api/v1/requests', { title: 'Checkout bug' });
    expect(created.status).toBe(201);
    expect((await api(t, owner, 'GET', `/api/v1/requests/${created.body.id}`)).status).toBe(200);
    for (const path of ['/api/v1/team', '/api/v1/widget', '/api/v1/billing', '/api/v1/submissions']) expect((await api(t, member, 'GET', path)).status, path).toBe(200);
  });
});
