import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/auth.ts';
import type { ErrorBody, PublicRecordingRequest, RecordingRequest, RecordingRequestList, SubmissionList } from '@showback/contract';
import { createExpiredRequest, createRequest, json } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('recording requests', () => {
  let t: TestApp;
  let owner: SignedUp;
  let stranger: SignedUp;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    stranger = await signUp(t);
  });
  afterAll(() => t.close());

  const call = (who: SignedUp, method: string, path: string, body?: unknown) =>
    body === undefined
      ? fetch(`${t.url}${path}`, { method, headers: { cookie: who.cookie, 'x-csrf-token': who.csrf } })
      : fetch(`${t.url}${path}`, { method, headers: who.headers, body: JSON.stringify(body) });

  it('creates with defaults, a 128+ bit token and a link, and sanitizes instructions', async () => {
    const created = await createRequest(t.url, owner, {
      title: 'Checkout bug',
      instructions: '<p onclick="steal()">Show us <strong>checkout</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://help.example">help</a></p><img src=x onerror=alert(1)>',
    });
    expect(created).toMatchObject({ title: 'Checkout bug', microphone: 'optional', max_duration_seconds: 900, status: 'active', submission_count: 0, expires_at: null, redirect_url: null });
    expect(Buffer.from(created.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(created.link_url).toBe(`${t.config.publicUrl}/r/${created.token}`);
    expect(created.instructions).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(created.instructions).toContain('<strong>checkout</strong>');
    expect(created.instructions).toContain('href="https://help.example"');
  });

  it('refuses an expiry in the past, at creation and at a later edit; other edits of an expired request still work', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const refused = await call(owner, 'POST', '/api/v1/requests', { title: 'Dead on arrival', expires_at: past });
    expect(refused.status).toBe(422);
    expect(await json<ErrorBody>(refused)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { expires_at: ['must be in the future'] } });
    const list = await json<RecordingRequestList>(await call(owner, 'GET', '/api/v1/requests?q=Dead%20on%20arrival'));
    expect(list.total, 'nothing was created').toBe(0);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const r = await createRequest(t.url, owner, { expires_at: future });
    expect(r.expires_at).toBe(future);
    const edit = await call(owner, 'PATCH', `/api/v1/requests/${r.id}`, { expires_at: past });
    expect(edit.status).toBe(422);
    expect((await json<ErrorBody>(edit)).errors).toEqual({ expires_at: ['must be in the future'] });
    expect((await json<RecordingRequest>(await call(owner, 'GET', `/api/v1/requests/${r.id}`))).expires_at, 'unchanged').toBe(future);
    expect((await json<RecordingRequest>(await call(owner, 'PATCH', `/api/v1/requests/${r.id}`, { expires_at: null }))).expires_at).toBeNull();

    // A link that expired with time can still be renamed, or reopened with a later date.
    const expired = await createExpiredRequest(t, owner);
    expect((await json<RecordingRequest>(await call(owner, 'PATCH', `/api/v1/requests/${expired.id}`, { title: 'Renamed' }))).title).toBe('Renamed');
    expect((await json<RecordingRequest>(await call(owner, 'PATCH', `/api/v1/requests/${expired.id}`, { expires_at: future }))).expires_at).toBe(future);
  });

  it('validates fields', async () => {
    const bad = await call(owner, 'POST', '/api/v1/requests', { title: '', max_duration_seconds: 5, microphone: 'loud' });
    expect(bad.status).toBe(422);
    const body = await json<ErrorBody>(bad);
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['title', 'max_duration_seconds', 'microphone']));
    const redirect = await call(owner, 'POST', '/api/v1/requests', { title: 'x', redirect_url: 'javascript:alert(1)' });
    expect(redirect.status).toBe(422);
    expect((await json<ErrorBody>(redirect)).errors).toHaveProperty('redirect_url');
    const long = await createRequest(t.url, owner, { max_duration_seconds: 3600, fields: { name: 'required', email: 'off' } });
    expect(long).toMatchObject({ max_duration_seconds: 3600, fields: { name: 'required', email: 'off', note: 'optional' } });
  });

  it('updates, archives, lists with paging and search', async () => {
    const r = await createRequest(t.url, owner, { title: 'Paging A' });
    await createRequest(t.url, owner, { title: 'Paging B' });
    const patched = await json<RecordingRequest>(await call(owner, 'PATCH', `/api/v1/requests/${r.id}`, { title: 'Paging A2', microphone: 'required', redirect_url: 'https://example.test/thanks' }));
    expect(patched).toMatchObject({ title: 'Paging A2', microphone: 'required', redirect_url: 'https://example.test/thanks' });
    expect((await json<RecordingRequest>(await call(owner, 'POST', `/api/v1/requests/${r.id}/archive`))).status).toBe('archived');
    const archived = await json<RecordingRequestList>(await call(owner, 'GET', '/api/v1/requests?status=archived'));
    expect(archived.items.map((i) => i.id)).toEqual([r.id]);
    expect((await json<RecordingRequest>(await call(owner, 'POST', `/api/v1/requests/${r.id}/unarchive`))).status).toBe('active');
    const page = await json<RecordingRequestList>(await call(owner, 'GET', '/api/v1/requests?q=Paging&per_page=1&page=2'));
    expect(page).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(page.items).toHaveLength(1);
    const strangers = await json<RecordingRequestList>(await call(stranger, 'GET', '/api/v1/requests'));
    expect(strangers.total).toBe(0);
  });

  it('revoking issues a new link; the old one answers 410 LINK_REVOKED, unknown 404, expired 410 LINK_EXPIRED', async () => {
    const r = await createRequest(t.url, owner, { title: 'Revoke me', fields: { name: 'required' } });
    const open = await fetch(`${t.url}/api/v1/public/requests/${r.token}`);
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ title: 'Revoke me', default_title: false, account_name: owner.user.account.name, fields: { name: 'required' }, max_upload_bytes: t.config.maxUploadBytes, upload_endpoint: '/uploads' });
    const revoked = await json<RecordingRequest>(await call(owner, 'POST', `/api/v1/requests/${r.id}/revoke`));
    expect(revoked.token).not.toBe(r.token);
    const old = await fetch(`${t.url}/api/v1/public/requests/${r.token}`);
    expect(old.status).toBe(410);
    expect(await json<ErrorBody>(old)).toMatchObject({ code: 'LINK_REVOKED', details: { account_name: owner.user.account.name } });
    expect((await fetch(`${t.url}/api/v1/public/requests/${revoked.token}`)).status).toBe(200);
    const unknown = await fetch(`${t.url}/api/v1/public/requests/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    expect((await json<ErrorBody>(unknown)).code).toBe('NOT_FOUND');
    const expired = await createExpiredRequest(t, owner);
    const gone = await fetch(`${t.url}/api/v1/public/requests/${expired.token}`);
    expect(gone.status).toBe(410);
    expect(await json<ErrorBody>(gone)).toMatchObject({ code: 'LINK_EXPIRED', details: { account_name: owner.user.account.name } });
    const archived = await createRequest(t.url, owner);
    await call(owner, 'POST', `/api/v1/requests/${archived.id}/archive`);
    const closed = await fetch(`${t.url}/api/v1/public/requests/${archived.token}`);
    expect(closed.status).toBe(410);
    expect(await json<ErrorBody>(closed)).toMatchObject({ code: 'LINK_REVOKED', details: { account_name: owner.user.account.name } });
    const unknownBody = await json<ErrorBody>(await fetch(`${t.url}/api/v1/public/requests/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB`));
    expect(unknownBody.details, 'an unknown token names nobody').toBeUndefined();
  });

  it("answers 404 for another account's request in every endpoint", async () => {
    const r = await createRequest(t.url, owner);
    const paths: [string, string, unknown?][] = [
      ['GET', `/api/v1/requests/${r.id}`],
      ['PATCH', `/api/v1/requests/${r.id}`, { title: 'mine now' }],
      ['DELETE', `/api/v1/requests/${r.id}`],
      ['POST', `/api/v1/requests/${r.id}/archive`],
      ['POST', `/api/v1/requests/${r.id}/unarchive`],
      ['POST', `/api/v1/requests/${r.id}/revoke`],
    ];
    for (const [method, path, body] of paths) {
      const res = await call(stranger, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await json<ErrorBody>(res)).code).toBe('NOT_FOUND');
    }
    const list = await json<SubmissionList>(await call(stranger, 'GET', `/api/v1/submissions?request_id=${r.id}`));
    expect(list.total).toBe(0);
    expect((await call(owner, 'GET', `/api/v1/requests/${r.id}`)).status).toBe(200);
    expect((await json<RecordingRequest>(await call(owner, 'GET', `/api/v1/requests/${r.id}`))).title).toBe(r.title);
    expect((await fetch(`${t.url}/api/v1/requests/${r.id}`)).status).toBe(401);
  });

  it("keeps the owner's language for the recorder, gives it to the customer's page and refuses one the recorder does not speak", async () => {
    const r = await createRequest(t.url, owner, { language: 'ja' });
    expect(r.language).toBe('ja');
    expect((await json<PublicRecordingRequest>(await fetch(`${t.url}/api/v1/public/requests/${r.token}`))).language).toBe('ja');
    const unknown = await call(owner, 'PATCH', `/api/v1/requests/${r.id}`, { language: 'tlh' });
    expect(unknown.status).toBe(422);
    expect((await json<ErrorBody>(unknown)).code).toBe('VALIDATION_FAILED');
    // Back to "the customer's browser decides".
    expect((await json<RecordingRequest>(await call(owner, 'PATCH', `/api/v1/requests/${r.id}`, { language: null }))).language).toBeNull();
    expect((await createRequest(t.url, owner)).language, 'by default').toBeNull();
  });

  it('deletes a request', async () => {
    const r = await createRequest(t.url, owner);
    expect((await call(owner, 'DELETE', `/api/v1/requests/${r.id}`)).status).toBe(204);
    expect((await call(owner, 'GET', `/api/v1/requests/${r.id}`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/v1/public/requests/${r.token}`)).status).toBe(404);
  });
});
