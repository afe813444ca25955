import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousSession, body, signUp, signUpSysadmin, uniqueEmail, type SignedUp } from './support/auth.ts';
import { createRequest, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { waitForMail } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { videoLike } from './support/fixtures/media.ts';

const get = (t: TestApp, who: { headers: Record<string, string> }, path: string) => fetch(`${t.url}${path}`, { headers: who.headers });
const send = (t: TestApp, who: { headers: Record<string, string> }, method: string, path: string, payload: unknown) =>
  fetch(`${t.url}${path}`, { method, headers: who.headers, body: JSON.stringify(payload) });

async function recordingOf(t: TestApp, owner: SignedUp): Promise<string> {
  const recording = await createRequest(t.url, owner, { title: 'Checkout fails' });
  const uploadId = await tusUpload(t.url, videoLike(Buffer.alloc(2048, 7)), { token: recording.token });
  const res = await submit(t.url, recording.token, submitBody(uploadId));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('support requests: /support and the staff inbox', () => {
  let t: TestApp;
  let customer: SignedUp;
  let other: SignedUp;
  let staff: SignedUp;
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
    customer = await signUp(t, { name: 'Carla Customer' });
    other = await signUp(t);
    staff = await signUpSysadmin(t);
  });
  afterAll(() => t.close());

  it('opens a request with one of the account’s recordings, emails the team and confirms to the customer', async () => {
    const submissionId = await recordingOf(t, customer);
    const res = await send(t, customer, 'POST', '/api/v1/support-requests', { subject: '  Video will not play ', message: 'The recording shows a black screen in Safari.', submission_id: submissionId });
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created).toMatchObject({ subject: 'Video will not play', status: 'open', source: 'support_page', submission_id: submissionId, replies: [] });

    const confirmation = await waitForMail(t, staff, customer.user.email);
    expect(confirmation[0]!.subject).toBe('We received your request: Video will not play');
    const team = await waitForMail(t, staff, t.config.adminEmail);
    expect(team.some((m) => m.subject === '[Support] Video will not play' && m.text.includes(created.id))).toBe(true);

    const mine = await body(await get(t, customer, '/api/v1/support-requests'));
    expect(mine).toMatchObject({ total: 1, page: 1, items: [{ id: created.id }] });
    expect((await body(await get(t, other, '/api/v1/support-requests'))).total).toBe(0);
    expect((await get(t, other, `/api/v1/support-requests/${created.id}`)).status).toBe(404);
  });

  it('refuses another account’s recording, blank and too long text with the one error body', async () => {
    const foreign = await recordingOf(t, other);
    const res = await send(t, customer, 'POST', '/api/v1/support-requests', { subject: 'Look at this', message: 'Somebody else’s recording, please.', submission_id: foreign });
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { submission_id: ['is not one of your recordings'] } });
    const blank = await send(t, customer, 'POST', '/api/v1/support-requests', { subject: '   ', message: '          x' });
    expect(blank.status).toBe(422);
    expect(Object.keys((await body(blank)).errors).sort()).toEqual(['message', 'subject']);
    const long = await send(t, customer, 'POST', '/api/v1/support-requests', { subject: 'x'.repeat(161), message: 'Long enough message' });
    expect(long.status).toBe(422);
    const anonymous = await anonymousSession(t);
    expect((await send(t, anonymous, 'POST', '/api/v1/support-requests', { subject: 'Hi', message: 'Long enough message' })).status).toBe(401);
  });

  it('shows contact-form and /support requests in one staff inbox, searchable and filtered', async () => {
    const guest = await anonymousSession(t);
    const email = uniqueEmail('visitor');
    const contact = await send(t, guest, 'POST', '/api/v1/contact', { name: 'Vera Visitor', email, topic: 'sales', message: 'How much is the team plan for 12 agents?' });
    expect(contact.status).toBe(201);

    const all = await body(await get(t, staff, '/api/v1/admin/support-requests'));
    expect(all.items.map((r: { source: string }) => r.source).sort()).toEqual(['contact_form', 'support_page']);
    const found = await body(await get(t, staff, `/api/v1/admin/support-requests?q=${encodeURIComponent('vera')}`));
    expect(found).toMatchObject({ total: 1, items: [{ email, subject: 'Contact form: sales', source: 'contact_form', account_name: null }] });
    const fromPage = await body(await get(t, staff, '/api/v1/admin/support-requests?source=support_page'));
    expect(fromPage.items).toHaveLength(1);
    expect(fromPage.items[0]).toMatchObject({ email: customer.user.email, account_name: customer.user.account.name });
    expect((await body(await get(t, staff, '/api/v1/admin/support-requests?q=%25'))).total).toBe(0);
  });

  it('a staff reply is emailed to the sender, shown on /support, and audited; closing is audited too', async () => {
    const [request] = (await body(await get(t, customer, '/api/v1/support-requests'))).items;
    const res = await send(t, staff, 'POST', `/api/v1/admin/support-requests/${request.id}/replies`, { body: 'Please update Safari to 17.4 <b>and</b> try again.', close: true });
    expect(res.status).toBe(201);
    expect(await body(res)).toMatchObject({ status: 'closed', replies: [{ body: 'Please update Safari to 17.4 <b>and</b> try again.', author_name: staff.user.name }] });

    const mails = await waitForMail(t, staff, customer.user.email, 2);
    const reply = mails.find((m) => m.subject === 'Re: Video will not play')!;
    expect(reply.text).toContain('Please update Safari to 17.4');
    expect(reply.text).toContain('/support');

    const seen = await body(await get(t, customer, `/api/v1/support-requests/${request.id}`));
    expect(seen).toMatchObject({ status: 'closed', replies: [{ body: 'Please update Safari to 17.4 <b>and</b> try again.' }] });
    expect(seen.last_reply_at).not.toBeNull();

    const reopened = await send(t, staff, 'PUT', `/api/v1/admin/support-requests/${request.id}/status`, { status: 'open' });
    expect((await body(reopened)).status).toBe('open');
    const audit = await t.app.ctx.db.selectFrom('admin_audit_log').selectAll().where('target_id', '=', request.id).orderBy('created_at').execute();
    expect(audit.map((a) => [a.action, a.actor_email, a.before, a.after])).toEqual([
      ['support_request.reply', staff.user.email, { status: 'open' }, { status: 'closed', reply_id: expect.any(String) }],
      ['support_request.reopen', staff.user.email, { status: 'closed' }, { status: 'open' }],
    ]);
  });

  it('answers non-admins and visitors as if the admin routes did not exist', async () => {
    const anonymous = await anonymousSession(t);
    const [request] = (await body(await get(t, customer, '/api/v1/support-requests'))).items;
    for (const who of [customer, anonymous]) {
      for (const [method, path, payload] of [
        ['GET', '/api/v1/admin/support-requests?page=abc', undefined],
        ['GET', `/api/v1/admin/support-requests/${request.id}`, undefined],
        ['POST', `/api/v1/admin/support-requests/${request.id}/replies`, { body: 'hi' }],
        ['PUT', `/api/v1/admin/support-requests/${request.id}/status`, { status: 'closed' }],
      ] as const) {
        const res = await fetch(`${t.url}${path}`, { method, headers: who.headers, body: payload ? JSON.stringify(payload) : undefined });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await body(res)).toMatchObject({ code: 'NOT_FOUND', message: `No route for ${method} ${path.split('?')[0]}` });
      }
    }
    expect((await send(t, staff, 'POST', `/api/v1/admin/support-requests/${crypto.randomUUID()}/replies`, { body: 'hi' })).status).toBe(404);
    expect((await send(t, staff, 'POST', `/api/v1/admin/support-requests/${request.id}/replies`, { body: '' })).status).toBe(422);
  });
});
