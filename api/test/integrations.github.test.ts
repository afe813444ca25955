import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitHubIssue, GitHubStatus, RecordingGitHubIssue } from '@showback/contract';
import { addTeammate, body, signUp, type SignedUp } from './support/auth.ts';
import { trackerIssuesOf } from '../src/integrations/escalation/tracker-issues.ts';
import { GITHUB_CLIENT, GITHUB_USER, githubEnv, startGitHubServer, type GitHubServer } from './support/github-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { recordingWithProblems, trackerCalls } from './support/tracker-calls.ts';

const PUBLIC_URL = 'https://showback.example';
const SHOP = 'acme/shop';
const { api, issueUrl, status, escalate, ...calls } = trackerCalls<GitHubStatus>('github', PUBLIC_URL);
const connect = (t: TestApp, owner: SignedUp, choice: 'Authorize' | 'Cancel' = 'Authorize') => calls.connect(t, owner, choice);

async function pick(t: TestApp, owner: SignedUp, repository: string): Promise<Response> {
  return fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ repository }) });
}

async function connectWithRepository(t: TestApp, owner: SignedUp, repository = SHOP): Promise<void> {
  expect((await connect(t, owner)).headers.get('location')).toBe('/my/integrations?github=connected');
  expect((await pick(t, owner, repository)).status).toBe(200);
}

const shown = async (t: TestApp, user: SignedUp, id: string): Promise<RecordingGitHubIssue> => body(await fetch(issueUrl(t, id), { headers: user.headers }));

describe('GitHub escalation against a local GitHub', () => {
  let t: TestApp;
  let github: GitHubServer;
  beforeAll(async () => {
    // GitHub delivers webhooks to PUBLIC_URL; the local GitHub reaches the test app's port instead.
    github = await startGitHubServer({ rewriteHookUrl: (url) => url.replace(PUBLIC_URL, t.url) });
    t = await startTestApp(
      {},
      { ...githubEnv(github), PUBLIC_URL },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await github?.close();
  });

  it('connects by OAuth (a refused consent connects nothing), lists the repositories page by page and adds the issues webhook to the one picked', async () => {
    const owner = await signUp(t);
    expect((await connect(t, owner, 'Cancel')).headers.get('location')).toBe('/my/integrations?github=failed');
    expect((await status(t, owner)).connected).toBe(false);

    expect((await connect(t, owner)).headers.get('location')).toBe('/my/integrations?github=connected');
    expect(await status(t, owner)).toMatchObject({ connected: true, login: GITHUB_USER.login, repository: null, webhook: false, error: null, plan_allows: true });
    const row = await t.app.ctx.db.selectFrom('github_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toMatch(/^v1\./);
    expect(row.access_token_encrypted).not.toContain('gho_');

    const pagesBefore = github.calls.filter((c) => c.path === '/user/repos').length;
    const { items } = await body(await fetch(api(t, '/repositories'), { headers: owner.headers }));
    expect(github.calls.filter((c) => c.path === '/user/repos').length - pagesBefore).toBe(2);
    // 104 repositories over two pages, less the archived one and the one with issues turned off.
    expect(items).toHaveLength(102);
    expect(items.slice(0, 2)).toEqual([
      { full_name: 'acme/shop', private: true },
      { full_name: 'acme/docs', private: false },
    ]);
    expect(items.map((r: { full_name: string }) => r.full_name)).not.toContain('acme/legacy');

    expect((await pick(t, owner, 'acme/nope')).status).toBe(422);
    expect((await pick(t, owner, 'acme/wiki-only')).status).toBe(422);
    expect((await pick(t, owner, 'not a repository')).status).toBe(422);
    const picked: GitHubStatus = await body(await pick(t, owner, SHOP));
    expect(picked).toMatchObject({ repository: { full_name: SHOP, private: true }, webhook: true });
    const [hook] = github.hooks(SHOP);
    expect(github.hooks(SHOP)).toHaveLength(1);
    expect(hook).toMatchObject({ url: `${PUBLIC_URL}/api/v1/integrations/github/webhook`, secret: GITHUB_CLIENT.webhookSecret, events: ['issues'], contentType: 'json' });

    // Without admin rights on a repository the pick works, but states cannot come back, and the card says so.
    expect(await body(await pick(t, owner, 'acme/docs'))).toMatchObject({ repository: { full_name: 'acme/docs' }, webhook: false });
    expect(github.hooks(SHOP)).toHaveLength(0);

    const member = await addTeammate(t, owner);
    expect((await fetch(api(t, '/authorize'), { method: 'POST', headers: member.headers, body: '{}' })).status).toBe(403);
  });

  it('creates the issue with the diagnosis and the request list link; a second escalation edits that issue, found again by its marker when our record is lost', async () => {
    const owner = await signUp(t);
    await connectWithRepository(t, owner);
    const id = await recordingWithProblems(t, owner, 'Checkout spins forever');
    expect(await shown(t, owner, id)).toEqual({ issue: null, can_create: true });

    const member = await addTeammate(t, owner);
    const res = await escalate(t, member, id);
    expect(res.status).toBe(200);
    const issue: GitHubIssue = await body(res);
    expect(issue).toMatchObject({ repository: SHOP, title: 'Checkout spins forever', state: 'open', state_reason: null, escalations: 1, url: `${github.webUrl}/${SHOP}/issues/${issue.number}` });

    const stored = github.issues(SHOP).find((i) => i.number === issue.number)!;
    const recording = `${PUBLIC_URL}/my/recordings/${id}`;
    expect(stored.body).toContain(`[Showback recording](${recording})`);
    expect(stored.body).toContain(`[00:01](${recording}?t=1) TypeError: cart is undefined`);
    expect(stored.body).toContain(`[00:02](${recording}?t=2) POST https://app.example.test/api/pay → 502`);
    expect(stored.body).toContain(`(${PUBLIC_URL}/api/v1/submissions/${id}/requests.har) — 2 requests as HAR`);
    expect(stored.body).toContain(`<!-- showback-recording: ${recording} -->`);
    // The linked file opens for the account's members only.
    const har = await fetch(`${t.url}/api/v1/submissions/${id}/requests.har`, { headers: member.headers });
    expect(((await har.json()) as { log: { entries: unknown[] } }).log.entries).toHaveLength(2);

    const again = await escalate(t, owner, id, { title: 'Checkout: payment request fails with 502' });
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ number: issue.number, title: 'Checkout: payment request fails with 502', escalations: 2 });
    expect(github.issues(SHOP).filter((i) => i.body.includes(recording))).toHaveLength(1);

    // Our row lost (an answer that never came back): the marker finds the issue, no second one is opened.
    await t.app.ctx.db.deleteFrom('github_issues').where('submission_id', '=', id).execute();
    expect(await body(await escalate(t, owner, id))).toMatchObject({ number: issue.number, escalations: 1 });
    expect(github.issues(SHOP).filter((i) => i.body.includes(recording))).toHaveLength(1);

    // Deleted on GitHub since: the recording gets a new issue.
    github.deleteIssue(SHOP, issue.number);
    const fresh: GitHubIssue = await body(await escalate(t, owner, id));
    expect(fresh.number).not.toBe(issue.number);
    expect(github.issues(SHOP).filter((i) => i.body.includes(recording))).toHaveLength(1);
  });

  it('shows the state GitHub sends by the signed issues webhook; refuses a forged or missing signature; a redelivery changes nothing', async () => {
    const owner = await signUp(t);
    await connectWithRepository(t, owner);
    const id = await recordingWithProblems(t, owner, 'Webhook recording');
    const issue: GitHubIssue = await body(await escalate(t, owner, id));

    const [forged] = await github.setState(SHOP, issue.number, 'closed', 'not_planned', { signWith: 'not-the-secret' });
    expect(forged!.status).toBe(401);
    expect(await forged!.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'The X-Hub-Signature-256 does not match the body.' });
    const unsigned = await fetch(`${t.url}/api/v1/integrations/github/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-github-event': 'issues', 'x-github-delivery': crypto.randomUUID() }, body: '{}' });
    expect(unsigned.status).toBe(401);
    expect((await shown(t, owner, id)).issue).toMatchObject({ state: 'open', state_reason: null });

    const delivery = crypto.randomUUID();
    const [closed] = await github.setState(SHOP, issue.number, 'closed', 'completed', { deliveryId: delivery });
    expect(closed!.status).toBe(200);
    expect(await closed!.json()).toEqual({ received: true, duplicate: false });
    expect((await shown(t, owner, id)).issue).toMatchObject({ state: 'closed', state_reason: 'completed' });

    // The same delivery again (GitHub's redeliver, or another process got it too) changes nothing.
    const [replay] = await github.setState(SHOP, issue.number, 'open', 'reopened', { deliveryId: delivery });
    expect(await replay!.json()).toEqual({ received: true, duplicate: true });
    expect((await shown(t, owner, id)).issue).toMatchObject({ state: 'closed', state_reason: 'completed' });

    await github.setState(SHOP, issue.number, 'open', 'reopened');
    expect((await shown(t, owner, id)).issue).toMatchObject({ state: 'open', state_reason: 'reopened' });

    // The escalation and each new state (not the forged, the replayed) are news for the helpdesk notes of the recording.
    const escalated = await t.app.ctx.db.selectFrom('alert_events').select('id').where('submission_id', '=', id).where('type', '=', 'submission.escalated').execute();
    expect(escalated).toHaveLength(3);
    expect(await trackerIssuesOf(t.app.ctx.db, id)).toEqual([{ tracker: 'github', label: 'GitHub', key: `${SHOP}#${issue.number}`, title: 'Webhook recording', url: issue.url, state: 'open' }]);
  });

  it('a revoked token shows as the connection error; reconnecting clears it; disconnect removes the webhook and revokes the grant', async () => {
    const owner = await signUp(t);
    await connectWithRepository(t, owner);
    const id = await recordingWithProblems(t, owner, 'Revoked recording');
    github.revokeAll();
    const refused = await escalate(t, owner, id);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/Bad credentials.*Reconnect GitHub/) });
    expect((await status(t, owner)).error).toMatch(/Reconnect GitHub/);
    expect((await shown(t, owner, id)).can_create).toBe(false);
    expect((await escalate(t, owner, id)).status).toBe(409);

    expect((await connect(t, owner)).headers.get('location')).toBe('/my/integrations?github=connected');
    expect(await status(t, owner)).toMatchObject({ error: null, repository: { full_name: SHOP } });
    expect((await escalate(t, owner, id)).status).toBe(200);
    const token = github.calls.filter((c) => c.path.startsWith('/repos/')).at(-1)!.token!;
    expect(github.tokenWorks(token)).toBe(true);
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    expect(github.calls.some((c) => c.method === 'DELETE' && c.path === `/applications/${GITHUB_CLIENT.id}/grant`)).toBe(true);
    expect(github.tokenWorks(token)).toBe(false);
    // The repository's one webhook to Showback stays: the earlier tests' accounts still send issues there.
    expect(github.hooks(SHOP)).toHaveLength(1);
    expect((await status(t, owner)).connected).toBe(false);
    expect((await escalate(t, owner, id)).status).toBe(404);
  });

  it('is part of the paid plans and the trial: an ended trial on the free plan cannot connect or escalate', async () => {
    const owner = await signUp(t);
    await connectWithRepository(t, owner);
    const id = await recordingWithProblems(t, owner, 'Plan recording');
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: new Date(Date.now() - 86_400_000) }).where('id', '=', owner.user.account.id).execute();
    expect((await status(t, owner)).plan_allows).toBe(false);
    const refused = await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: '{}' });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: 'PLAN_REQUIRED' });
    expect((await escalate(t, owner, id)).status).toBe(402);
  });
});
