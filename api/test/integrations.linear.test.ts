import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinearIssue, LinearStatus, RecordingLinearIssue, TicketRequestList } from '@showback/contract';
import { addTeammate, body, signUp, type SignedUp } from './support/auth.ts';
import { record, waitFor } from './support/fixtures/helpdesk.ts';
import { connectLinearWithTeam, linearEnv } from './support/fixtures/linear.ts';
import { FRESHDESK_DOMAIN, FRESHDESK_KEY, startFreshdeskServer, type FreshdeskServer } from './support/freshdesk-server.ts';
import { LINEAR_TEAMS, LINEAR_WORKSPACE, startLinearServer, type LinearServer } from './support/linear-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { recordingWithProblems, trackerCalls } from './support/tracker-calls.ts';

const PUBLIC_URL = 'https://showback.example';
const { api, issueUrl, status, escalate, ...calls } = trackerCalls<LinearStatus>('linear', PUBLIC_URL);
const connect = (t: TestApp, owner: SignedUp, choice: 'Allow' | 'Cancel' = 'Allow') => calls.connect(t, owner, choice);

describe('Linear escalation against a local Linear', () => {
  let t: TestApp;
  let linear: LinearServer;
  let freshdesk: FreshdeskServer;
  const env = () => ({
    ...linearEnv(linear),
    FRESHDESK_URL: freshdesk.urlTemplate,
    PUBLIC_URL,
  });
  beforeAll(async () => {
    linear = await startLinearServer();
    freshdesk = await startFreshdeskServer();
    t = await startTestApp({}, env());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await linear?.close();
    await freshdesk?.close();
  });

  it('connects by OAuth (a refused consent connects nothing), lists the teams and keeps the tokens encrypted', async () => {
    const owner = await signUp(t);
    expect((await connect(t, owner, 'Cancel')).headers.get('location')).toBe('/my/integrations?linear=failed');
    expect((await status(t, owner)).connected).toBe(false);

    expect((await connect(t, owner)).headers.get('location')).toBe('/my/integrations?linear=connected');
    const connected = await status(t, owner);
    expect(connected).toMatchObject({ connected: true, organization_name: LINEAR_WORKSPACE.name, team: null, error: null, plan_allows: true });
    const row = await t.app.ctx.db.selectFrom('linear_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toMatch(/^v1\./);
    expect(row.refresh_token_encrypted).toMatch(/^v1\./);
    expect(row.access_token_encrypted).not.toContain('lin_oauth_');

    const teams = await body(await fetch(api(t, '/teams'), { headers: owner.headers }));
    expect(teams.items).toEqual(LINEAR_TEAMS);
    const wrong = await fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ team_id: 'team-nope' }) });
    expect(wrong.status).toBe(422);
    const picked = await body(await fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ team_id: 'team-sup' }) }));
    expect(picked.team).toEqual(LINEAR_TEAMS[1]);

    // A member may escalate but not connect.
    const member = await addTeammate(t, owner);
    expect((await fetch(api(t, '/authorize'), { method: 'POST', headers: member.headers, body: '{}' })).status).toBe(403);
  });

  it('creates the issue with the diagnosis and the recording attached; a second escalation updates that issue', async () => {
    const owner = await signUp(t);
    await connectLinearWithTeam(t, owner);
    const id = await recordingWithProblems(t, owner, 'Checkout spins forever');
    const before: RecordingLinearIssue = await body(await fetch(issueUrl(t, id), { headers: owner.headers }));
    expect(before).toEqual({ issue: null, can_create: true });

    const member = await addTeammate(t, owner);
    const res = await escalate(t, member, id);
    expect(res.status).toBe(200);
    const issue: LinearIssue = await body(res);
    expect(issue).toMatchObject({ identifier: expect.stringMatching(/^ENG-\d+$/), title: 'Checkout spins forever', state: { name: 'Triage', type: 'triage' }, escalations: 1 });

    const stored = linear.issues().find((i) => i.id === issue.id)!;
    expect(stored.team.key).toBe('ENG');
    const recording = `${PUBLIC_URL}/my/recordings/${id}`;
    expect(stored.description).toContain(`[Showback recording](${recording})`);
    expect(stored.description).toContain(`[00:01](${recording}?t=1) TypeError: cart is undefined`);
    expect(stored.description).toContain(`[00:02](${recording}?t=2) POST https://app.example.test/api/pay → 502`);
    expect(stored.description).toContain('- **Browser:** Chrome 156');
    // The request list as a HAR file, uploaded through fileUpload's pre-signed PUT and linked from the description.
    const har = /\[showback-requests-[0-9a-f]{8}\.har\]\((http[^)]+)\) — 2 requests as HAR/.exec(stored.description ?? '');
    expect(har).not.toBeNull();
    const log = JSON.parse(linear.asset(har![1]!)!.toString('utf8')) as { log: { version: string; entries: { request: { method: string; url: string; queryString: unknown[] }; response: { status: number }; time: number }[] } };
    expect(log.log.version).toBe('1.2');
    expect(log.log.entries.map((e) => [e.request.method, e.request.url, e.response.status, e.time])).toEqual([
      ['POST', 'https://app.example.test/api/pay', 502, 840],
      ['GET', 'https://app.example.test/api/cart?id=7', 200, 35],
    ]);
    expect(log.log.entries[1]!.request.queryString).toEqual([{ name: 'id', value: '7' }]);
    // The same file from Showback, for the account's members only (the link GitHub issues carry).
    const own = await fetch(`${t.url}/api/v1/submissions/${id}/requests.har`, { headers: member.headers });
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="?showback-requests-[0-9a-f]{8}\.har"?$/);
    expect(await own.json()).toEqual(log);
    expect((await fetch(`${t.url}/api/v1/submissions/${id}/requests.har`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/v1/submissions/${id}/requests.har`, { headers: (await signUp(t)).headers })).status).toBe(404);
    const [attachment] = linear.attachments(issue.id);
    expect(attachment).toMatchObject({ url: recording, subtitle: expect.stringContaining('1 console errors · 1 failed requests') });

    const again = await escalate(t, owner, id, { title: 'Checkout: payment request fails with 502' });
    expect(again.status).toBe(200);
    const updated: LinearIssue = await body(again);
    expect(updated).toMatchObject({ id: issue.id, identifier: issue.identifier, title: 'Checkout: payment request fails with 502', escalations: 2 });
    expect(linear.issues().filter((i) => i.description?.includes(recording))).toHaveLength(1);
    expect(linear.attachments(issue.id)).toHaveLength(1);

    const after: RecordingLinearIssue = await body(await fetch(issueUrl(t, id), { headers: owner.headers }));
    expect(after.issue).toMatchObject({ id: issue.id, escalations: 2 });
  });

  it("links the issue to the account's share link for its domains, so whoever opens it can watch; the attachment still finds the issue", async () => {
    const owner = await signUp(t);
    await connectLinearWithTeam(t, owner);
    const id = await recordingWithProblems(t, owner, 'Shared with the engineers');
    expect((await fetch(`${t.url}/api/v1/account/sharing`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ domains: ['acme.test'] }) })).status).toBe(200);
    const issue: LinearIssue = await body(await escalate(t, owner, id));
    const description = linear.issues().find((i) => i.id === issue.id)!.description ?? '';
    const shared = /\[Showback recording\]\((https:\/\/showback\.example\/s\/([\w-]{43}))\)/.exec(description);
    expect(shared, description).not.toBeNull();
    expect(description).toContain(`[00:01](${shared![1]}?t=1) TypeError: cart is undefined`);
    expect(description).not.toContain('/my/recordings/');
    const info = await fetch(`${t.url}/api/v1/public/shares/${shared![2]}`);
    expect(await info.json()).toMatchObject({ audience: 'domain', verified: false });
    expect(linear.attachments(issue.id)[0]!.url).toBe(`${PUBLIC_URL}/my/recordings/${id}`);
    // Escalated again: the same issue, the same link.
    expect((await body(await escalate(t, owner, id))).id).toBe(issue.id);
    expect(linear.issues().find((i) => i.id === issue.id)!.description).toContain(shared![1]);
  });

  it('creates the issue even when the request list cannot be uploaded, and says so in it', async () => {
    const owner = await signUp(t);
    await connectLinearWithTeam(t, owner);
    const id = await recordingWithProblems(t, owner, 'Storage down');
    linear.refuseUploadOf(`showback-requests-${id.slice(0, 8)}.har`);
    const res = await escalate(t, owner, id);
    expect(res.status).toBe(200);
    const issue: LinearIssue = await body(res);
    const stored = linear.issues().find((i) => i.id === issue.id)!;
    expect(stored.description).toContain("The 2 requests could not be uploaded as a HAR file (the upload answered HTTP 503); they are on the recording's page.");
    expect(stored.description).toContain('TypeError: cart is undefined');
  });

  it('takes a signed Issue webhook once, refuses a bad signature and a stale one', async () => {
    const owner = await signUp(t);
    await connectLinearWithTeam(t, owner);
    const id = await recordingWithProblems(t, owner, 'Webhook recording');
    const issue: LinearIssue = await body(await escalate(t, owner, id));
    const hook = `${t.url}/api/v1/integrations/linear/webhook`;
    const shown = async () => ((await body(await fetch(issueUrl(t, id), { headers: owner.headers }))) as RecordingLinearIssue).issue!.state;

    const forged = await linear.sendWebhook(hook, linear.moveIssue(issue.id, 'Done'), { signWith: 'not-the-secret' });
    expect(forged.status).toBe(401);
    const stale = await linear.sendWebhook(hook, { ...linear.moveIssue(issue.id, 'Done'), webhookTimestamp: Date.now() - 5 * 60_000 });
    expect(stale.status).toBe(400);
    expect(await shown()).toEqual({ name: 'Triage', type: 'triage' });

    const delivery = crypto.randomUUID();
    const good = await linear.sendWebhook(hook, linear.moveIssue(issue.id, 'In Progress'), { deliveryId: delivery });
    expect(good.status).toBe(200);
    expect(await body(good)).toEqual({ received: true, duplicate: false });
    expect(await shown()).toEqual({ name: 'In Progress', type: 'started' });

    // The same delivery again (Linear retries, or another process got it too) changes nothing.
    const replay = await linear.sendWebhook(hook, { ...linear.moveIssue(issue.id, 'Done'), webhookTimestamp: Date.now() }, { deliveryId: delivery });
    expect(await body(replay)).toEqual({ received: true, duplicate: true });
    expect(await shown()).toEqual({ name: 'In Progress', type: 'started' });

    const done = await linear.sendWebhook(hook, linear.moveIssue(issue.id, 'Done'));
    expect(done.status).toBe(200);
    expect(await shown()).toEqual({ name: 'Done', type: 'completed' });
  });

  it("is created from the helpdesk ticket's app, and the issue and each change of its state show in the ticket's note", async () => {
    const owner = await signUp(t);
    const freshdeskApi = `${t.url}/api/v1/integrations/freshdesk`;
    const connected = await fetch(`${freshdeskApi}/connect`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ domain: FRESHDESK_DOMAIN, api_key: FRESHDESK_KEY }) });
    expect(connected.status).toBe(200);
    const { token } = (await body(await fetch(`${freshdeskApi}/app_token`, { method: 'POST', headers: owner.headers, body: '{}' }))) as { token: string };
    // The Freshdesk app calls as the admin who issued its token (Freshworks' request proxy adds it).
    const app = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    freshdesk.addTicket(611, 'Invoice PDF is blank', { name: 'Grace Hopper', email: 'grace@customer.example' });
    freshdesk.addTicket(612, 'Another ticket', { name: 'Ada', email: 'ada@customer.example' });
    const asked = await fetch(`${freshdeskApi}/tickets/611/requests`, { method: 'POST', headers: app, body: JSON.stringify({ subject: 'Invoice PDF is blank' }) });
    expect(asked.status).toBe(201);
    const id = await record(t, ((await body(asked)) as { request: { token: string } }).request.token);
    const noteSaying = (what: RegExp) =>
      waitFor(`a note on ticket 611 matching ${what}`, async () => freshdesk.conversations(611), (notes) => notes.length === 1 && what.test(notes[0]!.body), 150_000).then((n) => n[0]!);
    const first = await noteSaying(/Showback recording/);
    expect(first.body).not.toContain('Escalated:');

    const fromTicket = (ticket: number, payload: object = { tracker: 'linear' }) =>
      fetch(`${freshdeskApi}/tickets/${ticket}/recordings/${id}/issues`, { method: 'POST', headers: app, body: JSON.stringify(payload) });
    const listed = async () => (await body(await fetch(`${freshdeskApi}/tickets/611/requests`, { headers: app }))) as TicketRequestList;
    // Linear connected but no team picked: the app offers no tracker yet, and escalating says what to do.
    expect((await connect(t, owner)).headers.get('location')).toBe('/my/integrations?linear=connected');
    expect((await listed()).trackers).toEqual([]);
    const noTeam = await fromTicket(611);
    expect(noTeam.status).toBe(409);
    expect((await body(noTeam)).message).toBe('Pick the Linear team issues go to on the Integrations page first.');
    await connectLinearWithTeam(t, owner);
    expect((await listed()).trackers).toEqual([{ id: 'linear', label: 'Linear' }]);
    expect((await fromTicket(612)).status).toBe(404);
    expect((await fromTicket(611, { tracker: 'trello' })).status).toBe(422);
    expect((await fetch(`${freshdeskApi}/tickets/611/recordings/${id}/issues`, { method: 'POST', headers: { ...app, authorization: 'Bearer sbf_forged' }, body: '{"tracker":"linear"}' })).status).toBe(401);

    const created = await fromTicket(611);
    expect(created.status).toBe(200);
    const [issue] = ((await body(created)) as TicketRequestList['items'][number]['recordings'][number]).issues;
    expect(issue).toMatchObject({ tracker: 'linear', key: expect.stringMatching(/^ENG-\d+$/), title: 'Invoice PDF is blank', state: 'Triage' });
    expect(linear.issues().find((i) => i.identifier === issue!.key)!.description).toContain(`/my/recordings/${id}`);
    expect((await listed()).items[0]!.recordings[0]!.issues).toEqual([issue]);
    // Escalated as the admin who issued the app token.
    const row = await t.app.ctx.db.selectFrom('linear_issues').select('created_by').where('submission_id', '=', id).executeTakeFirstOrThrow();
    expect(row.created_by).toBe(owner.user.id);

    const escalated = await noteSaying(/Escalated:/);
    expect(escalated.id).toBe(first.id);
    expect(escalated.body).toContain(`<li><a href="${issue!.url}">${issue!.key}</a> in Linear: <strong>Triage</strong> · Invoice PDF is blank</li>`);
    // A second "Create issue" updates the same issue.
    expect(((await body(await fromTicket(611))) as { issues: unknown[] }).issues).toEqual([issue]);
    expect(linear.issues().filter((i) => i.description?.includes(`/my/recordings/${id}`))).toHaveLength(1);

    const hook = `${t.url}/api/v1/integrations/linear/webhook`;
    const linearId = linear.issues().find((i) => i.identifier === issue!.key)!.id;
    expect((await linear.sendWebhook(hook, linear.moveIssue(linearId, 'In Progress'))).status).toBe(200);
    const moved = await noteSaying(/<strong>In Progress<\/strong>/);
    expect((await listed()).items[0]!.recordings[0]!.issues[0]!.state).toBe('In Progress');
    expect(moved.id).toBe(first.id);
    expect(moved.body).not.toContain('<strong>Triage</strong>');
    expect(freshdesk.conversations(611)).toHaveLength(1);

    // A webhook that changes the title but not the state is no news for the ticket.
    const newsBefore = await t.app.ctx.db.selectFrom('alert_events').select('id').where('submission_id', '=', id).where('type', '=', 'submission.escalated').execute();
    expect((await linear.sendWebhook(hook, linear.moveIssue(linearId, 'In Progress'))).status).toBe(200);
    const newsAfter = await t.app.ctx.db.selectFrom('alert_events').select('id').where('submission_id', '=', id).where('type', '=', 'submission.escalated').execute();
    expect(newsAfter).toHaveLength(newsBefore.length);
  }, 300_000);

  it('refreshes an expiring token once under the row lock, even for two escalations at the same time', async () => {
    const owner = await signUp(t);
    linear.setTokenLifetime(30);
    try {
      await connectLinearWithTeam(t, owner);
    } finally {
      linear.setTokenLifetime(86_399);
    }
    const first = await recordingWithProblems(t, owner, 'Refresh one');
    const second = await recordingWithProblems(t, owner, 'Refresh two');
    const refreshesBefore = linear.calls.filter((c) => c.kind === 'token' && c.name === 'refresh_token').length;
    const [a, b] = await Promise.all([escalate(t, owner, first), escalate(t, owner, second)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(linear.calls.filter((c) => c.kind === 'token' && c.name === 'refresh_token').length - refreshesBefore).toBe(1);
    const row = await t.app.ctx.db.selectFrom('linear_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(new Date(row.access_token_expires_at!).getTime()).toBeGreaterThan(Date.now() + 3600_000);
  });

  it('a revoked access shows as the connection error; disconnect revokes the token at Linear', async () => {
    const owner = await signUp(t);
    await connectLinearWithTeam(t, owner);
    const id = await recordingWithProblems(t, owner, 'Revoked recording');
    linear.revokeAll();
    const refused = await escalate(t, owner, id);
    expect(refused.status).toBe(502);
    expect((await body(refused)).message).toMatch(/Reconnect Linear/);
    expect((await status(t, owner)).error).toMatch(/Reconnect Linear/);
    expect(((await body(await fetch(issueUrl(t, id), { headers: owner.headers }))) as RecordingLinearIssue).can_create).toBe(false);

    await connectLinearWithTeam(t, owner);
    expect((await status(t, owner)).error).toBeNull();
    const issue: LinearIssue = await body(await escalate(t, owner, id));
    expect(issue.identifier).toMatch(/^ENG-/);
    const token = linear.calls.filter((c) => c.kind === 'graphql').at(-1)!.token!;
    expect(linear.tokenWorks(token)).toBe(true);
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    expect(linear.calls.some((c) => c.kind === 'revoke' && c.token === token)).toBe(true);
    expect(linear.tokenWorks(token)).toBe(false);
    expect((await status(t, owner)).connected).toBe(false);
    expect((await escalate(t, owner, id)).status).toBe(404);
  });

  it('is part of the paid plans and the trial: an ended trial on the free plan cannot connect or escalate', async () => {
    const owner = await signUp(t);
    await connectLinearWithTeam(t, owner);
    const id = await recordingWithProblems(t, owner, 'Plan recording');
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: new Date(Date.now() - 86_400_000) }).where('id', '=', owner.user.account.id).execute();
    expect((await status(t, owner)).plan_allows).toBe(false);
    expect((await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: '{}' })).status).toBe(402);
    expect((await escalate(t, owner, id)).status).toBe(402);
  });
});
