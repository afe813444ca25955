import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousSession, body, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { waitForMail } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('customer follow-ups on their own support requests', () => {
  let t: TestApp;
  let customer: SignedUp;
  let colleague: SignedUp;
  let staff: SignedUp;
  const send = (who: { headers: Record<string, string> }, method: string, path: string, payload: unknown) =>
    fetch(`${t.url}${path}`, { method, headers: who.headers, body: JSON.stringify(payload) });
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
    customer = await signUp(t, { name: 'Fiona Follow' });
    colleague = await signUp(t);
    staff = await signUpSysadmin(t);
  });
  afterAll(() => t.close());

  it('adds the follow-up to the thread in order, reopens a closed request and emails the team', async () => {
    const opened = await body(await send(customer, 'POST', '/api/v1/support-requests', { subject: 'Links expire early', message: 'My recording links stop working after a day.' }));
    await send(staff, 'POST', `/api/v1/admin/support-requests/${opened.id}/replies`, { body: 'Links last 7 days; which link was it?', close: true });

    const res = await send(customer, 'POST', `/api/v1/support-requests/${opened.id}/replies`, { body: '  It was the one sent on Monday.  ' });
    expect(res.status).toBe(201);
    const followed = await body(res);
    expect(followed).toMatchObject({
      status: 'open',
      replies: [
        { author: 'staff', author_name: staff.user.name, body: 'Links last 7 days; which link was it?' },
        { author: 'customer', author_name: 'Fiona Follow', body: 'It was the one sent on Monday.' },
      ],
    });

    const inbox = await body(await fetch(`${t.url}/api/v1/admin/support-requests/${opened.id}`, { headers: staff.headers }));
    expect(inbox.status).toBe('open');
    expect(inbox.replies.map((r: { author: string }) => r.author)).toEqual(['staff', 'customer']);
    const mails = await waitForMail(t, staff, t.config.adminEmail, 2);
    const team = mails.find((m) => m.subject === '[Support] Re: Links expire early')!;
    expect(team.text).toContain('It was the one sent on Monday.');
    expect(team.text).toContain('open again');
    expect(team.text).toContain(`/donkey/support-requests?id=${opened.id}`);
    // The customer's own words are not audited: the audit log is for what staff did.
    const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select('action').where('target_id', '=', opened.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['support_request.reply']);
  });

  it('refuses blank or long follow-ups, other people’s requests and signed-out visitors with the one error body', async () => {
    const opened = await body(await send(customer, 'POST', '/api/v1/support-requests', { subject: 'Second', message: 'Another question for you.' }));
    for (const bad of [{ body: '   ' }, { body: '' }, { body: 'x'.repeat(5001) }, {}]) {
      const res = await send(customer, 'POST', `/api/v1/support-requests/${opened.id}/replies`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(await body(res)).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
    }
    for (const id of [opened.id, crypto.randomUUID()]) {
      const res = await send(colleague, 'POST', `/api/v1/support-requests/${id}/replies`, { body: 'Can I see this?' });
      expect(res.status).toBe(404);
      expect(await body(res)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Support request not found' });
    }
    const anonymous = await send(await anonymousSession(t), 'POST', `/api/v1/support-requests/${opened.id}/replies`, { body: 'Hello?' });
    expect(anonymous.status).toBe(401);
    expect((await body(await fetch(`${t.url}/api/v1/support-requests/${opened.id}`, { headers: customer.headers }))).replies).toEqual([]);
  });
});
