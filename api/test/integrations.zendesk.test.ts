import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedTicketRequest, PublicRecordingRequest, TicketRequest, TicketRequestList, ZendeskAppToken, ZendeskStatus, HelpdeskSyncEntry } from '@showback/contract';
import { addTeammate, body, signUp, type SignedUp } from './support/auth.ts';
import { makeDueNow } from './support/fixtures/alerts.ts';
import { helpdeskDeliveries, record, settled, waitFor } from './support/fixtures/helpdesk.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { startZendeskServer, ZENDESK_CLIENT, ZENDESK_SUBDOMAIN, type ZendeskServer } from './support/zendesk-server.ts';

const PUBLIC_URL = 'https://showback.example';
const api = (t: TestApp, path: string): string => `${t.url}/api/v1/integrations/zendesk${path}`;

async function status(t: TestApp, owner: SignedUp): Promise<ZendeskStatus> {
  return body(await fetch(api(t, '/status'), { headers: owner.headers }));
}

async function syncLog(t: TestApp, owner: SignedUp): Promise<HelpdeskSyncEntry[]> {
  return ((await body(await fetch(api(t, '/sync_log'), { headers: owner.headers }))) as { items: HelpdeskSyncEntry[] }).items;
}

/** What a browser does: asks for the authorize URL, opens Zendesk's page, clicks Allow (or Cancel), follows the redirect back. */
async function connect(t: TestApp, owner: SignedUp, choice: 'Allow' | 'Cancel' = 'Allow', tamper: (url: string) => string = (u) => u): Promise<Response> {
  const { authorize_url } = await body(await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: JSON.stringify({ subdomain: ZENDESK_SUBDOMAIN }) }));
  const page = await (await fetch(authorize_url)).text();
  const back = new RegExp(`href="([^"]+)">${choice}<`).exec(page)![1]!.replace(/&amp;/g, '&').replace(PUBLIC_URL, t.url);
  return fetch(tamper(back), { headers: { cookie: owner.cookie }, redirect: 'manual' });
}

async function ticketRequest(t: TestApp, owner: SignedUp, ticketId: number, subject: string): Promise<CreatedTicketRequest> {
  const res = await fetch(api(t, `/tickets/${ticketId}/requests`), {
    method: 'POST',
    headers: owner.headers,
    body: JSON.stringify({ subject, requester_email: 'grace@customer.example', requester_name: 'Grace Hopper' }),
  });
  expect(res.status).toBe(201);
  return body(res);
}

const zendeskDeliveries = (t: TestApp, accountId: string) => helpdeskDeliveries(t, accountId, 'zendesk');

/** The ticket's comments once there are `count`; on a timeout the error shows the zendesk deliveries. */
async function commentsOn(t: TestApp, owner: SignedUp, zendesk: ZendeskServer, ticket: number, count: number) {
  return waitFor(
    `${count} comments on ticket ${ticket}`,
    async () => ({ comments: zendesk.comments(ticket), deliveries: (await zendeskDeliveries(t, owner.user.account.id)).map((d) => [d.status, d.attempts, d.last_excerpt]) }),
    (v) => v.comments.length >= count,
    150_000,
  ).then((v) => v.comments);
}

const notes = (zendesk: ZendeskServer, ticket: number) => zendesk.comments(ticket).slice(1);

describe('Zendesk integration against a local Zendesk API', () => {
  let t: TestApp;
  let zendesk: ZendeskServer;
  beforeAll(async () => {
    zendesk = await startZendeskServer();
    t = await startTestApp({}, { ZENDESK_CLIENT_ID: ZENDESK_CLIENT.id, ZENDESK_CLIENT_SECRET: ZENDESK_CLIENT.secret, ZENDESK_URL: zendesk.urlTemplate, PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await zendesk?.close();
  });

  it('connects through OAuth with PKCE and a single-use state, keeps the tokens encrypted and never returns them', async () => {
    const owner = await signUp(t);
    expect(await status(t, owner)).toEqual({ connected: false, subdomain: null, error: null, connected_at: null, note_tags: [], plan_allows: true });
    const { authorize_url } = await body(await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: JSON.stringify({ subdomain: ZENDESK_SUBDOMAIN }) }));
    const url = new URL(authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${zendesk.urlTemplate.replace('{subdomain}', ZENDESK_SUBDOMAIN)}/oauth/authorizations/new`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: ZENDESK_CLIENT.id,
      redirect_uri: `${PUBLIC_URL}/api/v1/integrations/zendesk/callback`,
      scope: 'tickets:read tickets:write users:read',
      code_challenge_method: 'S256',
    });

    const exchanges = zendesk.callsTo('POST', /^\/oauth\/tokens$/).length;
    const res = await connect(t, owner);
    expect(res.headers.get('location')).toBe('/my/integrations?zendesk=connected');
    const exchange = zendesk.callsTo('POST', /^\/oauth\/tokens$/).slice(exchanges);
    expect(exchange).toHaveLength(1);
    expect(exchange[0]!.body).toMatchObject({ grant_type: 'authorization_code', client_id: ZENDESK_CLIENT.id, client_secret: ZENDESK_CLIENT.secret, code_verifier: expect.any(String) });
    expect(await status(t, owner)).toMatchObject({ connected: true, subdomain: ZENDESK_SUBDOMAIN, error: null });

    const row = await t.app.ctx.db.selectFrom('zendesk_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toMatch(/^v1\./);
    expect(row.refresh_token_encrypted).toMatch(/^v1\./);
    const issued = await (await fetch(`${zendesk.urlTemplate.replace('{subdomain}', ZENDESK_SUBDOMAIN)}/oauth/tokens`, { method: 'POST' })).text();
    expect(issued).toContain('invalid_client');
    expect(JSON.stringify(await status(t, owner))).not.toContain(row.access_token_encrypted.slice(3, 20));
  });

  it('refuses a cancelled, replayed, tampered or foreign state without exchanging a code', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const before = zendesk.callsTo('POST', /^\/oauth\/tokens$/).length;
    expect((await connect(t, owner, 'Cancel')).headers.get('location')).toBe('/my/integrations?zendesk=failed');
    expect((await connect(t, owner, 'Allow', (u) => u.replace(/state=[^&]+/, 'state=acme.forged'))).headers.get('location')).toBe('/my/integrations?zendesk=failed');
    // Another person's state, with the subdomain swapped: refused before any exchange.
    const { authorize_url } = await body(await fetch(api(t, '/authorize'), { method: 'POST', headers: other.headers, body: JSON.stringify({ subdomain: ZENDESK_SUBDOMAIN }) }));
    const page = await (await fetch(authorize_url)).text();
    const back = /href="([^"]+)">Allow</.exec(page)![1]!.replace(/&amp;/g, '&').replace(PUBLIC_URL, t.url);
    expect((await fetch(back, { headers: { cookie: owner.cookie }, redirect: 'manual' })).headers.get('location')).toBe('/my/integrations?zendesk=failed');
    expect(zendesk.callsTo('POST', /^\/oauth\/tokens$/).length).toBe(before);
    expect((await status(t, owner)).connected).toBe(false);
    const bad = await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: JSON.stringify({ subdomain: 'Not A Subdomain' }) });
    expect(bad.status).toBe(422);
  });

  it('writes one internal note per recording, then an update with the summary; a second recording adds its own note', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    zendesk.addTicket(501, 'Checkout <button> does nothing', { name: 'Grace Hopper', email: 'grace@customer.example' }, ['vip']);
    // Tags for the helpdesk's own triggers: a tag with a space is refused, good ones are kept.
    const patch = (tags: string[]) => fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ note_tags: tags }) });
    expect((await patch(['needs review'])).status).toBe(422);
    expect(await body(await patch(['showback_recording', 'needs_review']))).toMatchObject({ note_tags: ['showback_recording', 'needs_review'] });
    const made = await ticketRequest(t, owner, 501, 'Checkout <button> does nothing');
    expect(made).toMatchObject({ ticket_id: '501', requester_email: 'grace@customer.example', requester_name: 'Grace Hopper', state: 'sent', recordings: [] });
    expect(made.request.title).toBe('Checkout <button> does nothing');
    expect(made.request.link_url).toMatch(/\/r\//);
    // No language known for the requester: the reply's text is English and its link leaves the choice to the browser.
    expect(made.reply).toMatchObject({ language: 'en', link_url: made.request.link_url, text: `Could you show me what happens? Record your screen here: ${made.request.link_url}` });

    const first = await record(t, made.request.token);
    const [note, update] = await commentsOn(t, owner, zendesk, 501, 3).then((c) => c.slice(1));
    expect(note!.public).toBe(false);
    expect(note!.html_body).toContain('Showback recording: Checkout &lt;button&gt; does nothing');
    expect(note!.html_body).toContain(`href="${PUBLIC_URL}/my/recordings/${first}"`);
    expect(note!.html_body).toContain('The customer wrote:</strong> The pay button does nothing');
    expect(note!.html_body).toContain('<strong>Console errors:</strong> none');
    expect(note!.html_body).toContain('<strong>Environment:</strong> Chrome 156 · Linux · screen 1920x1080 · page https://example.test/app');
    expect(update!.public).toBe(false);
    expect(update!.html_body).toContain('Update to the Showback recording');
    expect(update!.html_body).toContain('<strong>Summary</strong>');

    const rows = await waitFor('the notes settling', () => zendeskDeliveries(t, owner.user.account.id), (r) => settled(r, 2));
    expect(rows.map((r) => [r.status, r.target, r.attempts])).toEqual([
      ['succeeded', '501', 1],
      ['succeeded', '501', 1],
    ]);
    const puts = zendesk.callsTo('PUT', /^\/api\/v2\/tickets\/501\.json$/);
    expect(puts).toHaveLength(2);
    expect(puts[0]!.authorization).toMatch(/^Bearer [0-9a-f]{48}$/);
    expect(puts[0]!.body).toEqual({ ticket: { comment: { html_body: expect.any(String), public: false }, additional_tags: ['showback_recording', 'needs_review'] } });
    expect(zendesk.tags(501)).toEqual(['vip', 'showback_recording', 'needs_review']);

    const log = await syncLog(t, owner);
    expect(log.map((e) => [e.ticket_id, e.event_type, e.status])).toEqual(
      expect.arrayContaining([
        ['501', 'submission.ready', 'succeeded'],
        ['501', 'submission.summarized', 'succeeded'],
      ]),
    );
    expect(JSON.stringify(log)).not.toMatch(/Bearer|access_token/);

    const listed = (await body(await fetch(api(t, '/tickets/501/requests'), { headers: owner.headers }))) as { items: TicketRequest[] };
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ state: 'ready', recordings: [{ id: first, status: 'ready' }] });

    const second = await record(t, made.request.token, 'Still broken');
    const all = await commentsOn(t, owner, zendesk, 501, 5);
    expect(all.slice(3).every((c) => !c.public)).toBe(true);
    expect(all[3]!.html_body).toContain(`/my/recordings/${second}`);
    expect(notes(zendesk, 501)).toHaveLength(4);
  }, 300_000);

  it('waits out a 429 per Retry-After and posts once; a lost answer is found in the ticket instead of posting twice', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    zendesk.addTicket(502, 'Login loops', { name: 'Ada', email: 'ada@customer.example' });
    const made = await ticketRequest(t, owner, 502, 'Login loops');
    zendesk.answerNextUpdates(502, { rateLimitedFor: 1 });
    await record(t, made.request.token);
    // Whether the summary is written before the note's retry or after it is the worker's timing: either the note
    // carries it (and the update posts nothing) or an update adds it; never twice, never missing.
    const rows = await waitFor('the notes settling', () => zendeskDeliveries(t, owner.user.account.id), (r) => settled(r, 2));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['succeeded', 2],
      ['succeeded', 1],
    ]);
    const posted = notes(zendesk, 502);
    expect(posted.filter((n) => n.html_body.includes('<strong>Summary</strong>'))).toHaveLength(1);
    const puts = zendesk.callsTo('PUT', /^\/api\/v2\/tickets\/502\.json$/);
    expect(puts.length).toBe(posted.length + 1);
    expect(puts[1]!.at - puts[0]!.at).toBeGreaterThanOrEqual(900);

    // Zendesk takes the note but the answer never arrives: the retry finds the note by its ref and posts nothing.
    zendesk.answerNextUpdates(502, { appliedThenDropped: true });
    const second = await record(t, made.request.token);
    await commentsOn(t, owner, zendesk, 502, posted.length + 2);
    const lost = await waitFor('the attempt to fail', () => zendeskDeliveries(t, owner.user.account.id), (r) => r.length >= 3 && r[2]!.status === 'pending' && r[2]!.attempts === 1);
    await makeDueNow(t, lost[2]!.id);
    const after = await waitFor('the retry and the update', () => zendeskDeliveries(t, owner.user.account.id), (r) => settled(r, 4));
    expect(after[2]!.last_excerpt).toContain('the earlier answer was lost');
    expect(zendesk.callsTo('GET', /^\/api\/v2\/tickets\/502\/comments\.json$/).length).toBeGreaterThanOrEqual(1);
    const ofSecond = notes(zendesk, 502).slice(posted.length);
    expect(ofSecond.filter((n) => n.html_body.includes('<p><strong>Showback recording:')).map((n) => n.html_body.includes(`/my/recordings/${second}`))).toEqual([true]);
    expect(ofSecond.filter((n) => n.html_body.includes('<strong>Summary</strong>'))).toHaveLength(1);
  }, 300_000);

  it('refreshes an expired access token with the rotating refresh token before posting', async () => {
    zendesk.setTokenLifetime(1);
    const owner = await signUp(t);
    try {
      await connect(t, owner);
    } finally {
      zendesk.setTokenLifetime(undefined);
    }
    zendesk.addTicket(503, 'Export is empty', { name: 'Ada', email: 'ada@customer.example' });
    const made = await ticketRequest(t, owner, 503, 'Export is empty');
    await new Promise((r) => setTimeout(r, 1100));
    const refreshes = zendesk.callsTo('POST', /^\/oauth\/tokens$/).filter((c) => (c.body as { grant_type?: string } | undefined)?.grant_type === 'refresh_token').length;
    await record(t, made.request.token);
    await commentsOn(t, owner, zendesk, 503, 2);
    expect(zendesk.callsTo('POST', /^\/oauth\/tokens$/).filter((c) => (c.body as { grant_type?: string } | undefined)?.grant_type === 'refresh_token').length).toBe(refreshes + 1);
  }, 300_000);

  it('a revoked access puts the connection in its error state, stops notes until reconnected, and disconnect revokes', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    zendesk.addTicket(504, 'Upload stuck', { name: 'Ada', email: 'ada@customer.example' });
    const made = await ticketRequest(t, owner, 504, 'Upload stuck');
    zendesk.revokeAll();
    await record(t, made.request.token);
    const rows = await waitFor('the failure', () => zendeskDeliveries(t, owner.user.account.id), (r) => r.length >= 1 && r[0]!.status === 'failed');
    expect(rows[0]).toMatchObject({ last_status: 401, attempts: 1 });
    expect(rows[0]!.last_excerpt).toContain('Reconnect Zendesk');
    expect((await status(t, owner)).error).toContain('Reconnect Zendesk');
    expect(notes(zendesk, 504)).toHaveLength(0);

    // Reconnecting clears the error; disconnecting revokes the token at Zendesk and forgets it.
    await connect(t, owner);
    expect((await status(t, owner)).error).toBeNull();
    const revokes = zendesk.callsTo('DELETE', /^\/api\/v2\/oauth\/tokens\/current\.json$/).length;
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    expect(zendesk.callsTo('DELETE', /^\/api\/v2\/oauth\/tokens\/current\.json$/).length).toBe(revokes + 1);
    expect((await status(t, owner)).connected).toBe(false);
    expect((await fetch(api(t, '/tickets/504/requests'), { headers: owner.headers })).status).toBe(404);
  }, 300_000);

  it('the Zendesk app signs in with its own token: approved by the agent in Showback, exchanged once by the app, refused once the agent or the connection is gone', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    const agent = await addTeammate(t, owner, 'member');
    const verifier = crypto.randomBytes(32).toString('base64url');
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    const approve = (who: SignedUp, input: object) => fetch(api(t, '/app/approve'), { method: 'POST', headers: who.headers, body: JSON.stringify(input) });
    const exchange = (v: string) => fetch(api(t, '/app/token'), { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://acme.apps.zdusercontent.com' }, body: JSON.stringify({ verifier: v }) });

    // Before the agent approves, and for another Zendesk, nothing is given.
    expect((await exchange(verifier)).status).toBe(404);
    const elsewhere = await approve(agent, { subdomain: 'other', challenge });
    expect(elsewhere.status).toBe(409);
    expect((await body(elsewhere)).message).toBe(`This Showback account is connected to ${ZENDESK_SUBDOMAIN}.zendesk.com, not other.zendesk.com.`);
    // Approving takes a signed-in Showback page (its cookie and CSRF token): a page elsewhere cannot approve for the agent.
    expect((await fetch(api(t, '/app/approve'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subdomain: ZENDESK_SUBDOMAIN, challenge }) })).status).toBe(403);

    // Approved: the verifier (not the challenge) gets the token, once; the answer is readable from the app's origin.
    expect((await approve(agent, { subdomain: ZENDESK_SUBDOMAIN, challenge })).status).toBe(201);
    expect((await approve(agent, { subdomain: ZENDESK_SUBDOMAIN, challenge })).status).toBe(409);
    expect((await exchange(challenge)).status).toBe(404);
    const granted = await exchange(verifier);
    expect(granted.status).toBe(200);
    expect(granted.headers.get('access-control-allow-origin')).toBe('*');
    expect(granted.headers.get('cache-control')).toBe('no-store');
    const app = (await granted.json()) as ZendeskAppToken;
    expect(app).toMatchObject({ subdomain: ZENDESK_SUBDOMAIN, user: { name: agent.user.name, email: agent.user.email }, token: expect.stringMatching(/^sbz_/) });
    expect((await exchange(verifier)).status).toBe(404);
    const stored = await t.app.ctx.db.selectFrom('zendesk_app_sessions').selectAll().where('user_id', '=', agent.user.id).executeTakeFirstOrThrow();
    expect(stored.challenge).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(app.token);

    // The app's calls: a preflight, then bearer calls without any cookie or CSRF token.
    const preflight = await fetch(api(t, '/tickets/601/requests'), { method: 'OPTIONS', headers: { origin: 'https://acme.apps.zdusercontent.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    const asApp = { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' };
    const made = await fetch(api(t, '/tickets/601/requests'), {
      method: 'POST',
      headers: asApp,
      body: JSON.stringify({ subject: 'Cannot export', requester_email: 'lin@customer.example', requester_name: 'Lin', requester_locale: 'de' }),
    });
    expect(made.status).toBe(201);
    expect(made.headers.get('access-control-allow-origin')).toBe('*');
    const request = (await made.json()) as CreatedTicketRequest;
    expect(request).toMatchObject({ ticket_id: '601', state: 'sent', request: { title: 'Cannot export' } });
    // The text for the reply is in the requester's language (Zendesk's locale), its link opening the recorder in it.
    const link = `${PUBLIC_URL}/de/r/${request.request.token}`;
    expect(request.reply).toEqual({
      language: 'de',
      link_url: link,
      text: `Könnten Sie mir zeigen, was passiert? Hier können Sie Ihren Bildschirm aufnehmen: ${link}`,
      html: `<p lang="de">Könnten Sie mir zeigen, was passiert? Hier können Sie Ihren Bildschirm aufnehmen: <a href="${link}" dir="ltr">${link}</a></p>`,
    });
    const binding = await t.app.ctx.db.selectFrom('helpdesk_ticket_requests').select('created_by').where('request_id', '=', request.request.id).executeTakeFirstOrThrow();
    expect(binding.created_by).toBe(agent.user.id);
    // A cookie call without the CSRF token is refused as everywhere else; a malformed bearer never falls back to the cookie.
    const withCookie = (authorization?: string) =>
      fetch(api(t, '/tickets/601/requests'), { method: 'POST', headers: { cookie: agent.cookie, 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify({ subject: 'x' }) });
    expect((await withCookie()).status).toBe(403);
    expect((await withCookie('Bearer two words')).status).toBe(401);

    // The customer opens the link: the requester is filled in for them and the sidebar says "opened".
    const opened = (await body(await fetch(`${t.url}/api/v1/public/requests/${request.request.token}`))) as PublicRecordingRequest;
    expect(opened.recipient).toEqual({ name: 'Lin', email: 'lin@customer.example' });
    const listed = async (token: string) => fetch(api(t, '/tickets/601/requests'), { headers: { authorization: `Bearer ${token}` } });
    expect(((await (await listed(app.token)).json()) as TicketRequestList).items.map((i) => i.state)).toEqual(['opened']);

    // A wrong token, sign-out, a disabled agent and a disconnected Zendesk all end the app's session.
    expect((await listed('sbz_forged')).status).toBe(401);
    const second = crypto.randomBytes(32).toString('base64url');
    await approve(agent, { subdomain: ZENDESK_SUBDOMAIN, challenge: crypto.createHash('sha256').update(second).digest('base64url') });
    const other = (await (await exchange(second)).json()) as ZendeskAppToken;
    expect((await fetch(api(t, '/app/session'), { method: 'DELETE', headers: { authorization: `Bearer ${other.token}` } })).status).toBe(204);
    expect((await listed(other.token)).status).toBe(401);
    await t.app.ctx.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', agent.user.id).execute();
    expect((await listed(app.token)).status).toBe(401);
    await t.app.ctx.db.updateTable('users').set({ disabled_at: null }).where('id', '=', agent.user.id).execute();
    expect((await listed(app.token)).status).toBe(200);
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    const ended = await listed(app.token);
    expect(ended.status).toBe(401);
    expect(await body(ended)).toMatchObject({ code: 'UNAUTHENTICATED' });

    // An approval not exchanged within 10 minutes is worth nothing.
    await connect(t, owner);
    const late = crypto.randomBytes(32).toString('base64url');
    await approve(agent, { subdomain: ZENDESK_SUBDOMAIN, challenge: crypto.createHash('sha256').update(late).digest('base64url') });
    await t.app.ctx.db.updateTable('zendesk_app_sessions').set({ exchange_by: new Date(Date.now() - 1000) }).where('user_id', '=', agent.user.id).where('token_hash', 'is', null).execute();
    expect((await exchange(late)).status).toBe(404);
  });

  it('free accounts after the trial see why and cannot connect', async () => {
    const owner = await signUp(t);
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: null }).where('id', '=', owner.user.account.id).execute();
    expect((await status(t, owner)).plan_allows).toBe(false);
    const res = await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: JSON.stringify({ subdomain: ZENDESK_SUBDOMAIN }) });
    expect(res.status).toBe(402);
    expect(await body(res)).toMatchObject({ code: 'PLAN_REQUIRED' });
  });
});
