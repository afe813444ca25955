import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpdeskSyncEntry, IntercomStatus, TicketRequest } from '@showback/contract';
import { listIntercomConversationRequests } from '../src/integrations/intercom/intercom.service.ts';
import { body, signUp, type SignedUp } from './support/auth.ts';
import { makeDueNow } from './support/fixtures/alerts.ts';
import { helpdeskDeliveries, record, settled, waitFor } from './support/fixtures/helpdesk.ts';
import { connectLinearWithTeam, linearEnv } from './support/fixtures/linear.ts';
import { EU_WORKSPACE, INTERCOM_CLIENT, signCanvasBody, startIntercomServer, US_WORKSPACE, type IntercomServer } from './support/intercom-server.ts';
import { startLinearServer, type LinearServer } from './support/linear-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://showback.example';
const api = (t: TestApp, path: string): string => `${t.url}/api/v1/integrations/intercom${path}`;

async function status(t: TestApp, owner: SignedUp): Promise<IntercomStatus> {
  return body(await fetch(api(t, '/status'), { headers: owner.headers }));
}

async function syncLog(t: TestApp, owner: SignedUp): Promise<HelpdeskSyncEntry[]> {
  return ((await body(await fetch(api(t, '/sync_log'), { headers: owner.headers }))) as { items: HelpdeskSyncEntry[] }).items;
}

/** What a browser does: asks for the authorize URL, opens Intercom's consent page, clicks (or cancels), follows the redirect back. */
async function connect(t: TestApp, owner: SignedUp, choice = 'Authorize access', tamper: (url: string) => string = (u) => u): Promise<Response> {
  const { authorize_url } = await body(await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: '{}' }));
  const page = await (await fetch(authorize_url)).text();
  const back = new RegExp(`href="([^"]+)">${choice}<`).exec(page)![1]!.replace(/&amp;/g, '&').replace(PUBLIC_URL, t.url);
  return fetch(tamper(back), { headers: { cookie: owner.cookie }, redirect: 'manual' });
}

type Component = { type: string; id?: string; text?: string; value?: string; label?: string; items?: { id: string; title: string; subtitle: string; action: { url: string } }[] };
type CanvasAnswer = { canvas: { content: { components: Component[] } } };

const canvasUrl = (t: TestApp, step: 'initialize' | 'submit' | 'configure') => api(t, `/canvas/${step}`);

/** An agent clicks "Create recording link" in the inbox app: the request bound to the conversation, read back from the panel. */
async function conversationRequest(t: TestApp, intercom: IntercomServer, owner: SignedUp, conversationId: string): Promise<TicketRequest> {
  const res = await intercom.canvasRequest(canvasUrl(t, 'submit'), conversationId, { componentId: 'create_recording_link' });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as CanvasAnswer;
  const link = answer.canvas.content.components.find((c) => c.type === 'input')!.value!;
  // The text to copy into the reply, in the customer's language (none known to Intercom here: English).
  expect(answer.canvas.content.components.find((c) => c.id === 'reply_text')).toMatchObject({ label: 'Text for your reply (English)', value: `Could you show me what happens? Record your screen here: ${link}` });
  const token = link.split('/r/')[1]!;
  const [made] = await listIntercomConversationRequests(t.app.ctx, owner.user.account.id, conversationId).then((all) => all.filter((r) => r.request.token === token));
  return made!;
}

const deliveries = (t: TestApp, owner: SignedUp) => helpdeskDeliveries(t, owner.user.account.id, 'intercom');

/** The conversation's notes once `done` holds; on a timeout the error shows the intercom deliveries. */
async function notesOn(t: TestApp, owner: SignedUp, intercom: IntercomServer, conversation: string, done: (bodies: string[]) => boolean) {
  return waitFor(
    `the notes on conversation ${conversation}`,
    async () => ({ notes: intercom.notes(conversation), deliveries: (await deliveries(t, owner)).map((d) => [d.status, d.attempts, d.last_excerpt]) }),
    (v) => done(v.notes.map((n) => n.body)),
    150_000,
  ).then((v) => v.notes);
}

const summarized = (html: string) => html.includes('<strong>Summary</strong>');
const replies = (intercom: IntercomServer, conversation: string) => intercom.callsTo('POST', new RegExp(`^/conversations/${conversation}/reply$`));

describe('Intercom integration against a local Intercom API', () => {
  let t: TestApp;
  let intercom: IntercomServer;
  let linear: LinearServer;
  beforeAll(async () => {
    intercom = await startIntercomServer();
    linear = await startLinearServer();
    t = await startTestApp(
      {},
      {
        INTERCOM_CLIENT_ID: INTERCOM_CLIENT.id,
        INTERCOM_CLIENT_SECRET: INTERCOM_CLIENT.secret,
        INTERCOM_AUTHORIZE_URL: intercom.authorizeUrl,
        INTERCOM_API_URL: intercom.apiUrls.us,
        INTERCOM_EU_API_URL: intercom.apiUrls.eu,
        INTERCOM_AU_API_URL: intercom.apiUrls.au,
        ...linearEnv(linear),
        PUBLIC_URL,
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await intercom?.close();
    await linear?.close();
  });

  it('connects by OAuth with a single-use state, records the workspace, its region and the admin, and keeps the token encrypted', async () => {
    const owner = await signUp(t);
    expect(await status(t, owner)).toEqual({ connected: false, workspace_name: null, region: null, admin: null, error: null, connected_at: null, plan_allows: true });
    const { authorize_url } = await body(await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: '{}' }));
    const url = new URL(authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(intercom.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: INTERCOM_CLIENT.id, state: expect.any(String), redirect_uri: `${PUBLIC_URL}/api/v1/integrations/intercom/callback` });

    // Refused before any exchange: cancelled on Intercom's page, a forged state, another person's state.
    const exchanges = () => intercom.callsTo('POST', /^\/auth\/eagle\/token$/).length;
    const before = exchanges();
    expect((await connect(t, owner, 'Cancel')).headers.get('location')).toBe('/my/integrations?intercom=failed');
    expect((await connect(t, owner, 'Authorize access', (u) => u.replace(/state=[^&]+/, 'state=forged'))).headers.get('location')).toBe('/my/integrations?intercom=failed');
    const other = await signUp(t);
    const { authorize_url: theirs } = await body(await fetch(api(t, '/authorize'), { method: 'POST', headers: other.headers, body: '{}' }));
    const back = /href="([^"]+)">Authorize access</.exec(await (await fetch(theirs)).text())![1]!.replace(/&amp;/g, '&').replace(PUBLIC_URL, t.url);
    expect((await fetch(back, { headers: { cookie: owner.cookie }, redirect: 'manual' })).headers.get('location')).toBe('/my/integrations?intercom=failed');
    expect(exchanges()).toBe(before);

    expect((await connect(t, owner)).headers.get('location')).toBe('/my/integrations?intercom=connected');
    const exchange = intercom.callsTo('POST', /^\/auth\/eagle\/token$/).slice(before);
    expect(exchange).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(exchange[0]!.body as string))).toEqual({ code: expect.any(String), client_id: INTERCOM_CLIENT.id, client_secret: INTERCOM_CLIENT.secret });
    expect(await status(t, owner)).toMatchObject({ connected: true, workspace_name: US_WORKSPACE.name, region: 'us', admin: { name: US_WORKSPACE.admin.name, email: US_WORKSPACE.admin.email }, error: null });
    const me = intercom.callsTo('GET', /^\/me$/).at(-1)!;
    expect(me.version).toBe('2.14');

    const row = await t.app.ctx.db.selectFrom('intercom_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toMatch(/^v1\./);
    expect(row).toMatchObject({ workspace_id: US_WORKSPACE.id_code, admin_id: US_WORKSPACE.admin.id });
    const token = me.authorization!.replace('Bearer ', '');
    expect(JSON.stringify(await status(t, owner))).not.toContain(token);

    // Disconnect uninstalls the app at Intercom: the token stops working there.
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    const uninstall = intercom.callsTo('POST', /^\/auth\/uninstall$/).at(-1)!;
    expect(uninstall).toMatchObject({ region: 'us', authorization: `Bearer ${token}` });
    expect((await fetch(`${intercom.apiUrls.us}/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await status(t, owner)).connected).toBe(false);
  });

  it('an EU workspace gets one admin note per recording on its regional API, then one follow-up note with the summary; a second recording adds its own', async () => {
    const owner = await signUp(t);
    intercom.consentAs(EU_WORKSPACE);
    try {
      await connect(t, owner);
    } finally {
      intercom.consentAs(US_WORKSPACE);
    }
    expect(await status(t, owner)).toMatchObject({ workspace_name: EU_WORKSPACE.name, region: 'eu' });
    intercom.addConversation(EU_WORKSPACE, '7001', 'Checkout <button> does nothing', { name: 'Grace Hopper', email: 'grace@customer.example' });
    const made = await conversationRequest(t, intercom, owner, '7001');
    const first = await record(t, made.request.token);

    const [note, update] = await notesOn(t, owner, intercom, '7001', (b) => b.length >= 2);
    expect(note!.author).toMatchObject({ type: 'admin', id: EU_WORKSPACE.admin.id });
    expect(note!.body).toContain('Showback recording: Checkout &lt;button&gt; does nothing');
    expect(note!.body).toContain(`href="${PUBLIC_URL}/my/recordings/${first}"`);
    expect(note!.body).toContain('The summary follows in an update once the transcript is written.');
    expect(update!.body).toContain('Update to the Showback recording');
    expect(summarized(update!.body)).toBe(true);
    const rows = await waitFor('the notes settling', () => deliveries(t, owner), (r) => settled(r, 2));
    expect(rows.map((r) => [r.status, r.target, r.attempts])).toEqual([
      ['succeeded', '7001', 1],
      ['succeeded', '7001', 1],
    ]);
    // Every reply went to the EU API with the version header, as a note by the connected admin.
    const posted = replies(intercom, '7001');
    expect(posted).toHaveLength(2);
    expect(posted.map((c) => [c.region, c.version])).toEqual([
      ['eu', '2.14'],
      ['eu', '2.14'],
    ]);
    expect(posted[0]!.body).toMatchObject({ type: 'admin', message_type: 'note', admin_id: EU_WORKSPACE.admin.id });
    const log = await syncLog(t, owner);
    expect(log.map((e) => [e.ticket_id, e.status])).toEqual([
      ['7001', 'succeeded'],
      ['7001', 'succeeded'],
    ]);

    const second = await record(t, made.request.token, 'Still broken');
    const all = await notesOn(t, owner, intercom, '7001', (b) => b.length >= 4 && summarized(b[3]!));
    expect(all[2]!.body).toContain(`/my/recordings/${second}`);
    expect(replies(intercom, '7001')).toHaveLength(4);
  }, 300_000);

  it('waits out a 429 until X-RateLimit-Reset and posts once; a lost answer is found in the conversation instead of posting twice', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    intercom.addConversation(US_WORKSPACE, '7002', 'Login loops', { name: 'Ada', email: 'ada@customer.example' });
    const made = await conversationRequest(t, intercom, owner, '7002');
    intercom.answerNextReplies('7002', { rateLimitedFor: 1 });
    await record(t, made.request.token);
    const rows = await waitFor('the notes settling', () => deliveries(t, owner), (r) => settled(r, 2));
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(rows[0]).toMatchObject({ attempts: 2 });
    // The retry carries the summary when it was written meanwhile (then no follow-up), else the follow-up does.
    const notes = await notesOn(t, owner, intercom, '7002', (b) => b.length >= 1 && summarized(b.at(-1)!));
    const posts = replies(intercom, '7002');
    expect(posts).toHaveLength(notes.length + 1);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(900);

    // Intercom takes the next note but its answer never arrives: the retry finds it among the conversation's parts
    // by its ref (GET /conversations/{id}) and posts nothing.
    const before = notes.length;
    intercom.answerNextReplies('7002', { appliedThenDropped: true });
    await record(t, made.request.token);
    const lost = await waitFor('the attempt to fail', () => deliveries(t, owner), (r) => r.length >= 3 && r[2]!.status === 'pending' && r[2]!.attempts === 1, 150_000);
    // Retried after a minute: brought forward rather than waited for.
    await makeDueNow(t, lost[2]!.id);
    const after = await waitFor('the retry', () => deliveries(t, owner), (r) => r.length >= 3 && r[2]!.status === 'succeeded', 150_000);
    expect(after[2]!.last_excerpt).toContain('the earlier answer was lost');
    expect(intercom.callsTo('GET', /^\/conversations\/7002$/).length).toBeGreaterThanOrEqual(1);
    expect(intercom.notes('7002').length).toBeGreaterThanOrEqual(before + 1);
    expect(replies(intercom, '7002').length - posts.length).toBe(intercom.notes('7002').length - before);
  }, 300_000);

  it('an uninstalled app puts the connection in its error state and stops notes until reconnected; free accounts after the trial cannot connect', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    intercom.addConversation(US_WORKSPACE, '7003', 'Upload stuck', { name: 'Ada', email: 'ada@customer.example' });
    const made = await conversationRequest(t, intercom, owner, '7003');
    intercom.revokeAll();
    await record(t, made.request.token);
    const rows = await waitFor('the failure', () => deliveries(t, owner), (r) => r.length >= 1 && r[0]!.status === 'failed');
    expect(rows[0]).toMatchObject({ last_status: 401, attempts: 1 });
    expect(rows[0]!.last_excerpt).toContain('Reconnect Intercom.');
    expect((await status(t, owner)).error).toContain('Intercom no longer accepts');
    expect(intercom.notes('7003')).toHaveLength(0);
    // Connecting again clears the error.
    expect((await connect(t, owner)).headers.get('location')).toBe('/my/integrations?intercom=connected');
    expect((await status(t, owner)).error).toBeNull();

    const free = await signUp(t);
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: null }).where('id', '=', free.user.account.id).execute();
    expect((await status(t, free)).plan_allows).toBe(false);
    const res = await fetch(api(t, '/authorize'), { method: 'POST', headers: free.headers, body: '{}' });
    expect(res.status).toBe(402);
    expect(await body(res)).toMatchObject({ code: 'PLAN_REQUIRED', message: 'The Intercom integration is part of every paid plan. Upgrade to connect it.' });
  }, 300_000);

  it('the inbox app: signed requests only; the panel lists the conversation’s requests and "Create recording link" makes one bound to it with the contact filled in', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    intercom.addConversation(US_WORKSPACE, '7004', 'Export is empty', { name: 'Grace Hopper', email: 'grace@customer.example' });

    // A forged or missing signature, or one made with another secret, is refused.
    expect((await intercom.canvasRequest(canvasUrl(t, 'initialize'), '7004', { sign: () => 'deadbeef' })).status).toBe(401);
    expect((await intercom.canvasRequest(canvasUrl(t, 'initialize'), '7004', { sign: (b) => signCanvasBody(b, 'another-secret') })).status).toBe(401);

    const panel = (await (await intercom.canvasRequest(canvasUrl(t, 'initialize'), '7004')).json()) as CanvasAnswer;
    expect(panel.canvas.content.components.map((c) => c.type)).toEqual(['text', 'text', 'divider', 'button', 'button']);
    expect(panel.canvas.content.components[1]!.text).toBe('No recording asked for in this conversation yet.');

    const made = await conversationRequest(t, intercom, owner, '7004');
    expect(made).toMatchObject({ ticket_id: '7004', requester_email: 'grace@customer.example', requester_name: 'Grace Hopper', state: 'sent' });
    expect(made.request.title).toBe('Export is empty');
    // Made as the member whose email is the Intercom admin's, else the one who connected: here the owner.
    const binding = await t.app.ctx.db.selectFrom('helpdesk_ticket_requests').select(['created_by', 'helpdesk', 'site']).where('request_id', '=', made.request.id).executeTakeFirstOrThrow();
    expect(binding).toEqual({ created_by: owner.user.id, helpdesk: 'intercom', site: US_WORKSPACE.id_code });

    // The customer opens the link: the panel shows it opened, with the link's item.
    await fetch(`${t.url}/api/v1/public/requests/${made.request.token}`);
    const after = (await (await intercom.canvasRequest(canvasUrl(t, 'submit'), '7004', { componentId: 'refresh' })).json()) as CanvasAnswer;
    const list = after.canvas.content.components.find((c) => c.type === 'list')!;
    expect(list.items!.map((i) => [i.title, i.subtitle, i.action.url])).toEqual([['Export is empty', 'Opened', made.request.link_url]]);

    // A workspace no Showback account connected gets the way to connect, not an error.
    const stranger = { ...US_WORKSPACE, id_code: 'unknownws' };
    intercom.addConversation(stranger, '7005', 'Hello', { name: 'Ada', email: 'ada@customer.example' });
    const notice = (await (await intercom.canvasRequest(canvasUrl(t, 'initialize'), '7005')).json()) as CanvasAnswer;
    expect(notice.canvas.content.components[1]!.text).toContain('not connected to Showback');
  });

  it("creates the issue from the inbox app on a recording of the conversation; the panel and a follow-up note show it", async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    intercom.addConversation(US_WORKSPACE, '7006', 'Refund button greyed out', { name: 'Grace Hopper', email: 'grace@customer.example' });
    const made = await conversationRequest(t, intercom, owner, '7006');
    const id = await record(t, made.request.token);
    await waitFor('the recording to be ready', () => listIntercomConversationRequests(t.app.ctx, owner.user.account.id, '7006'), (items) => items[0]?.recordings[0]?.status === 'ready', 150_000);
    const panel = async (componentId?: string) =>
      ((await (await intercom.canvasRequest(canvasUrl(t, componentId ? 'submit' : 'initialize'), '7006', componentId ? { componentId } : {})).json()) as CanvasAnswer).canvas.content.components;

    // No tracker connected: nothing to escalate to.
    expect((await panel()).some((c) => c.label?.startsWith('Create issue'))).toBe(false);
    await connectLinearWithTeam(t, owner);
    const button = (await panel()).find((c) => c.label === 'Create issue in Linear')!;
    expect(button.id).toBe(`create_issue:linear:${id}`);
    // A recording of another conversation, or a tracker not connected, is said so at the top of the panel.
    expect((await panel(`create_issue:linear:${crypto.randomUUID()}`))[1]).toEqual({ type: 'text', text: 'This recording was not asked for in this conversation.', style: 'error' });
    expect((await panel(`create_issue:jira:${id}`))[1]).toMatchObject({ type: 'text', style: 'error', text: expect.stringContaining('not connected to Showback') });

    const after = await panel(button.id);
    expect(after[1]).toEqual({ type: 'text', text: expect.stringMatching(/^Created ENG-\d+ in Linear\.$/), style: 'paragraph' });
    const issue = linear.issues().find((i) => i.description?.includes(`/my/recordings/${id}`))!;
    const listed = after.flatMap((c) => c.items ?? []).find((i) => i.title === issue.identifier)!;
    expect(listed).toMatchObject({ subtitle: 'Triage · Refund button greyed out', action: { url: issue.url } });
    expect(after.some((c) => c.label === 'Create issue in Linear')).toBe(false);
    // Made as the member the app acts as (here the owner, who connected Intercom).
    expect((await t.app.ctx.db.selectFrom('linear_issues').select('created_by').where('submission_id', '=', id).executeTakeFirstOrThrow()).created_by).toBe(owner.user.id);

    // Intercom cannot edit a note: the issue comes as a follow-up note on the conversation.
    const notes = await notesOn(t, owner, intercom, '7006', (b) => b.some((n) => n.includes('Escalated:')));
    expect(notes.find((n) => n.body.includes('Escalated:'))!.body).toContain(`<a href="${issue.url}">${issue.identifier}</a> in Linear: <strong>Triage</strong>`);
  }, 300_000);

  it('inserted into a reply, the app makes the request from the conversation and the customer gets a card that opens the recorder', async () => {
    const owner = await signUp(t);
    await connect(t, owner);
    intercom.addConversation(US_WORKSPACE, '7007', 'Cannot upload the invoice', { name: 'Grace Hopper', email: 'grace@customer.example' });
    const messengerUrl = api(t, '/messenger/initialize');
    const { configured, card } = await intercom.insertIntoReply(canvasUrl(t, 'configure'), messengerUrl, '7007');
    // The configure flow answers the card's creation options at once: one click in the inserter, as in Zendesk.
    const requestId = (configured as { results: { request_id: string } }).results.request_id;
    const [made] = await listIntercomConversationRequests(t.app.ctx, owner.user.account.id, '7007');
    expect(made).toMatchObject({ request: { id: requestId, title: 'Cannot upload the invoice' }, requester_name: 'Grace Hopper', requester_email: 'grace@customer.example', state: 'sent' });
    expect(card!.status).toBe(200);
    const shown = ((await card!.json()) as CanvasAnswer).canvas.content.components;
    // The Messenger speaks English to this customer (context.locale): the link opens the recorder in English.
    const english = made!.request.link_url.replace('/r/', '/en/r/');
    expect(shown.find((c) => c.type === 'button')).toMatchObject({ label: 'Record my screen', action: { type: 'url', url: english } });
    expect((await fetch(`${t.url}/api/v1/public/requests/${made!.request.token}`)).status).toBe(200);

    const messenger = (payload: object, sign = signCanvasBody) => {
      const body = JSON.stringify(payload);
      return fetch(messengerUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-body-signature': sign(body) }, body });
    };
    const cardText = async (res: Response) => ((await res.json()) as CanvasAnswer).canvas.content.components.map((c) => c.text ?? c.label).join(' ');
    // In the customer's language: the Messenger's, unless a language was set for the contact; the request's own first.
    const cardIn = (locale: string, contact: object = {}) => messenger({ workspace_id: US_WORKSPACE.id_code, card_creation_options: { request_id: requestId }, context: { location: 'conversation', locale }, contact: { type: 'user', ...contact } });
    const japanese = ((await (await cardIn('ja', { browser_language: 'de' })).json()) as CanvasAnswer).canvas.content.components;
    expect(japanese.map((c) => c.text ?? c.label)).toEqual(['どのような状況か見せていただけますか？', 'ブラウザで画面を録画できます。アカウント登録、拡張機能、ダウンロードは不要です。', '画面を録画する']);
    expect(japanese.find((c) => c.type === 'button')).toMatchObject({ action: { url: made!.request.link_url.replace('/r/', '/ja/r/') } });
    expect(await cardText(await cardIn('ja', { language_override: 'pt-BR' }))).toContain('Gravar minha tela');
    await t.app.ctx.db.updateTable('recording_requests').set({ language: 'ar' }).where('id', '=', requestId).execute();
    expect(await cardText(await cardIn('ja', { language_override: 'pt-BR' }))).toContain('سجّل شاشتي');
    await t.app.ctx.db.updateTable('recording_requests').set({ language: null }).where('id', '=', requestId).execute();
    // Signed by Intercom only; another workspace's card, or an archived request, opens nothing.
    expect((await messenger({ workspace_id: US_WORKSPACE.id_code, card_creation_options: { request_id: requestId } }, () => 'deadbeef')).status).toBe(401);
    expect(await cardText(await messenger({ workspace_id: EU_WORKSPACE.id_code, card_creation_options: { request_id: requestId } }))).toContain('no longer available');
    await t.app.ctx.db.updateTable('recording_requests').set({ status: 'archived' }).where('id', '=', requestId).execute();
    expect(await cardText(await messenger({ workspace_id: US_WORKSPACE.id_code, card_creation_options: { request_id: requestId } }))).toContain('no longer available');

    // A workspace no Showback account connected: the teammate is told how to connect, no request is made.
    intercom.addConversation({ ...US_WORKSPACE, id_code: 'unknownws2' }, '7008', 'Hello', { name: 'Ada', email: 'ada@customer.example' });
    const refused = await intercom.insertIntoReply(canvasUrl(t, 'configure'), messengerUrl, '7008');
    expect(refused.card).toBeUndefined();
    expect(JSON.stringify(refused.configured)).toContain('not connected to Showback');
  });
});
