import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeammate, anonymousSession, body, signIn, signUp, signUpSysadmin, uniqueEmail, type SignedUp } from './support/auth.ts';
import { api } from './support/billing-app.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DISABLED = 'This user has been disabled. Please contact Showback support.';

/** docs/authentication.md, "Credential lifecycle": each event against each credential a user holds or handed out. */
describe('credential lifecycle: disabling, removal, a new password or email end what the user held', () => {
  let t: TestApp;
  let staff: SignedUp;
  beforeAll(async () => {
    t = await startTestApp({}, { PUBLIC_URL: 'http://app.example.test' });
    staff = await signUpSysadmin(t);
  });
  afterAll(() => t.close());

  /** Asks for a reset link as the person does (the forgot-password form) and reads it from the mailbox. */
  async function resetLink(email: string): Promise<string> {
    const browser = await anonymousSession(t);
    expect((await fetch(`${t.url}/api/v1/users/password`, { method: 'POST', headers: browser.headers, body: JSON.stringify({ email }) })).status).toBe(202);
    const [mail] = await waitForMail(t, staff, email);
    return linkIn(mail!).searchParams.get('reset_password_token')!;
  }
  /** Opens the link signed out and sets `password`; the response. */
  async function useLink(token: string, password = 'taken over') {
    const browser = await anonymousSession(t);
    return fetch(`${t.url}/api/v1/users/password`, { method: 'PUT', headers: browser.headers, body: JSON.stringify({ reset_password_token: token, password, password_confirmation: password }) });
  }
  const setDisabled = (user: SignedUp, disabled: boolean) => api(t, staff, 'POST', `/api/v1/admin/users/${user.user.id}/${disabled ? 'disable' : 'enable'}`);
  const signedIn = async (who: SignedUp) => (await fetch(`${t.url}/api/v1/users/me`, { headers: who.headers })).status === 200;
  const expectLinkSpent = async (token: string) => {
    const res = await useLink(token);
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { reset_password_token: ['is invalid or has expired'] } });
  };

  it('disable: the earlier reset link is refused with the reason, changes nothing, signs nobody in, and stays dead after enabling', async () => {
    const me = await signUp(t);
    const token = await resetLink(me.user.email);
    expect((await setDisabled(me, true)).status).toBe(204);

    const refused = await useLink(token);
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'FORBIDDEN', message: DISABLED });
    expect(refused.headers.getSetCookie().some((c) => c.startsWith('sb_session='))).toBe(false);
    expect(await t.app.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', me.user.id).execute()).toEqual([]);

    // Asking again while disabled sends no link, only the reason.
    const browser = await anonymousSession(t);
    await fetch(`${t.url}/api/v1/users/password`, { method: 'POST', headers: browser.headers, body: JSON.stringify({ email: me.user.email }) });
    const notice = (await waitForMail(t, staff, me.user.email, 2)).find((m) => m.subject === 'Your Showback user is disabled');
    expect(notice!.text).not.toContain('reset_password_token');

    expect((await setDisabled(me, false)).status).toBe(204);
    await expectLinkSpent(token);
    await signIn(t, me.user.email, me.password);
    await expect(signIn(t, me.user.email, 'taken over')).rejects.toThrow(/401/);
  });

  it('a password change ends every reset link and the other sessions; this session stays', async () => {
    const me = await signUp(t);
    const elsewhere = await signIn(t, me.user.email, me.password);
    const token = await resetLink(me.user.email);
    const changed = await api(t, me, 'PUT', '/api/v1/users/me', { password: 'my new secret', password_confirmation: 'my new secret', current_password: me.password });
    expect(changed.status).toBe(200);
    expect(await signedIn(me)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    await expectLinkSpent(token);
    await signIn(t, me.user.email, 'my new secret');
  });

  it('an email change ends the reset link mailed to the old address and the other sessions; this session stays', async () => {
    const me = await signUp(t);
    const elsewhere = await signIn(t, me.user.email, me.password);
    const token = await resetLink(me.user.email);
    const email = uniqueEmail('moved');
    expect((await api(t, me, 'PUT', '/api/v1/users/me', { email, current_password: me.password })).status).toBe(200);
    expect(await signedIn(me)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    await expectLinkSpent(token);
    await signIn(t, email, me.password);
  });

  it('a name change alone ends nothing', async () => {
    const me = await signUp(t);
    const elsewhere = await signIn(t, me.user.email, me.password);
    const token = await resetLink(me.user.email);
    expect((await api(t, me, 'PUT', '/api/v1/users/me', { name: 'Renamed' })).status).toBe(200);
    expect(await signedIn(elsewhere)).toBe(true);
    expect((await useLink(token, 'still mine')).status).toBe(200);
  });

  /** An admin of an owner's account who invited someone and connected Zapier. */
  async function adminWhoHandedOut() {
    const owner = await signUp(t);
    // A plan with a free seat for the invitation.
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'scale' }).where('id', '=', owner.user.account.id).execute();
    const admin = await addTeammate(t, owner, 'admin');
    const invited = uniqueEmail('invited');
    expect((await api(t, admin, 'POST', '/api/v1/team/invitations', { email: invited, role: 'member' })).status).toBe(201);
    const invitationToken = linkIn((await waitForMail(t, staff, invited))[0]!).searchParams.get('invitation_token')!;
    const connect = await api<{ api_key: string }>(t, admin, 'GET', '/api/v1/integrations/zapier/authorize');
    expect(connect.status).toBe(200);
    const zapierKey = connect.body.api_key;
    const zapierWorks = async () => (await fetch(`${t.url}/api/v1/zapier/me`, { headers: { 'x-api-key': zapierKey } })).status === 200;
    const invitationWorks = async () => (await api(t, undefined, 'GET', `/api/v1/invitations/lookup?invitation_token=${encodeURIComponent(invitationToken)}`)).status === 200;
    expect(await zapierWorks()).toBe(true);
    expect(await invitationWorks()).toBe(true);
    return { owner, admin, zapierWorks, invitationWorks, resetToken: await resetLink(admin.user.email) };
  }

  it('disabling ends the sessions, reset links, open invitations sent and the Zapier key created; enabling gives none back', async () => {
    const { admin, zapierWorks, invitationWorks, resetToken } = await adminWhoHandedOut();
    expect((await setDisabled(admin, true)).status).toBe(204);
    expect(await signedIn(admin)).toBe(false);
    expect(await zapierWorks()).toBe(false);
    expect(await invitationWorks()).toBe(false);
    expect((await setDisabled(admin, false)).status).toBe(204);
    expect(await zapierWorks()).toBe(false);
    expect(await invitationWorks()).toBe(false);
    expect(await signedIn(admin)).toBe(false);
    await expectLinkSpent(resetToken);
  });

  it('removal from the account ends the same credentials', async () => {
    const { owner, admin, zapierWorks, invitationWorks, resetToken } = await adminWhoHandedOut();
    expect((await api(t, owner, 'DELETE', `/api/v1/team/members/${admin.user.id}`)).status).toBe(204);
    expect(await signedIn(admin)).toBe(false);
    expect(await zapierWorks()).toBe(false);
    expect(await invitationWorks()).toBe(false);
    await expectLinkSpent(resetToken);
    expect(await signedIn(owner)).toBe(true);
  });
});
