import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JiraIssue, JiraStatus, RecordingJiraIssue } from '@showback/contract';
import { refreshJiraWebhooks } from '../src/integrations/jira/jira.service.ts';
import { addTeammate, body, signUp, type SignedUp } from './support/auth.ts';
import { recordThroughLink } from './support/fixtures/alerts.ts';
import { CAPTURED_PAGE_EVENTS } from './support/fixtures/recording.ts';
import { JIRA_CLIENT, JIRA_PROJECTS, JIRA_SITE, startJiraServer, type JiraServer } from './support/jira-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://showback.example';
const api = (t: TestApp, path: string): string => `${t.url}/api/v1/integrations/jira${path}`;
const issueUrl = (t: TestApp, submissionId: string): string => `${t.url}/api/v1/submissions/${submissionId}/jira_issue`;

async function status(t: TestApp, owner: SignedUp): Promise<JiraStatus> {
  return body(await fetch(api(t, '/status'), { headers: owner.headers }));
}

/** What a browser does: asks for the authorize URL, opens Atlassian's consent page, clicks Accept (or Cancel), follows the redirect back. */
async function connect(t: TestApp, owner: SignedUp, choice: 'Accept' | 'Cancel' = 'Accept'): Promise<{ res: Response; code: string }> {
  const res = await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: '{}' });
  expect(res.status).toBe(200);
  const { authorize_url } = await body(res);
  const page = await (await fetch(authorize_url)).text();
  const back = new RegExp(`href="([^"]+)">${choice}<`).exec(page)![1]!.replace(/&amp;/g, '&').replace(PUBLIC_URL, t.url);
  return { res: await fetch(back, { headers: { cookie: owner.cookie }, redirect: 'manual' }), code: new URL(back).searchParams.get('code') ?? '' };
}

async function connectWithProject(t: TestApp, owner: SignedUp, projectId = JIRA_PROJECTS[0]!.id): Promise<string> {
  const { res, code } = await connect(t, owner);
  expect(res.headers.get('location')).toBe('/my/integrations?jira=connected');
  const picked = await fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ project_id: projectId }) });
  expect(picked.status).toBe(200);
  return code;
}

async function escalate(t: TestApp, user: SignedUp, submissionId: string, payload: object = {}): Promise<Response> {
  return fetch(issueUrl(t, submissionId), { method: 'POST', headers: user.headers, body: JSON.stringify(payload) });
}

/** Every text of an ADF document, with the links its marks carry, in reading order. */
function adfText(node: unknown): string {
  const n = node as { type?: string; text?: string; marks?: { type: string; attrs?: { href?: string } }[]; content?: unknown[] };
  if (n.type === 'text') {
    const href = n.marks?.find((m) => m.type === 'link')?.attrs?.href;
    return href ? `[${n.text}](${href})` : (n.text ?? '');
  }
  return (n.content ?? []).map(adfText).join(n.type === 'doc' || n.type === 'bulletList' || n.type === 'blockquote' ? '\n' : '');
}

describe('Jira escalation against a local Atlassian', () => {
  let t: TestApp;
  let jira: JiraServer;
  beforeAll(async () => {
    jira = await startJiraServer((registered) => registered.replace(PUBLIC_URL, t.url));
    t = await startTestApp({}, { JIRA_CLIENT_ID: JIRA_CLIENT.id, JIRA_CLIENT_SECRET: JIRA_CLIENT.secret, ATLASSIAN_AUTH_URL: jira.url, ATLASSIAN_API_URL: jira.url, PUBLIC_URL });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await jira?.close();
  });

  it('connects by OAuth 2.0 (3LO) with the state checked, keeps the tokens encrypted, picks the project and registers its webhook', async () => {
    const owner = await signUp(t);
    expect((await connect(t, owner, 'Cancel')).res.headers.get('location')).toBe('/my/integrations?jira=failed');
    expect((await status(t, owner)).connected).toBe(false);
    // A callback with someone else's state connects nothing.
    const other = await signUp(t);
    const { authorize_url } = await body(await fetch(api(t, '/authorize'), { method: 'POST', headers: other.headers, body: '{}' }));
    const stolen = new URL(authorize_url).searchParams.get('state')!;
    const forged = await fetch(`${api(t, '/callback')}?code=x&state=${stolen}`, { headers: { cookie: owner.cookie }, redirect: 'manual' });
    expect(forged.headers.get('location')).toBe('/my/integrations?jira=failed');

    expect((await connect(t, owner)).res.headers.get('location')).toBe('/my/integrations?jira=connected');
    expect(await status(t, owner)).toMatchObject({ connected: true, site: { id: JIRA_SITE.id, name: JIRA_SITE.name, url: JIRA_SITE.url }, project: null, follows_status: false, error: null, plan_allows: true });
    const row = await t.app.ctx.db.selectFrom('jira_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toMatch(/^v1\./);
    expect(row.refresh_token_encrypted).toMatch(/^v1\./);
    expect(row.access_token_encrypted).not.toContain('atl_at_');

    expect((await body(await fetch(api(t, '/sites'), { headers: owner.headers }))).items).toEqual([JIRA_SITE]);
    const projects = (await body(await fetch(api(t, '/projects'), { headers: owner.headers }))).items;
    expect(projects[0]).toEqual({ id: '10000', key: 'ENG', name: 'Engineering', issue_types: [{ id: '10001', name: 'Task' }, { id: '10004', name: 'Bug' }] });
    const wrong = await fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ project_id: '999' }) });
    expect(wrong.status).toBe(422);
    // Bug by default; a project without Bug gets Task.
    const eng: JiraStatus = await body(await fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ project_id: '10000' }) }));
    expect(eng).toMatchObject({ project: { key: 'ENG' }, issue_type: { id: '10004', name: 'Bug' }, follows_status: true });
    const engHook = jira.webhooks().find((w) => w.jqlFilter === 'project = "ENG"')!;
    expect(engHook).toMatchObject({ url: `${PUBLIC_URL}/api/v1/integrations/jira/webhook`, events: ['jira:issue_updated'] });
    const sup: JiraStatus = await body(await fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ project_id: '10010' }) }));
    expect(sup).toMatchObject({ project: { key: 'SUP' }, issue_type: { name: 'Task' } });
    // The old project's webhook is removed at Jira when the project changes.
    expect(jira.webhooks().some((w) => w.id === engHook.id)).toBe(false);

    const member = await addTeammate(t, owner);
    expect((await fetch(api(t, '/authorize'), { method: 'POST', headers: member.headers, body: '{}' })).status).toBe(403);
  });

  it('creates the issue with the diagnosis in ADF, the recording as a remote link and the HAR attached; a second escalation updates it', async () => {
    const owner = await signUp(t);
    await connectWithProject(t, owner);
    const id = (await recordThroughLink(t, owner, 'Checkout spins forever', { events: CAPTURED_PAGE_EVENTS })).id;
    expect(await body(await fetch(issueUrl(t, id), { headers: owner.headers }))).toEqual({ issue: null, can_create: true });

    const member = await addTeammate(t, owner);
    const res = await escalate(t, member, id);
    expect(res.status).toBe(200);
    const issue: JiraIssue = await body(res);
    expect(issue).toMatchObject({ key: expect.stringMatching(/^ENG-\d+$/), title: 'Checkout spins forever', status: { name: 'To Do', category: 'new' }, escalations: 1, url: `${JIRA_SITE.url}/browse/${issue.key}` });

    const stored = jira.issue(issue.key)!;
    expect(stored.issueTypeId).toBe('10004');
    const recording = `${PUBLIC_URL}/my/recordings/${id}`;
    const text = adfText(stored.description);
    expect(text).toContain(`[Showback recording](${recording})`);
    expect(text).toContain(`[00:01](${recording}?t=1) TypeError: cart is undefined`);
    expect(text).toContain(`[00:02](${recording}?t=2) POST https://app.example.test/api/pay → 502`);
    expect(text).toMatch(/showback-requests-[0-9a-f]{8}\.har is attached: 2 requests as HAR/);
    expect(stored.remoteLinks).toEqual([expect.objectContaining({ globalId: recording, object: expect.objectContaining({ url: recording, summary: expect.stringContaining('1 console errors · 1 failed requests') }) })]);
    expect(stored.attachments).toHaveLength(1);
    const har = JSON.parse(stored.attachments[0]!.content.toString('utf8')) as { log: { version: string; entries: { request: { method: string; url: string } }[] } };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((e) => [e.request.method, e.request.url])).toEqual([
      ['POST', 'https://app.example.test/api/pay'],
      ['GET', 'https://app.example.test/api/cart?id=7'],
    ]);

    const again = await escalate(t, owner, id, { title: 'Checkout: payment request fails with 502' });
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ id: issue.id, key: issue.key, title: 'Checkout: payment request fails with 502', escalations: 2 });
    expect(jira.issues().filter((i) => adfText(i.description).includes(recording))).toHaveLength(1);
    expect(stored.remoteLinks).toHaveLength(1);
    expect(stored.attachments).toHaveLength(1);
  });

  it('creates the issue even when Jira refuses the attachment, and says so in it', async () => {
    const owner = await signUp(t);
    await connectWithProject(t, owner);
    const id = (await recordThroughLink(t, owner, 'Attachment refused', { events: CAPTURED_PAGE_EVENTS })).id;
    jira.refuseAttachmentsNamed(`showback-requests-${id.slice(0, 8)}.har`);
    const res = await escalate(t, owner, id);
    expect(res.status).toBe(200);
    const stored = jira.issue(((await body(res)) as JiraIssue).key)!;
    expect(stored.attachments).toEqual([]);
    expect(adfText(stored.description)).toContain("The 2 requests could not be attached as a HAR file: Jira refused it (The attachment exceeds the maximum attachment size for this site.). They are on the recording's page.");
    expect(adfText(stored.description)).toContain('TypeError: cart is undefined');
  });

  it('shows the status Jira sends by its JWT-signed webhook; a forged or expired one is refused', async () => {
    const owner = await signUp(t);
    await connectWithProject(t, owner);
    const id = (await recordThroughLink(t, owner, 'Webhook recording', { events: CAPTURED_PAGE_EVENTS })).id;
    const issue: JiraIssue = await body(await escalate(t, owner, id));
    const shown = async () => ((await body(await fetch(issueUrl(t, id), { headers: owner.headers }))) as RecordingJiraIssue).issue!.status;

    const [forged] = await jira.transition(issue.key, 'Done', { signWith: 'not-the-client-secret' });
    expect(forged!.status).toBe(401);
    expect(await body(forged!)).toMatchObject({ code: 'UNAUTHENTICATED' });
    const [expired] = await jira.transition(issue.key, 'Done', { expiresIn: -600 });
    expect(expired!.status).toBe(401);
    const unsigned = await fetch(`${t.url}/api/v1/integrations/jira/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(401);
    expect(await shown()).toEqual({ name: 'To Do', category: 'new' });

    const [moved] = await jira.transition(issue.key, 'In Progress');
    expect(moved!.status).toBe(200);
    expect(await shown()).toEqual({ name: 'In Progress', category: 'indeterminate' });
    await jira.transition(issue.key, 'Done');
    expect(await shown()).toEqual({ name: 'Done', category: 'done' });
    const news = await t.app.ctx.db.selectFrom('alert_events').select('id').where('submission_id', '=', id).where('type', '=', 'submission.escalated').execute();
    expect(news).toHaveLength(3);
  });

  it('refreshes an expiring token once under the row lock, spending each rotating refresh token once', async () => {
    const owner = await signUp(t);
    await connectWithProject(t, owner);
    const expire = () => t.app.ctx.db.updateTable('jira_connections').set({ access_token_expires_at: new Date(Date.now() - 1000) }).where('account_id', '=', owner.user.account.id).execute();
    const first = (await recordThroughLink(t, owner, 'Refresh one', { events: CAPTURED_PAGE_EVENTS })).id;
    const second = (await recordThroughLink(t, owner, 'Refresh two', { events: CAPTURED_PAGE_EVENTS })).id;
    await expire();
    const before = jira.tokenCalls.length;
    const [a, b] = await Promise.all([escalate(t, owner, first), escalate(t, owner, second)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(jira.tokenCalls.slice(before)).toEqual([{ grant_type: 'refresh_token', status: 200 }]);
    // The rotated refresh token was saved: the next refresh works (the first one would now be refused).
    await expire();
    expect((await escalate(t, owner, first)).status).toBe(200);
    expect(jira.tokenCalls.slice(before)).toEqual([{ grant_type: 'refresh_token', status: 200 }, { grant_type: 'refresh_token', status: 200 }]);
  });

  it('a revoked grant shows as the connection error until reconnected; disconnect deletes the webhook', async () => {
    const owner = await signUp(t);
    const code = await connectWithProject(t, owner);
    const id = (await recordThroughLink(t, owner, 'Revoked recording', { events: CAPTURED_PAGE_EVENTS })).id;
    jira.revokeGrant(code);
    const refused = await escalate(t, owner, id);
    expect(refused.status).toBe(502);
    expect((await body(refused)).message).toMatch(/Reconnect Jira/);
    expect((await status(t, owner)).error).toMatch(/Reconnect Jira/);
    expect(((await body(await fetch(issueUrl(t, id), { headers: owner.headers }))) as RecordingJiraIssue).can_create).toBe(false);

    await connect(t, owner);
    const reconnected = await status(t, owner);
    expect(reconnected).toMatchObject({ error: null, project: { key: 'ENG' } });
    expect((await escalate(t, owner, id)).status).toBe(200);
    const hookId = (await t.app.ctx.db.selectFrom('jira_connections').select('webhook_id').where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow()).webhook_id;
    expect(jira.webhooks().some((w) => String(w.id) === hookId)).toBe(true);
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    expect(jira.webhooks().some((w) => String(w.id) === hookId)).toBe(false);
    expect((await status(t, owner)).connected).toBe(false);
    expect((await escalate(t, owner, id)).status).toBe(404);
  });

  it('extends webhooks that lapse within a week', async () => {
    const owner = await signUp(t);
    await connectWithProject(t, owner);
    const row = await t.app.ctx.db.updateTable('jira_connections').set({ webhook_expires_at: new Date(Date.now() + 86_400_000) }).where('account_id', '=', owner.user.account.id).returning('webhook_id').executeTakeFirstOrThrow();
    expect(await refreshJiraWebhooks(t.app.ctx, t.app.log)).toBeGreaterThanOrEqual(1);
    const after = await t.app.ctx.db.selectFrom('jira_connections').select('webhook_expires_at').where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(new Date(after.webhook_expires_at!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(jira.webhooks().find((w) => String(w.id) === row.webhook_id)!.expiresAt).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('is part of the paid plans and the trial: an ended trial on the free plan cannot connect or escalate', async () => {
    const owner = await signUp(t);
    await connectWithProject(t, owner);
    const id = (await recordThroughLink(t, owner, 'Plan recording', { events: CAPTURED_PAGE_EVENTS })).id;
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: new Date(Date.now() - 86_400_000) }).where('id', '=', owner.user.account.id).execute();
    expect((await status(t, owner)).plan_allows).toBe(false);
    expect((await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: '{}' })).status).toBe(402);
    const before = jira.issues().length;
    expect((await escalate(t, owner, id)).status).toBe(402);
    expect(jira.issues()).toHaveLength(before);
  });
});
