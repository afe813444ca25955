import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type SignedUp } from '../../api/test/support/auth.ts';
import { recordThroughLink, useAlertsApp } from '../../api/test/support/fixtures/alerts.ts';
import type { TestApp } from '../../api/test/support/test-app.ts';
import type { WebhookReceiver } from '../../api/test/support/webhook-receiver.ts';

const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const zapier = require('zapier-platform-core') as { createAppTester(app: unknown): (fn: unknown, bundle: unknown) => Promise<Any> };
const App = require('../index.js') as Any;
const appTester = zapier.createAppTester(App);
const trigger = App.triggers.new_recording.operation;

describe('the Zapier app (zapier-platform-core app tester) against a running Showback', () => {
  const app = useAlertsApp();
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: SignedUp;
  let apiKey: string;
  beforeAll(async () => {
    ({ t, receiver } = app);
    process.env.SHOWBACK_URL = t.url;
    owner = await signUp(t);
    apiKey = (await (await fetch(`${t.url}/api/v1/integrations/zapier/authorize`, { headers: owner.headers })).json()).api_key;
  });

  it('the connection test passes with the key and fails with a wrong one', async () => {
    const me = await appTester(App.authentication.test, { authData: { api_key: apiKey } });
    expect(me).toMatchObject({ account_name: owner.user.account.name });
    expect(App.authentication.connectionLabel(null, { inputData: me })).toBe(owner.user.account.name);
    await expect(appTester(App.authentication.test, { authData: { api_key: `${apiKey}nope` } })).rejects.toThrow(/401|not valid/);
  });

  it('subscribe → a real recording reaches the hook → perform passes it on → unsubscribe', async () => {
    const targetUrl = `${receiver.url}/zapier-hook`;
    const subscribeData = await appTester(trigger.performSubscribe, { authData: { api_key: apiKey }, targetUrl });
    expect(subscribeData).toMatchObject({ id: expect.any(String), hookUrl: targetUrl });
    const status = await (await fetch(`${t.url}/api/v1/integrations/zapier/status`, { headers: owner.headers })).json();
    expect(status.subscription_count).toBe(1);

    const start = receiver.received.length;
    const { id } = await recordThroughLink(t, owner, 'Zapier app test');
    const [hook] = (await receiver.waitFor(start + 1, 60_000)).slice(start);
    const payload = JSON.parse(hook!.body);
    expect(payload).toMatchObject({ id, request: { title: 'Zapier app test' } });
    expect(await appTester(trigger.perform, { authData: { api_key: apiKey }, cleanedRequest: payload })).toEqual([payload]);
    const listed = await appTester(trigger.performList, { authData: { api_key: apiKey } });
    expect(listed[0]).toMatchObject({ id });
    // The sample has the fields a real item has.
    expect(Object.keys(trigger.sample).sort()).toEqual(Object.keys(payload).sort());

    await appTester(trigger.performUnsubscribe, { authData: { api_key: apiKey }, subscribeData });
    const after = await (await fetch(`${t.url}/api/v1/integrations/zapier/status`, { headers: owner.headers })).json();
    expect(after.subscription_count).toBe(0);
  }, 120_000);

  it('"Recording State Changed": a resolved recording reaches its hook with what changed, one item per change', async () => {
    const stateTrigger = App.triggers.recording_state_changed.operation;
    const { id } = await recordThroughLink(t, owner, 'Zapier state test');
    const targetUrl = `${receiver.url}/zapier-state-hook`;
    const subscribeData = await appTester(stateTrigger.performSubscribe, { authData: { api_key: apiKey }, targetUrl });
    expect(subscribeData).toMatchObject({ event: 'recording_state_changed', hookUrl: targetUrl });

    const review = (state: string) => fetch(`${t.url}/api/v1/submissions/${id}/review`, { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ state }) });
    expect((await review('resolved')).status).toBe(200);
    expect((await review('open')).status).toBe(200);
    await vi.waitFor(() => expect(receiver.received.filter((r) => r.path === '/zapier-state-hook')).toHaveLength(2), { timeout: 30_000, interval: 100 });
    const payloads = receiver.received.filter((r) => r.path === '/zapier-state-hook').map((r) => JSON.parse(r.body));
    expect(payloads.map((p) => `${p.change.from}→${p.change.to}`)).toEqual(['open→resolved', 'resolved→open']);
    expect(payloads[0]).toMatchObject({ submission: { id }, change: { field: 'state', by: { id: owner.user.id } } });
    // Zapier deduplicates by id: each change is its own item.
    expect(new Set(payloads.map((p) => p.id)).size).toBe(2);
    expect(await appTester(stateTrigger.perform, { authData: { api_key: apiKey }, cleanedRequest: payloads[0] })).toEqual([payloads[0]]);
    expect(Object.keys(stateTrigger.sample).sort()).toEqual(Object.keys(payloads[0]).sort());
    await appTester(stateTrigger.performUnsubscribe, { authData: { api_key: apiKey }, subscribeData });
  }, 120_000);
});
