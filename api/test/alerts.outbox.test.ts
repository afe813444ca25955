import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAlertEvent } from '../src/alerts/alert-events.ts';
import { signUp } from './support/auth.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { addEndpoint, deliveriesOf, useAlertsApp, waitForAlertsSettled, waitForDeliveries, waitForDeliveryOf } from './support/fixtures/alerts.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import { startPeerApp, startTestApp, type TestApp } from './support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

describe('the outbox: events and the processing job commit with the submission', () => {
  const app = useAlertsApp();
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(() => {
    ({ t, receiver } = app);
  });

  it('a failed enqueue rolls the submission back; the retry then creates, processes and announces it once', async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/outbox`, events: ['submission.created', 'submission.ready'] });
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, await mediaFile('h264-opus-fmp4', 2), { token: request.token });
    const body = submitBody(uploadId);
    const db = t.app.ctx.db;
    // The queue refuses the processing job, as a lost connection or a full disk would at that moment.
    await sql`create function refuse_processing_job() returns trigger language plpgsql as $$
      begin if new.name in ('process-submission', 'finish-submission') then raise exception 'queue unavailable'; end if; return new; end $$`.execute(db);
    await sql`create trigger refuse_processing_job before insert on pgboss.job for each row execute function refuse_processing_job()`.execute(db);
    try {
      const refused = await submit(t.url, request.token, body);
      expect(refused.status).toBe(500);
      expect(await refused.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL' });
    } finally {
      await sql`drop trigger refuse_processing_job on pgboss.job`.execute(db);
      await sql`drop function refuse_processing_job()`.execute(db);
    }
    // Nothing half-done: no submission, no event, nothing counted toward the month.
    expect(await db.selectFrom('submissions').select('id').where('client_submission_id', '=', body.client_submission_id).execute()).toEqual([]);
    expect(await db.selectFrom('alert_events').select('id').where('account_id', '=', owner.user.account.id).execute()).toEqual([]);

    const retried = await submit(t.url, request.token, body);
    expect(retried.status).toBe(201);
    const { id } = (await retried.json()) as { id: string };
    expect((await waitForProcessing(t.url, owner, id)).status).toBe('ready');
    const log = await waitForDeliveries(t, owner, endpoint.id, (items) => items.length === 2 && items.every((d) => d.status === 'succeeded'));
    expect(log.map((d) => d.event_type).sort()).toEqual(['submission.created', 'submission.ready']);

    // A replayed submit (the client's retry after a lost response) announces nothing new.
    expect((await submit(t.url, request.token, body)).status).toBe(201);
    await waitForAlertsSettled(t, owner.user.account.id);
    expect(await deliveriesOf(t, owner, endpoint.id)).toHaveLength(2);
    // The summary's own event follows the transcript on its own schedule; it is not what a replayed submit could repeat.
    const events = await db.selectFrom('alert_events').select('type').where('submission_id', '=', id).where('type', '!=', 'submission.summarized').execute();
    expect(events.map((e) => e.type).sort()).toEqual(['submission.created', 'submission.ready']);
  });
});

// Several processes can only share a Postgres: PGlite is one process by construction.
describe.skipIf(!process.env.TEST_DATABASE_URL)('alerts with several processes on one Postgres', () => {
  let web: TestApp;
  let peer: TestApp;
  let worker: ApiProcess;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The process taking the submission runs no workers: the event reaches another OS process through NOTIFY.
    web = await startTestApp({}, { WORKERS: 'false', OUTBOUND_ALLOW_LOCAL: 'true' });
    worker = await startApiProcess({ DATABASE_URL: web.databaseUrl!, DATA_DIR: web.dataDir, WORKERS: 'true', OUTBOUND_ALLOW_LOCAL: 'true', SESSION_SECRET: 'x'.repeat(40) });
  }, 60_000);
  afterAll(async () => {
    await peer?.close();
    await worker?.stop();
    await web?.close();
    await receiver?.close();
  });

  it('a submission on a web-only process is delivered by a worker process within a second', async () => {
    const owner = await signUp(web);
    const endpoint = await addEndpoint(web, owner, { url: `${receiver.url}/cross`, events: ['submission.created'] });
    const request = await createRequest(web.url, owner);
    const uploadId = await tusUpload(web.url, await mediaFile('h264-opus-fmp4', 2), { token: request.token });
    const start = receiver.received.length;
    const res = await submit(web.url, request.token, submitBody(uploadId));
    expect(res.status).toBe(201);
    const [arrived] = (await receiver.waitFor(start + 1)).slice(start);
    const [event] = await web.app.ctx.db.selectFrom('alert_events').select(['id', 'created_at']).where('account_id', '=', owner.user.account.id).execute();
    expect(arrived!.at - new Date(event!.created_at).getTime()).toBeLessThan(1000);
    expect(JSON.parse(arrived!.body)).toMatchObject({ type: 'submission.created' });
    await waitForDeliveryOf(web, owner, endpoint.id, event!.id, (delivery) => delivery.status === 'succeeded');
  });

  it('two worker processes deliver each event exactly once', async () => {
    peer = await startPeerApp(web, { WORKERS: 'true', OUTBOUND_ALLOW_LOCAL: 'true' });
    const owner = await signUp(web);
    const endpoint = await addEndpoint(web, owner, { url: `${receiver.url}/once` });
    const start = receiver.received.length;
    const count = 40;
    // Events in quick succession, each its own commit, so both dispatchers wake and compete for them.
    for (let i = 0; i < count; i++) {
      await web.app.ctx.db.transaction().execute((trx) => recordAlertEvent(trx, { accountId: owner.user.account.id, type: 'webhook.test', only: { channel: 'webhook', target: endpoint.id } }));
    }
    // Every delivery made its one attempt first: a second one, by the other process, would have counted on the same row.
    const log = await waitForDeliveries(web, owner, endpoint.id, (items) => items.length === count && items.every((d) => d.status === 'succeeded'), 20_000);
    expect(log.every((d) => d.attempts === 1)).toBe(true);
    const requests = receiver.received.slice(start);
    expect(requests).toHaveLength(count);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(count);
  });
});
