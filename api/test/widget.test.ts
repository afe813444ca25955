import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetSettings, WidgetSession } from '@showback/contract';
import { body, signUp, type SignedUp } from './support/auth.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const HOST = 'https://shop.example.test';

describe('widget', () => {
  let t: TestApp;
  let owner: SignedUp;
  let stranger: SignedUp;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    stranger = await signUp(t);
  });
  afterAll(() => t.close());

  const settings = async (who: SignedUp): Promise<WidgetSettings> => body(await fetch(`${t.url}/api/v1/widget`, { headers: who.headers }));
  const put = (who: SignedUp, input: unknown) => fetch(`${t.url}/api/v1/widget`, { method: 'PUT', headers: who.headers, body: JSON.stringify(input) });
  const session = (input: Record<string, unknown>, origin: string | null = String(input.origin)) =>
    fetch(`${t.url}/api/v1/widget/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify(input),
    });
  const setPlan = (accountId: string, plan: string, trialEndsAt: Date | null) =>
    t.app.ctx.db.updateTable('accounts').set({ plan, trial_ends_at: trialEndsAt }).where('id', '=', accountId).execute();
  const accountOf = async (who: SignedUp) =>
    (await t.app.ctx.db.selectFrom('users').select('account_id').where('id', '=', who.user.id).executeTakeFirstOrThrow()).account_id;

  it('reading creates nothing; set-up creates a key, a Widget request and defaults; normalises origins; rotates the key', async () => {
    const unread = await settings(owner);
    expect(unread).toMatchObject({ key: null, request_id: null, allowed_origins: [], appearance: { launcher: true, position: 'bottom-right' } });
    const accountId = await accountOf(owner);
    expect(await t.app.ctx.db.selectFrom('widget_settings').select('account_id').where('account_id', '=', accountId).execute()).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('recording_requests').select('id').where('account_id', '=', accountId).execute()).toEqual([]);

    const setUp = () => fetch(`${t.url}/api/v1/widget/setup`, { method: 'POST', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    const first: WidgetSettings = await body(await setUp());
    expect(first.key).toMatch(/^wk_live_[A-Za-z0-9_-]{20,}$/);
    expect(first.request_id).toEqual(expect.any(String));
    expect(first).toMatchObject({ allowed_origins: [], appearance: { launcher: true, position: 'bottom-right' }, host: t.config.publicUrl.replace(/\/$/, '') });
    expect(first.script_url).toBe(`${first.host}/sdk/showback.js`);
    // Set-up is idempotent, and reading gives back what it made.
    expect(await body(await setUp())).toMatchObject({ key: first.key, request_id: first.request_id });
    expect(await settings(owner)).toMatchObject({ key: first.key, request_id: first.request_id });

    const bad = await put(owner, { allowed_origins: ['https://ok.example', 'javascript:alert(1)', 'https://a.example/path', 'https://*.example'] });
    expect(bad.status).toBe(422);
    expect((await body(bad)).errors.allowed_origins).toHaveLength(3);

    const saved: WidgetSettings = await body(await put(owner, {
      allowed_origins: ['HTTPS://Shop.Example.Test/', 'https://*.apps.example.test:443', 'http://127.0.0.1:8080', ' '],
      appearance: { position: 'top-left', label: 'Report a bug', background: '#0f766e' },
    }));
    expect(saved.allowed_origins).toEqual(['http://127.0.0.1:8080', 'https://*.apps.example.test', HOST]);
    expect(saved.appearance).toEqual({ launcher: true, position: 'top-left', label: 'Report a bug', background: '#0f766e', color: '#ffffff' });
    expect((await put(owner, { appearance: { background: 'red;}' } })).status).toBe(422);

    const rotated: WidgetSettings = await body(await fetch(`${t.url}/api/v1/widget/rotate_key`, { method: 'POST', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } }));
    expect(rotated.key).not.toBe(first.key);
    expect((await session({ key: first.key!, origin: HOST })).status).toBe(404);
    expect((await session({ key: rotated.key!, origin: HOST })).status).toBe(201);
    expect((await fetch(`${t.url}/api/v1/widget`)).status).toBe(401);
  });

  it('answers the preflight only for allowed origins and refuses sessions from other origins, forged origins and bad keys', async () => {
    const { key } = await settings(owner);
    const preflight = (origin: string) =>
      fetch(`${t.url}/api/v1/widget/sessions`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const ok = await preflight(HOST);
    expect(ok.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-type');
    expect((await preflight('https://deep.x.apps.example.test')).headers.get('access-control-allow-origin')).toBe('https://deep.x.apps.example.test');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('https://apps.example.test')).headers.get('access-control-allow-origin')).toBeNull();

    const created = await session({ key, origin: HOST });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(created.headers.get('access-control-allow-credentials')).toBeNull();
    const s: WidgetSession = await body(created);
    expect(s.token).toMatch(/^ws_/);
    expect(s.recorder_url).toBe(`${new URL(t.config.publicUrl).origin}/r/${s.token}`);
    expect(new Date(s.expires_at).getTime()).toBeGreaterThan(Date.now());

    const evil = await session({ key, origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect((await body(evil)).code).toBe('FORBIDDEN');
    // The page claims an allowed origin, the browser says otherwise.
    expect((await session({ key, origin: HOST }, 'https://evil.example')).status).toBe(403);
    expect((await session({ key, origin: HOST }, null)).status).toBe(403);
    expect((await session({ key: 'wk_live_nope', origin: HOST })).status).toBe(404);
    expect((await session({ key, origin: HOST, request_id: crypto.randomUUID() })).status).toBe(404);
    const foreign = await createRequest(t.url, stranger);
    expect((await session({ key, origin: HOST, request_id: foreign.id })).status).toBe(404);
    const own = await createRequest(t.url, owner);
    expect((await session({ key, origin: HOST, request_id: own.id })).status).toBe(201);
  });

  it('requires a plan with the widget or an active trial (402 PLAN_REQUIRED)', async () => {
    const buyer = await signUp(t);
    const accountId = await accountOf(buyer);
    const { key } = await body(await put(buyer, { allowed_origins: [HOST] }));
    await setPlan(accountId, 'free', null);
    const refused = await session({ key, origin: HOST });
    expect(refused.status).toBe(402);
    expect((await body(refused)).code).toBe('PLAN_REQUIRED');
    expect((await settings(buyer)).plan_allows).toBe(false);
    await setPlan(accountId, 'starter', null);
    expect((await session({ key, origin: HOST })).status).toBe(402);
    await setPlan(accountId, 'free', new Date(Date.now() + 86_400_000));
    expect((await session({ key, origin: HOST })).status).toBe(201);
    await setPlan(accountId, 'growth', null);
    expect((await settings(buyer)).plan_allows).toBe(true);
    expect((await session({ key, origin: HOST })).status).toBe(201);
  });

  it('records through a session token: upload, submission with events, metadata and identity, events for the owner only', async () => {
    const { key, request_id } = await settings(owner);
    const s: WidgetSession = await body(await session({ key, origin: HOST, instructions: 'Show us <b>the</b> bug' }));
    const info = await body(await fetch(`${t.url}/api/v1/public/widget/sessions/${s.token}`));
    expect(info.parent_origin).toBe(HOST);
    const publicRequest = await body(await fetch(`${t.url}/api/v1/public/requests/${s.token}`));
    expect(publicRequest.instructions_html).toBe('<p>Show us &#60;b&#62;the&#60;/b&#62; bug</p>');
    // Showback's own title, not renamed: the recorder says it in the customer's language; the owner's title as written.
    expect(publicRequest).toMatchObject({ title: 'Show us what happened', default_title: true });
    const rename = (title: string) => fetch(`${t.url}/api/v1/requests/${request_id}`, { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ title }) });
    expect((await rename('Zeigen Sie uns den Fehler')).status).toBe(200);
    expect(await body(await fetch(`${t.url}/api/v1/public/requests/${s.token}`))).toMatchObject({ title: 'Zeigen Sie uns den Fehler', default_title: false });
    expect((await rename('Show us what happened')).status).toBe(200);

    const uploadId = await tusUpload(t.url, await mediaFile('h264-opus-fmp4', 2), { token: s.token });
    const events = [
      { kind: 'network', t: 1500, transport: 'fetch', method: 'GET', url: `${HOST}/api/cart`, status: 500, duration_ms: 12.5 },
      { kind: 'console', t: -4000, level: 'error', message: 'TypeError: boom' },
      { kind: 'navigation', t: -9000, url: `${HOST}/cart`, trigger: 'push' },
      { kind: 'error', t: 800, cause: 'rejection', message: 'Error: nope', stack: 'Error: nope\n  at x' },
      { kind: 'action', t: 1000, action: 'change', role: 'checkbox', name: 'Remember me', selector: '#remember', state: 'checked' },
    ];
    const res = await submit(t.url, s.token, submitBody(uploadId, {
      source: 'widget', events, dropped_events: 3, metadata: { plan: 'pro', seats: 4 }, identity: { id: 'u1', email: 'c@example.test' },
    }));
    expect(res.status).toBe(201);
    const { id } = await body(res);
    const detail = await body(await fetch(`${t.url}/api/v1/submissions/${id}`, { headers: owner.headers }));
    expect(detail).toMatchObject({ request_id, source: 'widget', instructions_html: publicRequest.instructions_html });

    const got = await fetch(`${t.url}/api/v1/submissions/${id}/events`, { headers: owner.headers });
    expect(got.status).toBe(200);
    const stored = await body(got);
    expect(stored.events.map((e: { t: number }) => e.t)).toEqual([-9000, -4000, 800, 1000, 1500]);
    expect(stored.events[4]).toEqual(events[0]);
    expect(stored.events[3]).toEqual(events[4]);
    expect(stored).toMatchObject({ dropped_events: 3, metadata: { plan: 'pro', seats: 4 }, identity: { id: 'u1', email: 'c@example.test' }, origin: HOST });
    expect((await fetch(`${t.url}/api/v1/submissions/${id}/events`, { headers: stranger.headers })).status).toBe(404);
    expect((await fetch(`${t.url}/api/v1/submissions/${crypto.randomUUID()}/events`, { headers: owner.headers })).status).toBe(404);

    // The same submit again (a retry after a lost response) changes nothing.
    const again = await submit(t.url, s.token, submitBody(uploadId, { client_submission_id: (await t.app.ctx.db.selectFrom('submissions').select('client_submission_id').where('id', '=', id).executeTakeFirstOrThrow()).client_submission_id, source: 'widget', events }));
    expect((await body(again)).id).toBe(id);
    expect((await body(await fetch(`${t.url}/api/v1/submissions/${id}/events`, { headers: owner.headers }))).events).toHaveLength(5);
  });

  it('names the sender from identify() where the customer typed nothing; what they typed wins', async () => {
    const { key } = await settings(owner);
    const send = async (recipient: Record<string, string>, identity: Record<string, string>) => {
      const s: WidgetSession = await body(await session({ key, origin: HOST }));
      const uploadId = await tusUpload(t.url, await mediaFile('h264-opus-fmp4', 2), { token: s.token });
      const res = await submit(t.url, s.token, submitBody(uploadId, { source: 'widget', recipient, identity }));
      expect(res.status).toBe(201);
      return body(await fetch(`${t.url}/api/v1/submissions/${(await body(res)).id}`, { headers: owner.headers }));
    };
    expect(await send({}, { id: 'u7', email: 'ada@example.test', name: 'Ada Lovelace' })).toMatchObject({ recipient_name: 'Ada Lovelace', recipient_email: 'ada@example.test', recipient_user_id: 'u7' });
    // What the customer typed wins for name and email; the app's id for them stays.
    expect(await send({ name: 'Grace', email: 'grace@example.test' }, { id: 'u7', email: 'ada@example.test', name: 'Ada Lovelace' })).toMatchObject({ recipient_name: 'Grace', recipient_email: 'grace@example.test', recipient_user_id: 'u7' });
    // An identity "email" that is not an address is kept in the context only.
    expect(await send({}, { id: ' 9731 ', email: 'not-an-address' })).toMatchObject({ recipient_name: null, recipient_email: null, recipient_user_id: '9731' });
    // The list's search finds the identified sender, by name or by the app's id as a whole; the list carries the id.
    const search = async (q: string) =>
      (await body(await fetch(`${t.url}/api/v1/submissions?q=${encodeURIComponent(q)}`, { headers: owner.headers }))).items.map((i: { recipient_name: string | null; recipient_user_id: string | null }) => [i.recipient_name, i.recipient_user_id]);
    expect(await search('Lovelace')).toEqual([['Ada Lovelace', 'u7']]);
    expect(await search('9731')).toEqual([[null, '9731']]);
    // Part of an id finds nothing (an earlier recording's metadata, which the search matches by part, has no 973).
    expect(await search('973')).toEqual([]);
  });

  it('validates events by schema and refuses a session whose origin was removed since', async () => {
    const { key } = await settings(owner);
    const s: WidgetSession = await body(await session({ key, origin: HOST }));
    const uploadId = await tusUpload(t.url, await mediaFile('h264-opus-fmp4', 2), { token: s.token });
    const hostile = await submit(t.url, s.token, submitBody(uploadId, { source: 'widget', events: [{ kind: 'console', t: 0, level: 'error', message: 'x', script: '<svg onload=alert(1)>' }] }));
    expect(hostile.status).toBe(422);
    // An action carries no value, and only the actions the SDK knows.
    for (const action of [{ action: 'change', role: 'textbox', value: '4242 4242 4242 4242' }, { action: 'keypress', key: 'a' }, { action: 'key', key: 'a' }, { action: 'click', name: 'x'.repeat(81) }]) {
      expect((await submit(t.url, s.token, submitBody(uploadId, { source: 'widget', events: [{ kind: 'action', t: 0, ...action }] }))).status, JSON.stringify(action)).toBe(422);
    }
    const tooMany = await submit(t.url, s.token, submitBody(uploadId, { source: 'widget', events: Array.from({ length: 2001 }, (_, i) => ({ kind: 'console', t: i, level: 'log', message: 'x' })) }));
    expect(tooMany.status).toBe(422);

    await put(owner, { allowed_origins: ['https://other.example.test'] });
    const refused = await submit(t.url, s.token, submitBody(uploadId, { source: 'widget' }));
    expect(refused.status).toBe(403);
    expect((await body(refused)).code).toBe('FORBIDDEN');
    expect((await fetch(`${t.url}/api/v1/public/requests/${s.token}`)).status).toBe(403);
    await put(owner, { allowed_origins: [HOST] });
    expect((await submit(t.url, s.token, submitBody(uploadId, { source: 'widget' }))).status).toBe(201);
  });

  it('keeps link submissions free of widget context', async () => {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, await mediaFile('h264-opus-fmp4', 2), { token: request.token });
    const { id } = await body(await submit(t.url, request.token, submitBody(uploadId)));
    expect(await body(await fetch(`${t.url}/api/v1/submissions/${id}/events`, { headers: owner.headers }))).toEqual({ events: [], dropped_events: 0, metadata: {}, identity: null, origin: null });
  });
});

describe('widget sessions rate limit', () => {
  let t: TestApp;
  // X-Forwarded-For picks the client IP here, so one test process can speak from several IPs.
  beforeAll(async () => {
    t = await startTestApp({}, { TRUST_PROXY: 'true', WIDGET_SESSIONS_PER_IP: '3', WIDGET_SESSIONS_PER_KEY: '5' });
  });
  afterAll(() => t.close());

  const session = (key: string, ip: string) =>
    fetch(`${t.url}/api/v1/widget/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: HOST, 'x-forwarded-for': ip },
      body: JSON.stringify({ key, origin: HOST }),
    });
  const keyOf = async (who: SignedUp): Promise<string> =>
    (await body(await fetch(`${t.url}/api/v1/widget`, { method: 'PUT', headers: who.headers, body: JSON.stringify({ allowed_origins: [HOST] }) }))).key;

  it('limits sessions per IP and per key with 429 RATE_LIMITED in the one error body, readable by the host page', async () => {
    const a = await keyOf(await signUp(t));
    const b = await keyOf(await signUp(t));
    for (let i = 0; i < 3; i++) expect((await session(a, '203.0.113.1')).status).toBe(201);
    const perIp = await session(a, '203.0.113.1');
    expect(perIp.status).toBe(429);
    expect(Number(perIp.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(perIp.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(await body(perIp)).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests' });
    // The IP limit holds for every key; another IP still gets through.
    expect((await session(b, '203.0.113.1')).status).toBe(429);
    expect((await session(a, '203.0.113.2')).status).toBe(201);

    // Key a counts 4 sessions now: the one the IP limit refused never reached the key's counter.
    expect((await session(a, '203.0.113.3')).status).toBe(201);
    const perKey = await session(a, '203.0.113.4');
    expect(perKey.status).toBe(429);
    expect((await body(perKey)).code).toBe('RATE_LIMITED');
    // Other keys from fresh IPs are untouched.
    expect((await session(b, '203.0.113.4')).status).toBe(201);
  });
});
