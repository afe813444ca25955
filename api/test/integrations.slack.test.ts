import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackStatus } from '@showback/contract';
import { body, signUp, type SignedUp } from './support/auth.ts';
import { recordThroughLink, waitForFannedOut } from './support/fixtures/alerts.ts';
import { connectSlackWithChannel, installSlack, SLACK_PUBLIC_URL, slackApi } from './support/fixtures/slack.ts';
import { SLACK_CLIENT, SLACK_TEAM, startSlackServer, type SlackServer } from './support/slack-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

async function status(t: TestApp, owner: SignedUp): Promise<SlackStatus> {
  return body(await fetch(slackApi(t, '/status'), { headers: owner.headers }));
}

async function slackDeliveries(t: TestApp, accountId: string) {
  return t.app.ctx.db.selectFrom('alert_deliveries').selectAll().where('account_id', '=', accountId).where('channel', '=', 'slack').orderBy('created_at').execute();
}

async function waitForSettled(t: TestApp, accountId: string, count: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await slackDeliveries(t, accountId);
    if (rows.length >= count && rows.every((r) => r.status === 'succeeded' || r.status === 'failed')) return rows;
    if (Date.now() > deadline) throw new Error(`Slack deliveries never settled: ${JSON.stringify(rows.map((r) => [r.status, r.attempts, r.last_excerpt]))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Slack integration against a local Slack Web API', () => {
  let t: TestApp;
  let slack: SlackServer;
  beforeAll(async () => {
    slack = await startSlackServer();
    t = await startTestApp({}, { SLACK_CLIENT_ID: SLACK_CLIENT.id, SLACK_CLIENT_SECRET: SLACK_CLIENT.secret, SLACK_API_URL: slack.apiUrl, SLACK_AUTHORIZE_URL: slack.authorizeUrl, PUBLIC_URL: SLACK_PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  it('installs through OAuth v2 with a good state, keeps the bot token encrypted and never returns it', async () => {
    const owner = await signUp(t);
    expect(await status(t, owner)).toEqual({ connected: false, enabled: false, team_name: null, default_channel_id: null, default_channel_name: null, error: null, plan_allows: true });
    const { authorize_url } = await body(await fetch(slackApi(t, '/authorize'), { headers: owner.headers }));
    const url = new URL(authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(slack.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(SLACK_CLIENT.id);
    expect(url.searchParams.get('scope')).toBe('chat:write,chat:write.public,channels:read,groups:read');
    expect(url.searchParams.get('redirect_uri')).toBe('https://showback.example/api/v1/integrations/slack/callback');

    const before = slack.callsTo('oauth.v2.access').length;
    const res = await installSlack(t, owner);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/my/integrations?slack=connected');
    const exchange = slack.callsTo('oauth.v2.access').slice(before);
    expect(exchange).toHaveLength(1);
    expect(exchange[0]!.form).toMatchObject({ client_id: SLACK_CLIENT.id, client_secret: SLACK_CLIENT.secret, redirect_uri: 'https://showback.example/api/v1/integrations/slack/callback' });
    expect(await status(t, owner)).toMatchObject({ connected: true, enabled: true, team_name: SLACK_TEAM.name, default_channel_id: null, error: null });

    const row = await t.app.ctx.db.selectFrom('slack_integrations').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row.bot_token_encrypted).not.toContain('xoxb');
    expect(row.bot_token_encrypted).toMatch(/^v1\./);
    const statusText = JSON.stringify(await status(t, owner));
    expect(statusText).not.toContain('xoxb');
  });

  it('refuses a forged, replayed, foreign or cancelled state without calling Slack', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const before = slack.callsTo('oauth.v2.access').length;
    const forged = await installSlack(t, owner, 'Allow', (u) => u.replace(/state=[^&]+/, 'state=forged-state-value'));
    expect(forged.headers.get('location')).toBe('/my/integrations?slack=failed');
    // The state is one person's: another signed-in person cannot finish it.
    const { authorize_url } = await body(await fetch(slackApi(t, '/authorize'), { headers: owner.headers }));
    const state = new URL(authorize_url).searchParams.get('state')!;
    const foreign = await fetch(slackApi(t, `/callback?code=code-x&state=${state}`), { headers: { cookie: other.cookie }, redirect: 'manual' });
    expect(foreign.headers.get('location')).toBe('/my/integrations?slack=failed');
    // …and it is used up by that attempt.
    const replay = await fetch(slackApi(t, `/callback?code=code-x&state=${state}`), { headers: { cookie: owner.cookie }, redirect: 'manual' });
    expect(replay.headers.get('location')).toBe('/my/integrations?slack=failed');
    const cancelled = await installSlack(t, owner, 'Cancel');
    expect(cancelled.headers.get('location')).toBe('/my/integrations?slack=failed');
    expect(slack.callsTo('oauth.v2.access').length).toBe(before);
    expect((await status(t, owner)).connected).toBe(false);
    expect((await status(t, other)).connected).toBe(false);
    const anonymous = await fetch(slackApi(t, `/callback?code=c&state=${state}`), { redirect: 'manual' });
    expect(anonymous.status).toBe(401);
  });

  it('lists every channel over several pages, saves the picked one and posts a real Block Kit test', async () => {
    const owner = await signUp(t);
    await connectSlackWithChannel(t, slack, owner);
    const before = slack.callsTo('conversations.list').length;
    const { channels } = await body(await fetch(slackApi(t, '/channels'), { headers: owner.headers }));
    expect(channels).toHaveLength(slack.channels.length);
    expect(channels[0]).toEqual({ id: 'C00000', name: 'channel-000' });
    const pages = slack.callsTo('conversations.list').slice(before);
    expect(pages.map((p) => p.form.cursor ?? '')).toEqual(['', '200', '400']);
    expect(pages[0]!.form).toMatchObject({ types: 'public_channel,private_channel', limit: '200', exclude_archived: 'true' });

    const picked = slack.channels[42]!;
    const saved = await body(await fetch(slackApi(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ default_channel_id: picked.id, default_channel_name: picked.name }) }));
    expect(saved).toMatchObject({ default_channel_id: picked.id, default_channel_name: picked.name, enabled: true });
    const half = await fetch(slackApi(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ default_channel_id: 'C1' }) });
    expect(half.status).toBe(422);

    const test = await fetch(slackApi(t, '/test'), { method: 'POST', headers: owner.headers, body: JSON.stringify({}) });
    expect(await body(test)).toEqual({ sent: true, channel_name: picked.name });
    const post = slack.callsTo('chat.postMessage').at(-1)!;
    expect(post.form.channel).toBe(picked.id);
    expect(post.authorization).toMatch(/^Bearer xoxb-test-/);
    expect(JSON.parse(post.form.blocks!)[0]).toMatchObject({ type: 'section' });

    const noCsrf = await fetch(slackApi(t, '/update'), { method: 'PATCH', headers: { cookie: owner.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ enabled: false }) });
    expect(noCsrf.status).toBe(403);
    expect((await status(t, owner)).enabled).toBe(true);
  });

  it('posts a new recording as Block Kit, waiting out a 429 per Retry-After, as one delivery row', async () => {
    const owner = await signUp(t);
    const channel = slack.channels[6]!;
    await connectSlackWithChannel(t, slack, owner, channel);
    const start = slack.callsTo('chat.postMessage').length;
    slack.answerNextPosts({ rateLimitedFor: 1, channel: channel.id });
    await recordThroughLink(t, owner, 'Checkout <button> does nothing');
    const [row] = await waitForSettled(t, owner.user.account.id, 1);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, target: channel.id });
    const posts = slack.callsTo('chat.postMessage').slice(start).filter((p) => p.form.channel === channel.id);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(posts[1]!.form.text).toBe('New recording: Checkout <button> does nothing');
    const blocks = JSON.parse(posts[1]!.form.blocks!) as ({ type: string; fields?: { text: string }[] } & Record<string, unknown>)[];
    expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'New recording: Checkout <button> does nothing' } });
    const facts = blocks[1]!.fields!.map((f) => f.text);
    expect(facts).toEqual([expect.stringMatching(/^\*Recipient\*\n/), expect.stringMatching(/^\*Duration\*\n\d+:\d\d$/), '*Console errors*\n0', '*Failed requests*\n0']);
    expect(blocks[1]!.accessory).toMatchObject({ type: 'image', image_url: expect.stringContaining('https://showback.example/api/v1/public/submissions/') });
    expect(blocks.at(-1)).toMatchObject({ type: 'actions', elements: [{ type: 'button', text: { text: 'Open recording' }, url: expect.stringMatching(/^https:\/\/showback\.example\/my\/recordings\//) }] });
    expect(row!.payload).not.toContain('xoxb');
  });

  it('a revoked token puts the card in its error state and stops posting until reconnected', async () => {
    const owner = await signUp(t);
    await connectSlackWithChannel(t, slack, owner);
    slack.revokeAll('token_revoked');
    const start = slack.callsTo('chat.postMessage').length;
    await recordThroughLink(t, owner);
    const [row] = await waitForSettled(t, owner.user.account.id, 1);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(slack.callsTo('chat.postMessage').length).toBe(start + 1);
    const broken = await status(t, owner);
    expect(broken.connected).toBe(true);
    expect(broken.error).toMatch(/token_revoked.*Reconnect Slack/);

    const second = await recordThroughLink(t, owner);
    await waitForFannedOut(t, second.id);
    expect(await slackDeliveries(t, owner.user.account.id)).toHaveLength(1);
    expect(slack.callsTo('chat.postMessage').length).toBe(start + 1);

    const test = await fetch(slackApi(t, '/test'), { method: 'POST', headers: owner.headers, body: JSON.stringify({}) });
    expect(test.status).toBe(502);
    expect(await body(test)).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('Reconnect Slack') });

    // Reconnecting (a new token) clears the error and keeps the channel of the same workspace.
    await installSlack(t, owner);
    expect(await status(t, owner)).toMatchObject({ error: null, default_channel_id: slack.channels[3]!.id });
  });

  it('a channel the bot is not in is an error that picking another channel clears', async () => {
    const owner = await signUp(t);
    const notIn = slack.channels[7]!;
    await connectSlackWithChannel(t, slack, owner, notIn);
    slack.answerNextPosts({ error: 'not_in_channel', channel: notIn.id });
    const test = await fetch(slackApi(t, '/test'), { method: 'POST', headers: owner.headers, body: JSON.stringify({}) });
    expect(test.status).toBe(502);
    expect((await status(t, owner)).error).toContain(`Showback is not a member of #${notIn.name}`);
    const other = slack.channels[5]!;
    await fetch(slackApi(t, '/update'), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ default_channel_id: other.id, default_channel_name: other.name }) });
    expect((await status(t, owner)).error).toBeNull();
  });

  it('disconnect revokes the token at Slack and forgets workspace and channel', async () => {
    const owner = await signUp(t);
    await connectSlackWithChannel(t, slack, owner);
    const before = slack.callsTo('auth.revoke').length;
    const res = await fetch(slackApi(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(res.status).toBe(204);
    const revoke = slack.callsTo('auth.revoke').slice(before);
    expect(revoke).toHaveLength(1);
    expect(revoke[0]!.authorization).toMatch(/^Bearer xoxb-test-/);
    expect(await status(t, owner)).toMatchObject({ connected: false, team_name: null, default_channel_id: null, default_channel_name: null });
    expect((await fetch(slackApi(t, '/channels'), { headers: owner.headers })).status).toBe(404);
    const again = await fetch(slackApi(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(again.status).toBe(404);
  });

  it('free accounts after the trial see why and cannot connect', async () => {
    const owner = await signUp(t);
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: null }).where('id', '=', owner.user.account.id).execute();
    expect((await status(t, owner)).plan_allows).toBe(false);
    const res = await fetch(slackApi(t, '/authorize'), { headers: owner.headers });
    expect(res.status).toBe(402);
    expect(await body(res)).toMatchObject({ code: 'PLAN_REQUIRED' });
  });
});
