import { Webhook } from 'standardwebhooks';
import { WEBHOOK_TEST_EVENT, type AlertDelivery } from '@showback/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { addEndpoint, endpointSecret, sendTestEvent, useAlertsApp, waitForDeliveries } from './support/fixtures/alerts.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import type { TestApp } from './support/test-app.ts';
import type { WebhookReceiver } from './support/webhook-receiver.ts';

// The operators' lists of requests, submissions, invitations, deliveries and zaps, and each one's audited action.
describe('admin lists and actions on recordings, invitations and deliveries', () => {
  const app = useAlertsApp();
  let t: TestApp;
  let receiver: WebhookReceiver;
  let staff: SignedUp;
  let owner: SignedUp;
  beforeAll(async () => {
    ({ t, receiver } = app);
    staff = await signUpSysadmin(t);
    owner = await signUp(t, { name: 'Ola Owner', account_name: 'Ops Widgets' });
  });

  const get = async (path: string, who: SignedUp = staff) => {
    const res = await fetch(`${t.url}/api/v1/admin/${path}`, { headers: who.headers });
    return { status: res.status, json: await body(res) };
  };
  const act = async (method: 'POST' | 'DELETE', path: string, who: SignedUp = staff) => {
    const { 'content-type': _json, ...bodiless } = who.headers;
    const res = await fetch(`${t.url}/api/v1/admin/${path}`, method === 'POST' ? { method, headers: who.headers, body: '{}' } : { method, headers: bodiless });
    return { status: res.status, json: res.status === 204 ? null : await body(res) };
  };
  const auditOf = (targetId: string) => t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'actor_email', 'target_type', 'before', 'after']).where('target_id', '=', targetId).orderBy('created_at').execute();

  /** A recording whose upload is not a video: its processing fails for good. */
  async function failedSubmission(title: string): Promise<{ id: string; requestId: string }> {
    const request = await createRequest(t.url, owner, { title });
    const uploadId = await tusUpload(t.url, await mediaFile('broken-mp4'), { token: request.token });
    const res = await submit(t.url, request.token, submitBody(uploadId));
    const { id } = (await res.json()) as { id: string };
    await waitForProcessing(t.url, owner, id);
    return { id, requestId: request.id };
  }

  it('lists recording requests with link state and counts, and revokes a link: recipients get 410, the audit names it', async () => {
    const request = await createRequest(t.url, owner, { title: 'Ops checkout bug' });
    const old = await createRequest(t.url, owner, { title: 'Ops old request' });
    await t.app.ctx.db.updateTable('recording_requests').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', old.id).execute();
    const listed = await get(`recording-requests?q=${encodeURIComponent('ops ')}&sort=title`);
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ total: 2, page: 1, per_page: 25 });
    expect(listed.json.items.map((r: { title: string; link_state: string }) => [r.title, r.link_state])).toEqual([
      ['Ops checkout bug', 'active'],
      ['Ops old request', 'expired'],
    ]);
    expect(listed.json.items[0]).toMatchObject({ account_name: 'Ops Widgets', owner_email: owner.user.email, submission_count: 0, revoked_links: 0 });
    expect((await get(`recording-requests?link_state=expired&account_id=${owner.user.account.id}`)).json.items.map((r: { title: string }) => r.title)).toEqual(['Ops old request']);

    expect((await act('POST', `recording-requests/${request.id}/revoke-link`)).status).toBe(204);
    const gone = await fetch(`${t.url}/api/v1/public/requests/${request.token}`);
    expect(gone.status).toBe(410);
    expect(await body(gone)).toMatchObject({ code: 'LINK_REVOKED' });
    const fresh = (await body(await fetch(`${t.url}/api/v1/requests/${request.id}`, { headers: owner.headers }))).token as string;
    expect(fresh).not.toBe(request.token);
    expect((await fetch(`${t.url}/api/v1/public/requests/${fresh}`)).status).toBe(200);
    expect((await get(`recording-requests?q=checkout`)).json.items[0]).toMatchObject({ revoked_links: 1, link_state: 'active' });
    expect(await auditOf(request.id)).toEqual([
      { action: 'recording_request.revoke_link', actor_email: staff.user.email, target_type: 'recording_request', before: { title: 'Ops checkout bug', account: 'Ops Widgets', link: `…${request.token.slice(-4)}` }, after: { link: `…${fresh.slice(-4)}` } },
    ]);

    const unknown = await act('POST', `recording-requests/${crypto.randomUUID()}/revoke-link`);
    expect(unknown).toEqual({ status: 404, json: expect.objectContaining({ code: 'NOT_FOUND', message: 'Recording request not found' }) });
    expect((await act('POST', 'recording-requests/not-a-uuid/revoke-link')).json).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await get('recording-requests?link_state=gone')).status).toBe(422);
  });

  it('lists submissions by status and source with the processing error, and re-runs only a failed one, audited', { timeout: 120_000 }, async () => {
    const failed = await failedSubmission('Ops broken upload');
    const list = await get(`submissions?status=failed&source=link&account_id=${owner.user.account.id}`);
    expect(list.json).toMatchObject({ total: 1, items: [{ id: failed.id, request_title: 'Ops broken upload', account_name: 'Ops Widgets', source: 'link', status: 'failed', recipient_email: 'grace@example.test', processing_error: 'The file is not a video we can read.' }] });
    expect((await get('submissions?q=GRACE@example')).json.total).toBe(1);
    expect((await get('submissions?q=broken upload')).json.total).toBe(1);
    expect((await get('submissions?status=ready&account_id=' + owner.user.account.id)).json.total).toBe(0);
    const detail = await get(`submissions/${failed.id}`);
    expect(detail.json).toMatchObject({ id: failed.id, status: 'failed', processing_error: 'The file is not a video we can read.', mime_type: expect.any(String), processing_attempts: 1 });

    expect((await act('POST', `submissions/${failed.id}/reprocess`)).status).toBe(204);
    expect(await auditOf(failed.id)).toEqual([
      { action: 'submission.reprocess', actor_email: staff.user.email, target_type: 'submission', before: { status: 'failed', processing_error: 'The file is not a video we can read.' }, after: { status: 'queued' } },
    ]);
    // The real job ran again (on the same stored original) and failed the same way.
    const again = await waitForProcessing(t.url, owner, failed.id);
    expect(again.status).toBe('failed');
    expect(await t.app.ctx.db.selectFrom('alert_events').select('id').where('submission_id', '=', failed.id).where('type', '=', 'submission.failed').execute()).toHaveLength(2);

    const ready = await createRequest(t.url, owner, { title: 'Ops good upload' });
    const res = await submit(t.url, ready.token, submitBody(await tusUpload(t.url, await mediaFile('h264-opus-fmp4', 1), { token: ready.token })));
    const readyId = ((await res.json()) as { id: string }).id;
    expect((await waitForProcessing(t.url, owner, readyId)).status).toBe('ready');
    const refused = await act('POST', `submissions/${readyId}/reprocess`);
    expect(refused).toEqual({ status: 409, json: expect.objectContaining({ code: 'CONFLICT', message: 'Only a failed submission can be processed again; this one is ready.' }) });
    expect(await auditOf(readyId)).toEqual([]);
    expect((await get(`submissions/${crypto.randomUUID()}`)).json).toMatchObject({ code: 'NOT_FOUND', message: 'Submission not found' });
    expect((await act('POST', `submissions/${crypto.randomUUID()}/reprocess`)).status).toBe(404);
    expect((await get('submissions?status=lost')).status).toBe(422);
  });

  it('lists invitations by state and revokes a pending one (the link stops working), audited; never twice', async () => {
    const invite = async (email: string) => {
      const res = await fetch(`${t.url}/api/v1/team/invitations`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ email, role: 'member' }) });
      expect(res.status, await res.clone().text()).toBe(201);
      return body(res);
    };
    // An expired invitation holds no seat, so the trial's two seats leave room for the pending one.
    const expired = await invite('eli-expired@example.test');
    await t.app.ctx.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expired.id).execute();
    const pending = await invite('pia-pending@example.test');
    const all = await get(`invitations?q=${encodeURIComponent('Ops Widgets')}&sort=oldest`);
    expect(all.json.items.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      ['eli-expired@example.test', 'expired'],
      ['pia-pending@example.test', 'pending'],
    ]);
    expect(all.json.items[1]).toMatchObject({ account_name: 'Ops Widgets', role: 'member', invited_by_email: owner.user.email });
    expect((await get('invitations?status=expired&q=eli-expired')).json.total).toBe(1);

    expect((await act('POST', `invitations/${pending.id}/revoke`)).status).toBe(204);
    expect((await get('invitations?status=revoked&q=pia-pending')).json.items[0]).toMatchObject({ id: pending.id, status: 'revoked' });
    const team = await body(await fetch(`${t.url}/api/v1/team`, { headers: owner.headers }));
    expect(team.invitations.map((i: { id: string }) => i.id)).not.toContain(pending.id);
    expect(await auditOf(pending.id)).toEqual([
      { action: 'invitation.revoke', actor_email: staff.user.email, target_type: 'invitation', before: { email: 'pia-pending@example.test', account_id: owner.user.account.id, status: 'pending' }, after: { status: 'revoked' } },
    ]);
    const twice = await act('POST', `invitations/${pending.id}/revoke`);
    expect(twice).toEqual({ status: 409, json: expect.objectContaining({ code: 'CONFLICT', message: 'This invitation is already revoked.' }) });
    expect((await act('POST', `invitations/${crypto.randomUUID()}/revoke`)).json).toMatchObject({ code: 'NOT_FOUND', message: 'Invitation not found' });
    expect((await get('invitations?status=open')).status).toBe(422);
  });

  it('replays a failed webhook delivery through the dispatcher, signed afresh, audited; only a failed one', async () => {
    // Subscribed to an event no later step raises: the summary of the recording made above may still be on its way,
    // and it must neither take the scripted 410 nor be the delivery looked at.
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/ops`, events: ['submission.created'] });
    receiver.answerNext({ path: '/ops', status: 410, body: 'gone for now' });
    const before = receiver.received.length;
    await sendTestEvent(t, owner, endpoint.id);
    const testDelivery = (items: AlertDelivery[]) => items.find((d) => d.event_type === WEBHOOK_TEST_EVENT);
    const failed = testDelivery(await waitForDeliveries(t, owner, endpoint.id, (items) => testDelivery(items)?.status === 'failed'));
    const listed = await get(`alert-deliveries?channel=webhook&status=failed&q=ops widgets`);
    expect(listed.json).toMatchObject({ total: 1, page: 1, items: [{ id: failed!.id, account_name: 'Ops Widgets', channel: 'webhook', status: 'failed', last_status: 410 }] });
    expect((await get('alert-deliveries?channel=email,slack,teams,zapier&q=ops widgets')).json.items.map((d: { channel: string }) => d.channel)).not.toContain('webhook');

    expect((await act('POST', `alert-deliveries/${failed!.id}/replay`)).status).toBe(204);
    const after = testDelivery(await waitForDeliveries(t, owner, endpoint.id, (items) => testDelivery(items)?.status === 'succeeded'));
    expect(after).toMatchObject({ id: failed!.id, attempts: 2, last_status: 200 });
    const [first, second] = receiver.received.slice(before).filter((r) => r.path === '/ops');
    const secret = await endpointSecret(t, owner, endpoint.id);
    new Webhook(secret).verify(second!.body, second!.headers as Record<string, string>);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(await auditOf(failed!.id)).toEqual([
      { action: 'delivery.replay', actor_email: staff.user.email, target_type: 'alert_delivery', before: { channel: 'webhook', account_id: owner.user.account.id, status: 'failed', attempts: 1, last_status: 410 }, after: { status: 'pending' } },
    ]);

    const again = await act('POST', `alert-deliveries/${failed!.id}/replay`);
    expect(again).toEqual({ status: 409, json: expect.objectContaining({ code: 'CONFLICT', message: 'Only a failed delivery can be replayed; this one is succeeded.' }) });
    expect((await act('POST', `alert-deliveries/${crypto.randomUUID()}/replay`)).json).toMatchObject({ code: 'NOT_FOUND', message: 'Delivery not found' });
    expect((await get('alert-deliveries?status=lost')).status).toBe(422);
  });

  it('lists Zapier subscriptions and deletes one, audited', async () => {
    const key = (await body(await fetch(`${t.url}/api/v1/integrations/zapier/authorize`, { headers: owner.headers }))).api_key;
    const hook = await body(await fetch(`${t.url}/api/v1/zapier/hooks`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ hookUrl: `${receiver.url}/zap-ops` }) }));
    const listed = await get('zapier-subscriptions?q=zap-ops');
    expect(listed.json).toMatchObject({ total: 1, items: [{ id: hook.id, account_name: 'Ops Widgets', hookUrl: `${receiver.url}/zap-ops` }] });

    expect((await act('DELETE', `zapier-subscriptions/${hook.id}`)).status).toBe(204);
    expect((await get('zapier-subscriptions?q=zap-ops')).json.total).toBe(0);
    expect(await auditOf(hook.id)).toEqual([
      { action: 'zapier_subscription.delete', actor_email: staff.user.email, target_type: 'zapier_subscription', before: { account_id: owner.user.account.id, event: hook.event, hook_url: `${receiver.url}/zap-ops` }, after: null },
    ]);
    expect((await act('DELETE', `zapier-subscriptions/${hook.id}`)).json).toMatchObject({ code: 'NOT_FOUND', message: 'Zapier subscription not found' });
    // A customer reaches none of it.
    expect((await act('DELETE', `zapier-subscriptions/${hook.id}`, owner)).json).toMatchObject({ code: 'NOT_FOUND', message: `No route for DELETE /api/v1/admin/zapier-subscriptions/${hook.id}` });
  });
});
