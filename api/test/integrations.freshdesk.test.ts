import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshdeskAppToken, FreshdeskStatus, HelpdeskSyncEntry, PublicRecordingRequest, TicketRequest, TicketRequestList } from '@showback/contract';
import { recordAlertEvent } from '../src/alerts/alert-events.ts';
import { addTeammate, body, signUp, type SignedUp } from './support/auth.ts';
import { makeDueNow } from './support/fixtures/alerts.ts';
import { FRESHDESK_DOMAIN, FRESHDESK_KEY, startFreshdeskServer, type FreshdeskServer } from './support/freshdesk-server.ts';
import { helpdeskDeliveries, record, settled, waitFor } from './support/fixtures/helpdesk.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://showback.example';
const api = (t: TestApp, path: string): string => `${t.url}/api/v1/integrations/freshdesk${path}`;
const basic = (key: string): string => `Basic ${Buffer.from(`${key}:X`).toString('base64')}`;

async function status(t: TestApp, owner: SignedUp): Promise<FreshdeskStatus> {
  return body(await fetch(api(t, '/status'), { headers: owner.headers }));
}

async function syncLog(t: TestApp, owner: SignedUp): Promise<HelpdeskSyncEntry[]> {
  return ((await body(await fetch(api(t, '/sync_log'), { headers: owner.headers }))) as { items: HelpdeskSyncEntry[] }).items;
}

const connect = (t: TestApp, owner: SignedUp, input: { domain: string; api_key: string } = { domain: FRESHDESK_DOMAIN, api_key: FRESHDESK_KEY }) =>
  fetch(api(t, '/connect'), { method: 'POST', headers: owner.headers, body: JSON.stringify(input) });

/** The app asks from a ticket with what FDK's `client.data.get('ticket')` gives it (the requester may be left to Freshdesk). */
async function ticketRequest(t: TestApp, headers: Record<string, string>, ticketId: number, subject: string, requester: object = {}): Promise<TicketRequest> {
  const res = await fetch(api(t, `/tickets/${ticketId}/requests`), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ subject, ...requester }) });
  expect(res.status).toBe(201);
  return body(res);
}

const deliveries = (t: TestApp, owner: SignedUp) => helpdeskDeliveries(t, owner.user.account.id, 'freshdesk');

/** The ticket's conversations once `done` holds; on a timeout the error shows the freshdesk deliveries. */
async function conversationsOn(t: TestApp, owner: SignedUp, freshdesk: FreshdeskServer, ticket: number, done: (bodies: string[]) => boolean) {
  return waitFor(
    `the notes on ticket ${ticket}`,
    async () => ({ notes: freshdesk.conversations(ticket), deliveries: (await deliveries(t, owner)).map((d) => [d.status, d.attempts, d.last_excerpt]) }),
    (v) => done(v.notes.map((n) => n.body)),
    150_000,
  ).then((v) => v.notes);
}

const summarized = (html: string) => html.includes('<strong>Summary</strong>');

describe('Freshdesk integration against a local Freshdesk API', () => {
  let t: TestApp;
  let freshdesk: FreshdeskServer;
  beforeAll(async () => {
    freshdesk = await startFreshdeskServer();
    t = await startTestApp({}, { FRESHDESK_URL: freshdesk.urlTemplate, PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await freshdesk?.close();
  });

  it('connects with the domain and an API key that Freshdesk accepts, keeps the key encrypted and never returns it; a refused key is a clear error', async () => {
    const owner = await signUp(t);
    expect(await status(t, owner)).toEqual({ connected: false, domain: null, agent: null, error: null, connected_at: null, app_token_issued_at: null, plan_allows: true });

    const badDomain = await connect(t, owner, { domain: 'acme.zendesk.com', api_key: FRESHDESK_KEY });
    expect(badDomain.status).toBe(422);
    const refused = await connect(t, owner, { domain: FRESHDESK_DOMAIN, api_key: 'NotTheKey1234567890x' });
    expect(refused.status).toBe(422);
    expect(await body(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `Freshdesk refused this API key for ${FRESHDESK_DOMAIN}: copy it again from your profile settings in Freshdesk (an admin's key).`,
      errors: { api_key: [expect.stringContaining('refused this API key')] },
    });
    const unknown = await connect(t, owner, { domain: 'nosuch.freshdesk.com', api_key: FRESHDESK_KEY });
    expect(unknown.status).toBe(422);
    expect((await body(unknown)).message).toContain('no such Freshdesk helpdesk');
    expect((await status(t, owner)).connected).toBe(false);

    const ok = await connect(t, owner);
    expect(ok.status).toBe(200);
    expect(await body(ok)).toMatchObject({ connected: true, domain: FRESHDESK_DOMAIN, agent: { name: 'Ada Admin', email: 'ada@acme.example' }, error: null });
    const check = freshdesk.callsTo('GET', /^\/api\/v2\/agents\/me$/).at(-1)!;
    expect(check.authorization).toBe(basic(FRESHDESK_KEY));
    const row = await t.app.ctx.db.selectFrom('freshdesk_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.api_key_encrypted).toMatch(/^v1\./);
    expect(row.api_key_encrypted).not.toContain(FRESHDESK_KEY);
    expect(JSON.stringify(await status(t, owner))).not.toContain(FRESHDESK_KEY);

    // Disconnect forgets the key.
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    expect(await t.app.ctx.db.selectFrom('freshdesk_connections').select('account_id').where('account_id', '=', owner.user.account.id).execute()).toEqual([]);
    expect((await status(t, owner)).connected).toBe(false);
  });

  it('writes ONE private note per recording, edits it in place when the summary changes, and a second recording adds its own note', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    freshdesk.addTicket(601, 'Checkout <button> does nothing', { name: 'Grace Hopper', email: 'grace@customer.example' });
    // The requester comes from Freshdesk's ticket when the app sends none.
    const made = await ticketRequest(t, owner.headers, 601, 'Checkout <button> does nothing');
    expect(made).toMatchObject({ ticket_id: '601', requester_email: 'grace@customer.example', requester_name: 'Grace Hopper', state: 'sent', recordings: [] });
    expect(made.request.title).toBe('Checkout <button> does nothing');
    const missing = await fetch(api(t, '/tickets/699/requests'), { method: 'POST', headers: owner.headers, body: JSON.stringify({ subject: 'Nope' }) });
    expect(missing.status).toBe(404);
    expect((await body(missing)).message).toBe(`Ticket #699 is not in ${FRESHDESK_DOMAIN}.`);

    const first = await record(t, made.request.token);
    // Whether the summary is written before the note is posted or after is the worker's timing: either the note
    // carries it at once or it is edited into the note; one note either way.
    const [note] = await conversationsOn(t, owner, freshdesk, 601, (b) => b.length === 1 && summarized(b[0]!));
    const rows = await waitFor('the notes settling', () => deliveries(t, owner), (r) => settled(r, 2));
    expect(rows.map((r) => [r.status, r.target])).toEqual([
      ['succeeded', '601'],
      ['succeeded', '601'],
    ]);
    expect(freshdesk.conversations(601)).toHaveLength(1);
    expect(note!.private).toBe(true);
    expect(note!.body).toContain('Showback recording: Checkout &lt;button&gt; does nothing');
    expect(note!.body).toContain(`href="${PUBLIC_URL}/my/recordings/${first}"`);
    expect(note!.body).toContain('<strong>Console errors:</strong> none');
    expect(note!.body).toContain('<strong>Failed requests:</strong> none');
    expect(note!.body).toContain('The customer wrote:</strong> The pay button does nothing');
    expect(note!.body).toContain('<strong>Environment:</strong> Chrome 156 · Linux · screen 1920x1080 · page https://example.test/app');
    const posts = freshdesk.callsTo('POST', /^\/api\/v2\/tickets\/601\/notes$/);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.authorization).toBe(basic(FRESHDESK_KEY));
    expect(posts[0]!.body).toEqual({ body: expect.any(String), private: true });

    // The summary changes (an owner corrected the transcript): the same note is edited, nothing is posted.
    await t.app.ctx.db.updateTable('summaries').set({ goal: 'Pay for the order in the cart', updated_at: new Date() }).where('submission_id', '=', first).execute();
    const puts = freshdesk.callsTo('PUT', /^\/api\/v2\/conversations\/\d+$/).length;
    await recordAlertEvent(t.app.ctx.db, { accountId: owner.user.account.id, type: 'submission.summarized', submissionId: first });
    const [edited] = await conversationsOn(t, owner, freshdesk, 601, (b) => b[0]!.includes('Pay for the order in the cart'));
    expect(edited!.id).toBe(note!.id);
    expect(freshdesk.callsTo('PUT', /^\/api\/v2\/conversations\/\d+$/).slice(puts).map((c) => c.path)).toEqual([`/api/v2/conversations/${note!.id}`]);
    expect(freshdesk.conversations(601)).toHaveLength(1);
    expect(freshdesk.callsTo('POST', /^\/api\/v2\/tickets\/601\/notes$/)).toHaveLength(1);

    // The team resolves the recording: its review state is edited into the same note.
    expect((await fetch(`${t.url}/api/v1/submissions/${first}/review`, { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ state: 'resolved' }) })).status).toBe(200);
    const [resolved] = await conversationsOn(t, owner, freshdesk, 601, (b) => b[0]!.includes('<strong>Review:</strong> Resolved'));
    expect(resolved!.id).toBe(note!.id);
    expect(freshdesk.conversations(601)).toHaveLength(1);

    const log = await syncLog(t, owner);
    expect(log.map((e) => [e.ticket_id, e.event_type, e.status])).toEqual(
      expect.arrayContaining([
        ['601', 'submission.ready', 'succeeded'],
        ['601', 'submission.summarized', 'succeeded'],
        ['601', 'submission.state_changed', 'succeeded'],
      ]),
    );
    expect(log.some((e) => e.last_excerpt?.includes(`Note ${note!.id} on ticket #601 updated in place.`))).toBe(true);
    expect(JSON.stringify(log)).not.toContain(FRESHDESK_KEY);

    const second = await record(t, made.request.token, 'Still broken');
    const all = await conversationsOn(t, owner, freshdesk, 601, (b) => b.length === 2 && summarized(b[1]!));
    expect(all.every((c) => c.private)).toBe(true);
    expect(all[1]!.body).toContain(`/my/recordings/${second}`);
    expect(freshdesk.callsTo('POST', /^\/api\/v2\/tickets\/601\/notes$/)).toHaveLength(2);
    const listed = (await body(await fetch(api(t, '/tickets/601/requests'), { headers: owner.headers }))) as TicketRequestList;
    expect(listed.items[0]!.recordings.map((r) => r.id)).toEqual([second, first]);
  }, 300_000);

  it('waits out a 429 on the ticket per Retry-After and posts once; a lost answer is found on the ticket instead of posting twice', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    freshdesk.addTicket(602, 'Login loops', { name: 'Ada', email: 'ada@customer.example' });
    const made = await ticketRequest(t, owner.headers, 602, 'Login loops', { requester_email: 'ada@customer.example', requester_name: 'Ada' });
    freshdesk.answerNextNotes(602, { rateLimitedFor: 1 });
    await record(t, made.request.token);
    await conversationsOn(t, owner, freshdesk, 602, (b) => b.length === 1 && summarized(b[0]!));
    const rows = await waitFor('the notes settling', () => deliveries(t, owner), (r) => settled(r, 2));
    expect(rows[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const posts = freshdesk.callsTo('POST', /^\/api\/v2\/tickets\/602\/notes$/);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(freshdesk.conversations(602)).toHaveLength(1);

    // Freshdesk takes the note but the answer never arrives: the retry finds it by its ref and posts nothing.
    freshdesk.answerNextNotes(602, { appliedThenDropped: true });
    await record(t, made.request.token);
    // The attempt whose answer was lost is retried after a minute: brought forward rather than waited for.
    const lost = await waitFor('the attempt to fail', () => deliveries(t, owner), (r) => r.length >= 3 && r[2]!.status === 'pending' && r[2]!.attempts === 1, 150_000);
    await makeDueNow(t, lost[2]!.id);
    const after = await waitFor('the retry', () => deliveries(t, owner), (r) => r.length >= 3 && r[2]!.status === 'succeeded', 150_000);
    expect(after[2]!.last_excerpt).toContain('the earlier answer was lost');
    expect(freshdesk.callsTo('GET', /^\/api\/v2\/tickets\/602\/conversations/).length).toBeGreaterThanOrEqual(1);
    await conversationsOn(t, owner, freshdesk, 602, (b) => b.length === 2 && summarized(b[1]!));
    expect(freshdesk.callsTo('POST', /^\/api\/v2\/tickets\/602\/notes$/)).toHaveLength(3);
  }, 400_000);

  it('a key reset in Freshdesk puts the connection in its error state and stops notes until connected again', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    freshdesk.addTicket(603, 'Upload stuck', { name: 'Ada', email: 'ada@customer.example' });
    const made = await ticketRequest(t, owner.headers, 603, 'Upload stuck');
    freshdesk.resetKey('ResetKey0987654321ab');
    try {
      await record(t, made.request.token);
      const rows = await waitFor('the failure', () => deliveries(t, owner), (r) => r.length >= 1 && r[0]!.status === 'failed');
      expect(rows[0]).toMatchObject({ last_status: 401, attempts: 1 });
      expect(rows[0]!.last_excerpt).toContain('Connect Freshdesk again with a current API key.');
      expect((await status(t, owner)).error).toContain('Freshdesk no longer accepts');
      expect(freshdesk.conversations(603)).toHaveLength(0);

      // Connecting again with the new key clears the error.
      expect((await connect(t, owner, { domain: FRESHDESK_DOMAIN, api_key: 'ResetKey0987654321ab' })).status).toBe(200);
      expect((await status(t, owner)).error).toBeNull();
    } finally {
      freshdesk.resetKey(FRESHDESK_KEY);
    }
  }, 300_000);

  it('the Freshdesk app calls with the token an admin issued: the request is made as them and the customer finds the requester filled in', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    const member = await addTeammate(t, owner, 'member');
    expect((await fetch(api(t, '/app_token'), { method: 'POST', headers: member.headers, body: '{}' })).status).toBe(403);
    const issued = await fetch(api(t, '/app_token'), { method: 'POST', headers: owner.headers, body: '{}' });
    expect(issued.status).toBe(201);
    expect(issued.headers.get('cache-control')).toBe('no-store');
    const { token } = (await issued.json()) as FreshdeskAppToken;
    expect(token).toMatch(/^sbf_/);
    expect((await status(t, owner)).app_token_issued_at).not.toBeNull();

    freshdesk.addTicket(604, 'Export is empty', { name: 'Grace Hopper', email: 'grace@customer.example' });
    const bearer = { authorization: `Bearer ${token}` };
    const made = await ticketRequest(t, bearer, 604, 'Export is empty');
    const binding = await t.app.ctx.db.selectFrom('helpdesk_ticket_requests').select(['created_by', 'helpdesk', 'site']).where('request_id', '=', made.request.id).executeTakeFirstOrThrow();
    expect(binding).toEqual({ created_by: owner.user.id, helpdesk: 'freshdesk', site: FRESHDESK_DOMAIN });
    const opened = (await body(await fetch(`${t.url}/api/v1/public/requests/${made.request.token}`))) as PublicRecordingRequest;
    expect(opened.recipient).toEqual({ name: 'Grace Hopper', email: 'grace@customer.example' });
    const list = await fetch(api(t, '/tickets/604/requests'), { headers: bearer });
    expect(((await list.json()) as TicketRequestList).items.map((i) => i.state)).toEqual(['opened']);

    // A new token replaces the old; a forged one and the old one are refused with the way out.
    const again = (await (await fetch(api(t, '/app_token'), { method: 'POST', headers: owner.headers, body: '{}' })).json()) as FreshdeskAppToken;
    const old = await fetch(api(t, '/tickets/604/requests'), { headers: bearer });
    expect(old.status).toBe(401);
    expect((await body(old)).message).toContain('Paste a new token into the app settings');
    expect((await fetch(api(t, '/tickets/604/requests'), { headers: { authorization: 'Bearer sbf_forged' } })).status).toBe(401);
    expect((await fetch(api(t, '/tickets/604/requests'), { headers: { authorization: `Bearer ${again.token}` } })).status).toBe(200);
    // Disconnecting forgets the token with the key.
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    expect((await fetch(api(t, '/tickets/604/requests'), { headers: { authorization: `Bearer ${again.token}` } })).status).toBe(401);
  });

  it('free accounts after the trial see why and cannot connect', async () => {
    const owner = await signUp(t);
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: null }).where('id', '=', owner.user.account.id).execute();
    expect((await status(t, owner)).plan_allows).toBe(false);
    const keyChecks = () => freshdesk.callsTo('GET', /^\/api\/v2\/agents\/me$/).length;
    const checksBefore = keyChecks();
    const res = await connect(t, owner);
    expect(res.status).toBe(402);
    expect(await body(res)).toMatchObject({ code: 'PLAN_REQUIRED', message: 'The Freshdesk integration is part of every paid plan. Upgrade to connect it.' });
    // Counted against the calls before this connect: the previous test's own connect may be less than a second old.
    expect(keyChecks()).toBe(checksBefore);
    // A paid plan after the trial may connect.
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'starter' }).where('id', '=', owner.user.account.id).execute();
    expect((await connect(t, owner)).status).toBe(200);
  });
});
