import { beforeAll, describe, expect, it } from 'vitest';
import { body, signUp, type SignedUp } from './support/auth.ts';
import { recordThroughLink, useAlertsApp } from './support/fixtures/alerts.ts';
import type { TestApp } from './support/test-app.ts';
import type { WebhookReceiver } from './support/webhook-receiver.ts';

const zap = (t: TestApp, path: string) => `${t.url}/api/v1/integrations/zapier${path}`;
const asZapier = (key: string) => ({ 'x-api-key': key, 'content-type': 'application/json' });

describe('Zapier: connect, the key, REST hooks', () => {
  const app = useAlertsApp();
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(() => {
    ({ t, receiver } = app);
  });

  async function connected(): Promise<{ owner: SignedUp; key: string; prefix: string }> {
    const owner = await signUp(t);
    const res = await fetch(zap(t, '/authorize'), { headers: owner.headers });
    const connect = await body(res);
    return { owner, key: connect.api_key, prefix: connect.key_prefix };
  }

  it('a free account is told why, with the upgrade link; nothing is created', async () => {
    const owner = await signUp(t);
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: null }).where('id', '=', owner.user.account.id).execute();
    const res = await fetch(zap(t, '/authorize'), { headers: owner.headers });
    expect(res.status).toBe(402);
    expect(await body(res)).toMatchObject({ code: 'PLAN_REQUIRED', details: { upgrade_url: '/upgrade' } });
    expect(await body(await fetch(zap(t, '/status'), { headers: owner.headers }))).toEqual({ connected: false, key_prefix: null, subscription_count: 0 });
  });

  it('connect shows the key once and stores only its hash; connecting again says it is already connected', async () => {
    const owner = await signUp(t);
    const first = await body(await fetch(zap(t, '/authorize'), { headers: owner.headers }));
    expect(first).toMatchObject({ created: true, message: expect.stringContaining('shown only once') });
    expect(first.api_key).toMatch(/^sbz_[A-Za-z0-9_-]{43}$/);
    expect(first.key_prefix).toBe(first.api_key.slice(0, 12));
    const again = await body(await fetch(zap(t, '/authorize'), { headers: owner.headers }));
    expect(again).toEqual({ created: false, api_key: null, key_prefix: first.key_prefix, message: expect.stringContaining('already connected') });
    const [row] = await t.app.ctx.db.selectFrom('zapier_keys').selectAll().where('account_id', '=', owner.user.account.id).execute();
    expect(JSON.stringify(row)).not.toContain(first.api_key);
    expect(await body(await fetch(zap(t, '/status'), { headers: owner.headers }))).toEqual({ connected: true, key_prefix: first.key_prefix, subscription_count: 0 });
  });

  it('the key authenticates Zapier; regenerate stops the old key at once', async () => {
    const { owner, key, prefix } = await connected();
    const me = await fetch(`${t.url}/api/v1/zapier/me`, { headers: asZapier(key) });
    expect(await body(me)).toEqual({ account_id: owner.user.account.id, account_name: owner.user.account.name, key_prefix: prefix });
    const wrong = await fetch(`${t.url}/api/v1/zapier/me`, { headers: asZapier(`${key}x`) });
    expect(wrong.status).toBe(401);
    expect(await body(wrong)).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await fetch(`${t.url}/api/v1/zapier/me`)).status).toBe(401);

    const regenerated = await body(await fetch(zap(t, '/regenerate'), { method: 'POST', headers: owner.headers, body: '{}' }));
    expect(regenerated.api_key).not.toBe(key);
    expect(regenerated.key_prefix).toBe(regenerated.api_key.slice(0, 12));
    expect((await fetch(`${t.url}/api/v1/zapier/me`, { headers: asZapier(key) })).status).toBe(401);
    expect((await fetch(`${t.url}/api/v1/zapier/me`, { headers: asZapier(regenerated.api_key) })).status).toBe(200);
  });

  it('subscribe → a real recording reaches the hook → 410 unsubscribes it; unsubscribe and disconnect', async () => {
    const { owner, key } = await connected();
    const hook = await fetch(`${t.url}/api/v1/zapier/hooks`, { method: 'POST', headers: asZapier(key), body: JSON.stringify({ hookUrl: `${receiver.url}/zap`, event: 'new_recording' }) });
    expect(hook.status).toBe(201);
    const subscription = await body(hook);
    expect(await body(await fetch(zap(t, '/status'), { headers: owner.headers }))).toMatchObject({ connected: true, subscription_count: 1 });
    const bad = await fetch(`${t.url}/api/v1/zapier/hooks`, { method: 'POST', headers: asZapier(key), body: JSON.stringify({ hookUrl: 'ftp://x' }) });
    expect(bad.status).toBe(422);

    const start = receiver.received.length;
    const { id } = await recordThroughLink(t, owner, 'Zap me');
    const [request] = (await receiver.waitFor(start + 1, 60_000)).slice(start);
    expect(request!.path).toBe('/zap');
    const item = JSON.parse(request!.body);
    expect(item).toMatchObject({ id, submission: { id, status: 'ready' }, request: { title: 'Zap me' } });
    const samples = await body(await fetch(`${t.url}/api/v1/zapier/recordings`, { headers: asZapier(key) }));
    expect(samples[0]).toMatchObject({ id });

    // Another account cannot remove it; Zapier's own unsubscribe can.
    const stranger = await connected();
    expect((await fetch(`${t.url}/api/v1/zapier/hooks/${subscription.id}`, { method: 'DELETE', headers: { 'x-api-key': stranger.key } })).status).toBe(404);

    // The zap is turned off: Zapier answers 410 and the subscription goes.
    receiver.answerNext({ path: '/zap', status: 410 });
    await recordThroughLink(t, owner, 'Zap me again');
    await receiver.waitFor(start + 2, 60_000);
    for (let i = 0; i < 100 && (await body(await fetch(zap(t, '/status'), { headers: owner.headers }))).subscription_count > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await body(await fetch(zap(t, '/status'), { headers: owner.headers }))).subscription_count).toBe(0);

    const second = await body(await fetch(`${t.url}/api/v1/zapier/hooks`, { method: 'POST', headers: asZapier(key), body: JSON.stringify({ hookUrl: `${receiver.url}/zap2` }) }));
    expect((await fetch(`${t.url}/api/v1/zapier/hooks/${second.id}`, { method: 'DELETE', headers: { 'x-api-key': key } })).status).toBe(204);

    await fetch(`${t.url}/api/v1/zapier/hooks`, { method: 'POST', headers: asZapier(key), body: JSON.stringify({ hookUrl: `${receiver.url}/zap3` }) });
    const disconnect = await fetch(zap(t, '/disconnect'), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(disconnect.status).toBe(204);
    expect(await body(await fetch(zap(t, '/status'), { headers: owner.headers }))).toEqual({ connected: false, key_prefix: null, subscription_count: 0 });
    expect((await fetch(`${t.url}/api/v1/zapier/me`, { headers: asZapier(key) })).status).toBe(401);
  }, 120_000);
});
