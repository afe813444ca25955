import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ALERT_EVENT_TYPES, type Summary } from '@showback/contract';
import { recordAlertEvent } from '../src/alerts/alert-events.ts';
import type { LocalMailbox } from '../src/mail/local-mailbox.ts';
import { summarizeSubmissionJob } from '../src/jobs/summarize-submission.job.ts';
import { body, signUp, type SignedUp } from './support/auth.ts';
import { addEndpoint, deliveriesOf, endpointSecret, makeDueNow, recordThroughLink, sendTestEvent, useAlertsApp, waitForAlertsSettled, waitForDeliveries, waitForDeliveryOf } from './support/fixtures/alerts.ts';
import type { TestApp } from './support/test-app.ts';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from './support/webhook-receiver.ts';

const api = (t: TestApp, path: string) => `${t.url}/api/v1/integrations/webhooks${path}`;

/** Verifies a request as a receiver would, with the official Standard Webhooks library; answers the payload. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function verify(secret: string, request: ReceivedRequest): { type: string; timestamp: string; data: Record<string, any> } {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as never;
}

async function waitForFanOut(t: TestApp, eventId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const event = await t.app.ctx.db.selectFrom('alert_events').select('fanned_out_at').where('id', '=', eventId).executeTakeFirstOrThrow();
    if (event.fanned_out_at) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('event never fanned out');
}

/** The owner's "endpoint disabled" email: its own job, sent after the delivery's outcome is written, so waited for. */
function disabledEmail(t: TestApp, owner: SignedUp) {
  return vi.waitFor(
    async () => {
      const found = (await (t.app.ctx.mailer as LocalMailbox).list()).find((m) => m.to === owner.user.email && m.subject === 'A webhook endpoint was disabled');
      if (!found) throw new Error('no "A webhook endpoint was disabled" email yet');
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
}

/** DELETE without a body, so without a JSON content type. */
function remove(t: TestApp, owner: SignedUp, id: string): Promise<Response> {
  return fetch(api(t, `/${id}`), { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
}

describe('signed webhooks', () => {
  const app = useAlertsApp();
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(() => {
    ({ t, receiver } = app);
  });

  it('refuses bad input with the one error body and changes nothing; another account sees 404', async () => {
    const owner = await signUp(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'not a url' }, 'url'],
      [{ url: 'ftp://example.com/hook' }, 'url'],
      [{ url: 'https://user:secret@example.com/hook' }, 'url'],
      [{ url: `${receiver.url}/x`, events: ['submission.bogus'] }, 'events'],
      [{ url: `${receiver.url}/x`, events: [] }, 'events'],
      [{ url: `${receiver.url}/x`, description: 'd'.repeat(201) }, 'description'],
    ];
    for (const [payload, field] of cases) {
      const res = await fetch(api(t, ''), { method: 'POST', headers: owner.headers, body: JSON.stringify(payload) });
      const error = await body(res);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(error).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
      if (field) expect(Object.keys(error.errors ?? {}).join(','), JSON.stringify(error)).toContain(field);
    }
    expect((await body(await fetch(api(t, ''), { headers: owner.headers }))).items).toEqual([]);

    const mine = await addEndpoint(t, owner, { url: `${receiver.url}/mine` });
    const stranger = await signUp(t);
    for (const [method, path] of [
      ['PATCH', `/${mine.id}`],
      ['DELETE', `/${mine.id}`],
      ['GET', `/${mine.id}/secret`],
      ['POST', `/${mine.id}/secret/rotate`],
      ['POST', `/${mine.id}/test`],
      ['GET', `/${mine.id}/deliveries`],
    ] as const) {
      const res = await fetch(api(t, path), { method, headers: stranger.headers, ...(method === 'GET' ? {} : { body: JSON.stringify(method === 'PATCH' ? { status: 'paused' } : {}) }) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await body(res)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    const unsigned = await fetch(api(t, ''), { headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
    const [after] = (await body(await fetch(api(t, ''), { headers: owner.headers }))).items;
    expect(after).toMatchObject({ id: mine.id, status: 'enabled', url: `${receiver.url}/mine` });
    expect(await endpointSecret(t, owner, mine.id)).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await remove(t, owner, mine.id);
  });

  it('a recording sends submission.created, submission.ready, then submission.summarized once, signed, with the recording, counts, a download link and the summary', async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/hooks`, description: 'Help desk' });
    expect(endpoint.events).toEqual(['submission.created', 'submission.ready', 'submission.failed', 'submission.summarized', 'submission.state_changed', 'submission.assigned']);
    expect(endpoint.events).toEqual([...ALERT_EVENT_TYPES]);
    const secret = await endpointSecret(t, owner, endpoint.id);
    const start = receiver.received.length;
    const events = [
      { kind: 'console', t: -2000, level: 'error', message: 'TypeError: x is undefined' },
      { kind: 'error', t: -1500, cause: 'error', message: 'Uncaught boom' },
      { kind: 'console', t: -1000, level: 'warn', message: 'slow' },
      { kind: 'network', t: -500, transport: 'fetch', method: 'POST', url: 'https://shop.example/api/pay', status: 502, duration_ms: 40 },
      { kind: 'network', t: -400, transport: 'fetch', method: 'GET', url: 'https://shop.example/api/cart', status: 200, duration_ms: 10 },
      // During the recording, so the summary cites it.
      { kind: 'network', t: 1000, transport: 'fetch', method: 'POST', url: 'https://shop.example/api/pay/confirm', status: 500, duration_ms: 30 },
    ];
    const { id } = await recordThroughLink(t, owner, 'Payment fails', { events, dropped_events: 0 });
    // The summary waits for the transcript, so its event comes last.
    const requests = (await receiver.waitFor(start + 3, 150_000)).slice(start);
    const [created, ready, summarized] = ['submission.created', 'submission.ready', 'submission.summarized'].map((type) => requests.find((r) => (JSON.parse(r.body) as { type: string }).type === type));

    const first = verify(secret, created!);
    expect(first.type).toBe('submission.created');
    expect(first.data).toMatchObject({
      submission: { id, source: 'link', note: 'The button does nothing' },
      request: { title: 'Payment fails' },
      recipient: { name: 'Grace Hopper', email: 'grace@example.test' },
      counts: { console_errors: 2, failed_requests: 2 },
      links: { recording: `${t.config.publicUrl}/my/recordings/${id}`, download: null },
    });
    // The state as the first attempt found it: processing may have started by then.
    expect(['queued', 'processing']).toContain(first.data.submission.status);
    expect(first.data.environment).toMatchObject({ browser: 'Chrome', os: 'Linux' });
    const second = verify(secret, ready!);
    expect(second.type).toBe('submission.ready');
    expect(second.data.submission).toMatchObject({ id, status: 'ready' });
    // No summary exists yet when the video is ready (product-decisions.md).
    expect(second.data.summary).toBeNull();
    expect(created!.headers['webhook-id']).not.toBe(ready!.headers['webhook-id']);
    expect(created!.headers['content-type']).toBe('application/json');

    // The download link works without a session, and only with its signature (the test server is not on PUBLIC_URL).
    expect(second.data.links.download.startsWith(`${t.config.publicUrl}/api/v1/public/submissions/${id}/video?expires=`)).toBe(true);
    const link = second.data.links.download.replace(t.config.publicUrl, t.url);
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const forged = await fetch(link.replace(/signature=[^&]+/, 'signature=AAAA'));
    expect(forged.status).toBe(403);
    expect(await body(forged)).toMatchObject({ code: 'FORBIDDEN' });

    // submission.summarized: the same recording data plus the summary as the dashboard shows it, lines with citations.
    const third = verify(secret, summarized!);
    expect(third.type).toBe('submission.summarized');
    expect(third.data.submission).toMatchObject({ id, status: 'ready', note: 'The button does nothing' });
    const stored = (await body(await fetch(`${t.url}/api/v1/submissions/${id}/summary`, { headers: owner.headers }))) as Summary;
    expect(stored.status).toBe('ready');
    expect(third.data.summary).toEqual({ kind: 'digest', engine: null, goal: null, lines: stored.lines, steps: stored.steps, updated_at: stored.updated_at });
    expect(third.data.summary.lines).toContainEqual({
      text: 'POST /api/pay/confirm answered 500 at 00:01.',
      citations: [{ type: 'request', event: expect.any(Number), t_ms: 1000, method: 'POST', url: 'https://shop.example/api/pay/confirm', status: 500 }],
    });
    expect(third.data.summary.lines).toContainEqual({ text: 'The customer wrote: “The button does nothing”', citations: [] });
    // Every line but the note's (its own evidence) cites something.
    for (const line of third.data.summary.lines as Summary['lines']) if (!line.text.startsWith('The customer wrote')) expect(line.citations.length).toBeGreaterThan(0);

    const log = await waitForDeliveries(t, owner, endpoint.id, (items) => items.length === 3 && items.every((d) => d.status === 'succeeded'));
    expect(log.map((d) => d.event_type).sort()).toEqual(['submission.created', 'submission.ready', 'submission.summarized']);
    for (const d of log) expect(d).toMatchObject({ attempts: 1, last_status: 200, last_excerpt: 'ok', submission_id: id, next_attempt_at: null });

    // A re-run that writes the same summary again announces nothing; a summary that changes is announced again.
    const summarizedEvents = async () => (await t.app.ctx.db.selectFrom('alert_events').select('id').where('submission_id', '=', id).where('type', '=', 'submission.summarized').execute()).length;
    const rerun = () => summarizeSubmissionJob.handler({ submission_id: id }, t.app.ctx, { jobId: 'rerun', attempt: 1, isLastAttempt: false });
    await rerun(); // ready: left alone
    await t.app.ctx.db.updateTable('summaries').set({ status: 'pending' }).where('submission_id', '=', id).execute();
    await rerun(); // written again, the same
    expect(await summarizedEvents()).toBe(1);
    await waitForAlertsSettled(t, owner.user.account.id);
    expect(receiver.received.length - start).toBe(3);
    await t.app.ctx.db.updateTable('summaries').set({ status: 'pending', goal: 'An older goal' }).where('submission_id', '=', id).execute();
    await rerun();
    expect(await summarizedEvents()).toBe(2);
    await waitForDeliveries(t, owner, endpoint.id, (items) => items.length === 4 && items.every((d) => d.status === 'succeeded'));
    await remove(t, owner, endpoint.id);
  }, 180_000);

  it('retries a failing receiver on the schedule with one webhook-id and a valid signature every time', async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/flaky` });
    const secret = await endpointSecret(t, owner, endpoint.id);
    const start = receiver.received.length;
    receiver.answerNext({ path: '/flaky', status: 500, body: 'database down' }, { path: '/flaky', status: 503 }, { path: '/flaky', status: 404, body: 'no route' });
    const eventId = await sendTestEvent(t, owner, endpoint.id);
    // Planned waits after attempts 1, 2, 3: 5 s, 5 min, 30 min, each ±20 %.
    for (const [attempt, planned] of [[1, 5], [2, 300], [3, 1800]] as const) {
      const d = await waitForDeliveryOf(t, owner, endpoint.id, eventId, (delivery) => delivery.attempts === attempt && delivery.status === 'pending');
      const wait = (Date.parse(d.next_attempt_at!) - Date.parse(d.last_attempt_at!)) / 1000;
      expect(wait, `after attempt ${attempt}`).toBeGreaterThanOrEqual(planned * 0.8 - 1);
      expect(wait, `after attempt ${attempt}`).toBeLessThanOrEqual(planned * 1.2 + 1);
      expect(d.last_status).toBe([500, 503, 404][attempt - 1]);
      await makeDueNow(t, d.id);
    }
    const requests = (await receiver.waitFor(start + 4)).slice(start);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const request of requests) expect(verify(secret, request).type).toBe('webhook.test');
    const done = await waitForDeliveryOf(t, owner, endpoint.id, eventId, (delivery) => delivery.status === 'succeeded');
    expect(done).toMatchObject({ attempts: 4, last_status: 200, event_type: 'webhook.test' });
    await remove(t, owner, endpoint.id);
  });

  it("honours the receiver's Retry-After instead of the schedule", async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/busy` });
    const start = receiver.received.length;
    receiver.answerNext({ path: '/busy', status: 429, headers: { 'retry-after': '1' } });
    const eventId = await sendTestEvent(t, owner, endpoint.id);
    const [first, second] = (await receiver.waitFor(start + 2, 10_000)).slice(start);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    expect(second!.at - first!.at).toBeLessThan(4000);
    await waitForDeliveryOf(t, owner, endpoint.id, eventId, (delivery) => delivery.status === 'succeeded' && delivery.attempts === 2);
    await remove(t, owner, endpoint.id);
  });

  it('times out a receiver that never answers after 10 s and keeps the delivery for a retry', async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/hang` });
    receiver.answerNext({ path: '/hang', hang: true });
    const eventId = await sendTestEvent(t, owner, endpoint.id);
    const d = await waitForDeliveryOf(t, owner, endpoint.id, eventId, (delivery) => delivery.status === 'pending' && delivery.attempts === 1, 20_000);
    expect(d.last_status).toBeNull();
    expect(d.last_excerpt).toBe('No answer within 10 s.');
    expect(d.duration_ms).toBeGreaterThanOrEqual(9900);
    expect(d.duration_ms).toBeLessThan(12_000);
    await remove(t, owner, endpoint.id);
  }, 30_000);

  it('does not follow a redirect at delivery', async () => {
    const owner = await signUp(t);
    const target = await startWebhookReceiver();
    try {
      const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/moved` });
      receiver.answerNext({ path: '/moved', status: 307, headers: { location: `${target.url}/internal` } });
      const eventId = await sendTestEvent(t, owner, endpoint.id);
      const d = await waitForDeliveryOf(t, owner, endpoint.id, eventId, (delivery) => delivery.attempts === 1 && delivery.status === 'pending');
      expect(d.last_status).toBe(307);
      expect(d.last_excerpt).toBe(`Redirects are not followed (Location: ${target.url}/internal).`);
      expect(target.connections()).toBe(0);
      await remove(t, owner, endpoint.id);
    } finally {
      await target.close();
    }
  });

  it('410 Gone disables the endpoint and emails the owner; resuming turns it back on', async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/gone` });
    receiver.answerNext({ path: '/gone', status: 410, body: 'unsubscribed' });
    const testEventId = await sendTestEvent(t, owner, endpoint.id);
    const d = await waitForDeliveryOf(t, owner, endpoint.id, testEventId, (delivery) => delivery.status === 'failed');
    expect(d).toMatchObject({ attempts: 1, last_status: 410, last_excerpt: 'unsubscribed' });
    const [listed] = (await body(await fetch(api(t, ''), { headers: owner.headers }))).items.filter((e: { id: string }) => e.id === endpoint.id);
    expect(listed).toMatchObject({ status: 'disabled', disabled_reason: 'The endpoint answered 410 Gone.' });
    const mail = await disabledEmail(t, owner);
    expect(mail.text).toContain(`${receiver.url}/gone`);

    // Disabled: new events are not sent to it.
    const before = receiver.received.length;
    const eventId = await t.app.ctx.db.transaction().execute((trx) => recordAlertEvent(trx, { accountId: owner.user.account.id, type: 'submission.failed', submissionId: crypto.randomUUID() }));
    await waitForFanOut(t, eventId);
    const resumed = await fetch(api(t, `/${endpoint.id}`), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ status: 'enabled' }) });
    expect(await body(resumed)).toMatchObject({ status: 'enabled', disabled_reason: null });
    await waitForAlertsSettled(t, owner.user.account.id);
    expect(receiver.received.length).toBe(before);
    expect(await deliveriesOf(t, owner, endpoint.id)).toHaveLength(1);
    await remove(t, owner, endpoint.id);
  });

  it('an endpoint whose every delivery failed for 5 days is disabled after its last attempt, and its owner emailed', async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/down` });
    const db = t.app.ctx.db;
    // Six days of failures, as earlier deliveries would have left them.
    const old = await db.insertInto('alert_events').values({ account_id: owner.user.account.id, type: 'webhook.test', submission_id: null, only: null, created_at: sql<Date>`now() - interval '6 days'`, fanned_out_at: sql<Date>`now() - interval '6 days'` }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('alert_deliveries').values({ event_id: old.id, account_id: owner.user.account.id, channel: 'webhook', target: endpoint.id, status: 'failed', attempts: 7, created_at: sql<Date>`now() - interval '6 days'`, last_attempt_at: sql<Date>`now() - interval '5 days'`, last_status: 503 }).execute();
    receiver.answerNext({ path: '/down', status: 503 }, { path: '/down', status: 503 });
    await sendTestEvent(t, owner, endpoint.id);
    const first = (await waitForDeliveries(t, owner, endpoint.id, (items) => items.some((d) => d.event_type === 'webhook.test' && d.attempts === 1 && d.status === 'pending'))).find((d) => d.attempts === 1)!;
    // Jump to the last attempt of the schedule.
    await db.updateTable('alert_deliveries').set({ attempts: 6 }).where('id', '=', first.id).execute();
    await makeDueNow(t, first.id);
    await waitForDeliveries(t, owner, endpoint.id, (items) => items.find((d) => d.id === first.id)?.status === 'failed');
    // The endpoint is disabled once that outcome is written (afterFinalFailure), so waited for.
    const listed = await vi.waitFor(
      async () => {
        const [only] = (await body(await fetch(api(t, ''), { headers: owner.headers }))).items;
        if (only.status !== 'disabled') throw new Error(`the endpoint is still ${only.status}`);
        return only;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(listed).toMatchObject({ status: 'disabled', disabled_reason: 'Every delivery failed for 5 days.' });
    const mail = await disabledEmail(t, owner);
    expect(mail.text).toContain('every delivery failed for 5 days');
    await remove(t, owner, endpoint.id);
  });

  it('rotating the secret signs with the new and the old one during the grace period', async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/rotate` });
    const old = await endpointSecret(t, owner, endpoint.id);
    const res = await fetch(api(t, `/${endpoint.id}/secret/rotate`), { method: 'POST', headers: owner.headers, body: '{}' });
    const rotated = await body(res);
    expect(rotated.secret).not.toBe(old);
    expect(Date.parse(rotated.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(await endpointSecret(t, owner, endpoint.id)).toBe(rotated.secret);
    const start = receiver.received.length;
    await sendTestEvent(t, owner, endpoint.id);
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.secret, request!).type).toBe('webhook.test');
    expect(verify(old, request!).type).toBe('webhook.test');
    // A tampered body fails verification, as a receiver would see it.
    expect(() => verify(rotated.secret, { ...request!, body: request!.body.replace('test', 'tost') })).toThrow(/No matching signature/);
    await remove(t, owner, endpoint.id);
  });

  it('a paused endpoint receives no events; a finished delivery can be replayed with the same id and body', async () => {
    const owner = await signUp(t);
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/replay`, events: ['submission.ready'] });
    const secret = await endpointSecret(t, owner, endpoint.id);
    const paused = await fetch(api(t, `/${endpoint.id}`), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ status: 'paused', description: 'Paused for now' }) });
    expect(await body(paused)).toMatchObject({ status: 'paused', description: 'Paused for now' });
    const eventId = await t.app.ctx.db.transaction().execute((trx) => recordAlertEvent(trx, { accountId: owner.user.account.id, type: 'submission.ready', submissionId: crypto.randomUUID() }));
    await waitForFanOut(t, eventId);
    expect(await deliveriesOf(t, owner, endpoint.id)).toEqual([]);

    await fetch(api(t, `/${endpoint.id}`), { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ status: 'enabled' }) });
    const start = receiver.received.length;
    const testEventId = await sendTestEvent(t, owner, endpoint.id);
    const d = await waitForDeliveryOf(t, owner, endpoint.id, testEventId, (delivery) => delivery.status === 'succeeded');
    const replay = await fetch(api(t, `/deliveries/${d.id}/replay`), { method: 'POST', headers: owner.headers, body: '{}' });
    expect(replay.status).toBe(202);
    const [first, second] = (await receiver.waitFor(start + 2)).slice(start);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(verify(secret, second!).type).toBe('webhook.test');
    await waitForDeliveryOf(t, owner, endpoint.id, testEventId, (delivery) => delivery.status === 'succeeded' && delivery.attempts === 2);

    const stranger = await signUp(t);
    const foreign = await fetch(api(t, `/deliveries/${d.id}/replay`), { method: 'POST', headers: stranger.headers, body: '{}' });
    expect(foreign.status).toBe(404);
    expect((await remove(t, owner, endpoint.id)).status).toBe(204);
    expect((await fetch(api(t, `/${endpoint.id}/deliveries`), { headers: owner.headers })).status).toBe(404);
  });
});

describe('webhooks without OUTBOUND_ALLOW_LOCAL (the production setting)', () => {
  const app = useAlertsApp({});
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: SignedUp;
  beforeAll(async () => {
    ({ t, receiver } = app);
    owner = await signUp(t);
  });

  it('refuses http, loopback, private and metadata URLs when saved', async () => {
    const port = new URL(receiver.url).port;
    for (const url of [receiver.url, `https://127.0.0.1:${port}/`, `https://[::1]:${port}/`, 'https://169.254.169.254/latest/meta-data/', 'https://10.1.2.3/hook', `https://localhost:${port}/`]) {
      const res = await fetch(api(t, ''), { method: 'POST', headers: owner.headers, body: JSON.stringify({ url }) });
      expect(res.status, url).toBe(422);
      expect((await body(res)).errors.url[0], url).toMatch(/https|not allowed/);
    }
    expect((await body(await fetch(api(t, ''), { headers: owner.headers }))).items).toEqual([]);
  });

  it('checks again at delivery: a URL whose name now resolves to loopback is never connected to', async () => {
    // As if DNS changed after the URL was saved (rebinding): the row holds a name that resolves to 127.0.0.1.
    const port = new URL(receiver.url).port;
    const row = await t.app.ctx.db
      .insertInto('webhook_endpoints')
      .values({ account_id: owner.user.account.id, url: `https://localhost:${port}/hook`, events: ['submission.created'], secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const eventId = await sendTestEvent(t, owner, row.id);
    const d = await waitForDeliveryOf(t, owner, row.id, eventId, (delivery) => delivery.status === 'failed');
    expect(d.last_excerpt).toMatch(/Calls to localhost are not allowed/);
    expect(receiver.connections()).toBe(0);
    const pending = await sql<{ n: number }>`select count(*)::int as n from alert_deliveries where status in ('pending', 'sending')`.execute(t.app.ctx.db);
    expect(pending.rows[0]!.n).toBe(0);
  });
});
