import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
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
});
