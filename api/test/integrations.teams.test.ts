import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminAlertDelivery, AdminAlertDeliveryList, TeamsStatus } from '@showback/contract';
import { startOwnApiProcess, type OwnApiProcess } from './support/api-process.ts';
import { body, signIn as signInWithPassword, signUp, type SignedUp } from './support/auth.ts';
import { recordThroughLink } from './support/fixtures/alerts.ts';
import { waitForProcessing } from './support/fixtures/recording.ts';
import { signInToMicrosoft, teamsApi } from './support/fixtures/teams.ts';
import { MICROSOFT_APP, startMicrosoftServers, teamsEnvFor, type MicrosoftServers } from './support/microsoft-servers.ts';
import { startTestApp } from './support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

type Api = Pick<OwnApiProcess, 'url'>;
const api = teamsApi;
const get = async (t: Api, owner: SignedUp, path: string) => fetch(api(t, path), { headers: owner.headers });
const patch = async (t: Api, owner: SignedUp, payload: Record<string, unknown>) => fetch(api(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify(payload) });
const status = async (t: Api, owner: SignedUp): Promise<TeamsStatus> => body(await get(t, owner, '/status'));
const signIn = signInToMicrosoft;

/** The system admin the process created on its first start, signed in with the one-time password it printed. */
async function firstAdmin(t: OwnApiProcess): Promise<SignedUp> {
  const email = /^\W*email\s+(\S+@\S+)\s*\W*$/m.exec(t.output())?.[1];
  const password = /^\W*password\s+(\S+)\s*\W*$/m.exec(t.output())?.[1];
  if (!email || !password) throw new Error(`no system admin credentials in the output:\n${t.output()}`);
  return signInWithPassword(t, email, password);
}

/**
 * The recording's deliveries, from the system admin's delivery log (the API's database is its own process's), once
 * its "ready" event was fanned out (the owner's email delivery exists: every channel's deliveries of an event are
 * written together) and none of the account's deliveries is still going.
 */
async function settledDeliveries(t: OwnApiProcess, admin: SignedUp, accountName: string, submissionId: string): Promise<AdminAlertDelivery[]> {
  return vi.waitFor(
    async () => {
      const log = (await body(await fetch(`${t.url}/api/v1/admin/alert-deliveries?q=${encodeURIComponent(accountName)}&per_page=100`, { headers: admin.headers }))) as AdminAlertDeliveryList;
      const ours = log.items.filter((d) => d.submission_id === submissionId);
      if (!ours.some((d) => d.channel === 'email' && d.event_type === 'submission.ready')) throw new Error(`the ready event of ${submissionId} is not fanned out yet`);
      const going = log.items.filter((d) => d.status === 'pending' || d.status === 'sending');
      if (going.length > 0) throw new Error(`deliveries still going: ${JSON.stringify(going)}`);
      return ours;
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe('Microsoft Teams integration against local identity platform, Graph and a Workflows webhook', () => {
  let t: OwnApiProcess;
  let microsoft: MicrosoftServers;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    microsoft = await startMicrosoftServers();
    receiver = await startWebhookReceiver();
    // A server process of its own, so that it trusts the local Graph's certificate as it would Microsoft's.
    t = await startOwnApiProcess(teamsEnvFor(microsoft));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await microsoft?.close();
  });

  it('signs in through the Microsoft identity platform with a good state only', async () => {
    const owner = await signUp(t);
    expect(await status(t, owner)).toEqual({ connected: false, enabled: false, team_id: null, team_name: null, channel_id: null, channel_name: null, webhook_configured: false, error: null, plan_allows: true });
    const { authorize_url } = await body(await get(t, owner, '/authorize'));
    const url = new URL(authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${microsoft.loginUrl}/organizations/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: MICROSOFT_APP.clientId, response_type: 'code', redirect_uri: `${t.url}/api/v1/integrations/teams/callback`, scope: 'offline_access Team.ReadBasic.All Channel.ReadBasic.All' });

    const forged = await signIn(t, owner, 'Accept', (u) => u.replace(/state=[^&]+/, 'state=forged'));
    expect(forged.headers.get('location')).toBe('/my/integrations?teams=failed');
    expect((await signIn(t, owner, 'Cancel')).headers.get('location')).toBe('/my/integrations?teams=failed');
    expect(microsoft.tokenRequests).toHaveLength(0);

    const res = await signIn(t, owner);
    expect(res.headers.get('location')).toBe('/my/integrations?teams=connected');
    expect(microsoft.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code', client_id: MICROSOFT_APP.clientId, redirect_uri: `${t.url}/api/v1/integrations/teams/callback` });
    expect(await status(t, owner)).toMatchObject({ connected: true, enabled: true, webhook_configured: false });
  });

  it('lists joined teams over Graph pages and a team’s channels, saves team, channel and webhook, and tests with an Adaptive Card', async () => {
    const owner = await signUp(t);
    await signIn(t, owner);
    const before = microsoft.graphRequests.length;
    const { teams } = await body(await get(t, owner, '/teams'));
    expect(teams).toEqual([
      { id: 'team-product', name: 'Product' },
      { id: 'team-sales', name: 'Sales' },
      { id: 'team-support', name: 'Support' },
    ]);
    const calls = microsoft.graphRequests.slice(before);
    expect(calls.map((c) => c.path)).toEqual(['/v1.0/me/joinedTeams?$select=id,displayName', '/v1.0/me/joinedTeams?$skiptoken=2']);
    expect(calls.every((c) => /^Bearer ms-access-/.test(c.authorization ?? ''))).toBe(true);
    const { channels } = await body(await get(t, owner, '/channels/team-support'));
    expect(channels).toEqual([
      { id: '19:escalations@thread.tacv2', name: 'Escalations' },
      { id: '19:general@thread.tacv2', name: 'General' },
    ]);
    expect((await get(t, owner, '/channels/team-unknown')).status).toBe(404);

    expect(await body(await patch(t, owner, { team_id: 'team-support', team_name: 'Support' }))).toMatchObject({ team_id: 'team-support', team_name: 'Support', channel_id: null });
    expect(await body(await patch(t, owner, { channel_id: '19:general@thread.tacv2', channel_name: 'General' }))).toMatchObject({ channel_name: 'General' });

    // Without a webhook a test is refused, and the placeholder or an empty value is no webhook.
    const early = await fetch(api(t, '/test'), { method: 'POST', headers: owner.headers, body: '{}' });
    expect(early.status).toBe(422);
    for (const webhook_url of ['(configured)', '', '   ', 'ftp://example.com/x']) {
      const res = await patch(t, owner, { webhook_url });
      expect(res.status, webhook_url).toBe(422);
      expect(await body(res)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const webhook = `${receiver.url}/workflows/abc?sig=secret-part`;
    const saved = await body(await patch(t, owner, { webhook_url: webhook }));
    expect(saved).toMatchObject({ webhook_configured: true, team_name: 'Support', channel_name: 'General' });
    expect(JSON.stringify(saved)).not.toContain('secret-part');
    expect(JSON.stringify(await status(t, owner))).not.toContain('secret-part');

    const start = receiver.received.length;
    const test = await fetch(api(t, '/test'), { method: 'POST', headers: owner.headers, body: '{}' });
    expect(await body(test)).toEqual({ sent: true, channel_name: 'General' });
    const [post] = (await receiver.waitFor(start + 1)).slice(start);
    expect(post).toMatchObject({ method: 'POST', path: '/workflows/abc?sig=secret-part' });
    const card = JSON.parse(post!.body);
    expect(card).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', version: '1.4' } }] });
    expect(t.output()).not.toContain('secret-part');
  });

  it('posts a new recording as an Adaptive Card; a workflow that is gone puts the card in its error state until a new URL is saved', async () => {
    const accountName = `Teams cards ${crypto.randomUUID()}`;
    const owner = await signUp(t, { account_name: accountName });
    await signIn(t, owner);
    await patch(t, owner, { webhook_url: `${receiver.url}/workflows/recordings` });
    const start = receiver.received.length;
    await recordThroughLink(t, owner, 'Export <button> does nothing');
    const [post] = (await receiver.waitFor(start + 1, 60_000)).slice(start);
    const content = JSON.parse(post!.body).attachments[0].content;
    expect(content.body[0]).toMatchObject({ type: 'TextBlock', text: 'New recording: Export <button> does nothing', weight: 'Bolder' });
    const facts = content.body.find((b: { type: string }) => b.type === 'FactSet').facts.map((f: { title: string }) => f.title);
    expect(facts).toEqual(['Recipient', 'Duration', 'Console errors', 'Failed requests']);
    expect(content.body.find((b: { type: string }) => b.type === 'Image')).toMatchObject({ url: expect.stringContaining('/api/v1/public/submissions/') });
    expect(content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open recording', url: expect.stringMatching(/\/my\/recordings\/[0-9a-f-]{36}$/) }]);

    receiver.answerNext({ path: '/workflows/recordings', status: 404, body: 'workflow not found' });
    const test = await fetch(api(t, '/test'), { method: 'POST', headers: owner.headers, body: '{}' });
    expect(test.status).toBe(502);
    expect((await status(t, owner)).error).toContain('HTTP 404');
    const quiet = receiver.received.length;
    const { id } = await recordThroughLink(t, owner);
    await waitForProcessing(t.url, owner, id);
    expect((await settledDeliveries(t, await firstAdmin(t), accountName, id)).filter((d) => d.channel === 'teams')).toEqual([]);
    expect(receiver.received.length).toBe(quiet);
    await patch(t, owner, { webhook_url: `${receiver.url}/workflows/new` });
    expect((await status(t, owner)).error).toBeNull();
  });

  it('refreshes an access token about to expire with the refresh token before calling Graph', async () => {
    const owner = await signUp(t);
    microsoft.setTokenLifetime(30);
    try {
      await signIn(t, owner);
    } finally {
      microsoft.setTokenLifetime(3600);
    }
    const first = microsoft.tokenRequests.at(-1)!;
    expect(first.grant_type).toBe('authorization_code');
    const { teams } = await body(await get(t, owner, '/teams'));
    expect(teams).toHaveLength(3);
    const refresh = microsoft.tokenRequests.at(-1)!;
    expect(refresh).toMatchObject({ grant_type: 'refresh_token', client_id: MICROSOFT_APP.clientId, refresh_token: expect.stringMatching(/^ms-refresh-/) });
    const count = microsoft.tokenRequests.length;
    await get(t, owner, '/teams');
    expect(microsoft.tokenRequests.length).toBe(count);
  });

  it('disconnect forgets everything; CSRF and other accounts are refused', async () => {
    const owner = await signUp(t);
    await signIn(t, owner);
    const noCsrf = await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie } });
    expect(noCsrf.status).toBe(403);
    const stranger = await signUp(t);
    expect((await status(t, stranger)).connected).toBe(false);
    expect((await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: stranger.cookie, 'x-csrf-token': stranger.csrf } })).status).toBe(404);
    const res = await fetch(api(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(res.status).toBe(204);
    expect(await status(t, owner)).toMatchObject({ connected: false, team_name: null, channel_name: null, webhook_configured: false });
  });
});

describe('Microsoft Teams without a Microsoft app configured', () => {
  it('answers the authorize call with a clear error', async () => {
    const t = await startTestApp();
    try {
      const owner = await signUp(t);
      const res = await get(t, owner, '/authorize');
      expect(res.status).toBe(409);
      expect(await body(res)).toMatchObject({ code: 'INTEGRATION_UNAVAILABLE', message: expect.stringContaining('MICROSOFT_CLIENT_ID') });
    } finally {
      await t.close();
    }
  });
});
