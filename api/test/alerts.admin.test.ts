import { beforeAll, describe, expect, it } from 'vitest';
import { body, signUp, signUpSysadmin } from './support/auth.ts';
import { addEndpoint, sendTestEvent, useAlertsApp, waitForDeliveryOf } from './support/fixtures/alerts.ts';
import type { TestApp } from './support/test-app.ts';
import type { WebhookReceiver } from './support/webhook-receiver.ts';

describe('alerts in the admin area', () => {
  const app = useAlertsApp();
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(() => {
    ({ t, receiver } = app);
  });

  it("a system admin sees every account's deliveries and zaps; anyone else gets an unknown route", async () => {
    const owner = await signUp(t, { account_name: 'Deliveries Co' });
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/admin` });
    const eventId = await sendTestEvent(t, owner, endpoint.id);
    await waitForDeliveryOf(t, owner, endpoint.id, eventId, (delivery) => delivery.status === 'succeeded');
    const key = (await body(await fetch(`${t.url}/api/v1/integrations/zapier/authorize`, { headers: owner.headers }))).api_key;
    await fetch(`${t.url}/api/v1/zapier/hooks`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ hookUrl: `${receiver.url}/zap` }) });

    const admin = await signUpSysadmin(t);
    const webhooks = await body(await fetch(`${t.url}/api/v1/admin/alert-deliveries?channel=webhook`, { headers: admin.headers }));
    expect(webhooks.items.find((d: { target: string }) => d.target === endpoint.id)).toMatchObject({ account_name: 'Deliveries Co', channel: 'webhook', event_type: 'webhook.test', status: 'succeeded', last_status: 200 });
    expect(webhooks.items.every((d: { channel: string }) => d.channel === 'webhook')).toBe(true);
    const zaps = await body(await fetch(`${t.url}/api/v1/admin/zapier-subscriptions`, { headers: admin.headers }));
    expect(zaps.items.find((s: { account_id: string }) => s.account_id === owner.user.account.id)).toMatchObject({ account_name: 'Deliveries Co', hookUrl: `${receiver.url}/zap` });

    for (const path of ['/api/v1/admin/alert-deliveries', '/api/v1/admin/zapier-subscriptions']) {
      for (const headers of [owner.headers, {}]) {
        const res = await fetch(`${t.url}${path}`, { headers });
        expect(res.status, path).toBe(404);
        expect(await body(res)).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
  });
});
