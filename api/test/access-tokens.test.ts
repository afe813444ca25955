import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type AccessToken, type AccessTokenList, type CreatedAccessToken, type RecordingRequest, type SubmissionList } from '@showback/contract';
import { startOwnApiProcess } from './support/api-process.ts';
import { addTeammate, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { createRequest, json, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { videoLike } from './support/fixtures/media.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Personal access tokens on the public API (docs/api.md): made and shown once, kept hashed, scoped from the
 * permission table, refused at once when expired, revoked or their person disabled or removed, without CSRF for
 * bearer calls while cookie calls keep it, and rate-limited per token.
 */
const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const JSON_BODY = { 'content-type': 'application/json' };
/** A signed-in person's headers for a call without a body. */
const bodyless = (person: SignedUp) => ({ cookie: person.cookie, 'x-csrf-token': person.csrf });

async function makeToken(t: TestApp, person: SignedUp, scope: 'read' | 'write' = 'read', name = 'script'): Promise<CreatedAccessToken> {
  const res = await fetch(`${t.url}/api/v1/users/me/access_tokens`, { method: 'POST', headers: person.headers, body: JSON.stringify({ name, scope, expires_in_days: 30 }) });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<CreatedAccessToken>(res);
}

/** The one error body, with the code and status it should have. */
async function expectError(res: Response, code: keyof typeof ERROR_STATUS): Promise<{ message: string }> {
  const text = await res.text();
  expect(res.status, text).toBe(ERROR_STATUS[code]);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: ERROR_STATUS[code], code, error: expect.any(String), message: expect.any(String) });
  return body as { message: string };
}

describe('personal access tokens', () => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  let request: RecordingRequest;
  let foreignRequest: RecordingRequest;

  beforeAll(async () => {
    t = await startTestApp({ workers: false }, { ACCESS_TOKEN_REQUESTS_PER_MINUTE: '1000' });
    owner = await signUp(t);
    other = await signUp(t);
    request = await createRequest(t.url, owner);
    foreignRequest = await createRequest(t.url, other);
    const uploadId = await tusUpload(t.url, videoLike(Buffer.alloc(2048, 7)), { token: request.token });
    expect((await submit(t.url, request.token, submitBody(uploadId))).status).toBe(201);
  });
  afterAll(() => t?.close());

  it('is shown once, kept only as its SHA-256, and listed without it', async () => {
    const created = await makeToken(t, owner, 'read', 'Claude Code');
    expect(created.token).toMatch(/^shb_pat_[\w-]{43}$/);
    expect(created).toMatchObject({ name: 'Claude Code', scope: 'read', prefix: created.token.slice(0, 12), owner: { id: owner.user.id, email: owner.user.email }, last_used_at: null });
    expect(new Date(created.expires_at).getTime() - new Date(created.created_at).getTime()).toBeCloseTo(30 * 86_400_000, -4);

    const row = await t.app.ctx.db.selectFrom('access_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(created.token).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await json<AccessTokenList>(await fetch(`${t.url}/api/v1/users/me/access_tokens`, { headers: owner.headers }));
    expect(list.items.map((item) => item.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('refuses a lifetime that is not offered, and a blank name', async () => {
    for (const body of [{ name: 'x', scope: 'read', expires_in_days: 0 }, { name: 'x', scope: 'read', expires_in_days: 1000 }, { name: 'x', scope: 'read' }, { name: 'x', scope: 'admin', expires_in_days: 7 }, { name: '  ', scope: 'read', expires_in_days: 7 }]) {
      await expectError(await fetch(`${t.url}/api/v1/users/me/access_tokens`, { method: 'POST', headers: owner.headers, body: JSON.stringify(body) }), 'VALIDATION_FAILED');
    }
  });

  it('reads only its own account, and records when it was last used', async () => {
    const { id, token } = await makeToken(t, owner);
    const list = await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(token) });
    expect(list.status).toBe(200);
    const page = await json<SubmissionList>(list);
    expect(page.items.map((item) => item.request_id)).toEqual([request.id]);
    // The list's filters as a script sends them in the query string (the recording's page logged nothing).
    const filtered = async (query: string) => (await json<SubmissionList>(await fetch(`${t.url}/api/v1/submissions?${query}`, { headers: bearer(token) }))).total;
    expect(await filtered('has_errors=true')).toBe(0);
    expect(await filtered('has_errors=false&status=queued')).toBe(1);
    expect(await filtered(`created_after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toBe(0);

    expect((await fetch(`${t.url}/api/v1/requests/${request.id}`, { headers: bearer(token) })).status).toBe(200);
    await expectError(await fetch(`${t.url}/api/v1/requests/${foreignRequest.id}`, { headers: bearer(token) }), 'NOT_FOUND');
    const requests = await json<{ items: RecordingRequest[] }>(await fetch(`${t.url}/api/v1/requests`, { headers: bearer(token) }));
    expect(requests.items.map((item) => item.id)).toEqual([request.id]);

    const mine = await json<AccessTokenList>(await fetch(`${t.url}/api/v1/users/me/access_tokens`, { headers: owner.headers }));
    expect(mine.items.find((item) => item.id === id)?.last_used_at).not.toBeNull();
  });

  it('acts by the token alone: another person’s cookie sent along changes nothing', async () => {
    const { token } = await makeToken(t, owner);
    const page = await json<SubmissionList>(await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(token, { cookie: other.cookie }) }));
    expect(page.items.map((item) => item.request_id)).toEqual([request.id]);
  });

  it('read scope cannot write; write scope creates a request without a CSRF token, while a cookie call still needs one', async () => {
    const read = await makeToken(t, owner, 'read');
    const write = await makeToken(t, owner, 'write');
    const body = JSON.stringify({ title: 'Made by a script' });
    const refused = await expectError(await fetch(`${t.url}/api/v1/requests`, { method: 'POST', headers: bearer(read.token, JSON_BODY), body }), 'FORBIDDEN');
    expect(refused.message).toMatch(/write scope/);
    await expectError(await fetch(`${t.url}/api/v1/requests/${request.id}/archive`, { method: 'POST', headers: bearer(read.token) }), 'FORBIDDEN');

    const created = await fetch(`${t.url}/api/v1/requests`, { method: 'POST', headers: bearer(write.token, JSON_BODY), body });
    expect(created.status).toBe(201);
    const made = await json<RecordingRequest>(created);
    const row = await t.app.ctx.db.selectFrom('recording_requests').select(['account_id', 'created_by']).where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ account_id: owner.user.account.id, created_by: owner.user.id });

    await expectError(await fetch(`${t.url}/api/v1/requests`, { method: 'POST', headers: { cookie: owner.cookie, ...JSON_BODY }, body }), 'CSRF_INVALID');
    expect((await fetch(`${t.url}/api/v1/requests`, { method: 'POST', headers: owner.headers, body })).status).toBe(201);
  });

  it('is refused on routes the permission table does not open to tokens, even with the write scope', async () => {
    const { token } = await makeToken(t, owner, 'write');
    await expectError(await fetch(`${t.url}/api/v1/widget`, { headers: bearer(token) }), 'FORBIDDEN');
    await expectError(await fetch(`${t.url}/api/v1/users/me`, { headers: bearer(token) }), 'UNAUTHENTICATED');
    await expectError(await fetch(`${t.url}/api/v1/users/me/access_tokens`, { method: 'POST', headers: bearer(token, JSON_BODY), body: JSON.stringify({ name: 'more', scope: 'write', expires_in_days: 365 }) }), 'CSRF_INVALID');
    await expectError(await fetch(`${t.url}/api/v1/users/me/access_tokens`, { headers: bearer(token) }), 'FORBIDDEN');
    await expectError(await fetch(`${t.url}/api/v1/submissions/${crypto.randomUUID()}`, { method: 'DELETE', headers: bearer(token) }), 'CSRF_INVALID');
    // The admin API stays hidden from tokens, a system admin's included.
    const admin = await signUpSysadmin(t);
    const adminToken = await makeToken(t, admin, 'write');
    await expectError(await fetch(`${t.url}/api/v1/admin/users`, { headers: bearer(adminToken.token) }), 'NOT_FOUND');
  });

  it('answers 401 in the one error shape, with a Bearer challenge, for an unknown, expired, revoked or disabled user’s token', async () => {
    const check = async (token: string, message: RegExp) => {
      const res = await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(token) });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="Showback", error="invalid_token"/);
      expect((await expectError(res, 'UNAUTHENTICATED')).message).toMatch(message);
    };
    await check(`shb_pat_${crypto.randomBytes(32).toString('base64url')}`, /not valid/);

    const expiring = await makeToken(t, owner);
    expect((await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(expiring.token) })).status).toBe(200);
    await t.app.ctx.db.updateTable('access_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expiring.id).execute();
    await check(expiring.token, /expired/);

    const revoking = await makeToken(t, owner);
    expect((await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(revoking.token) })).status).toBe(200);
    expect((await fetch(`${t.url}/api/v1/users/me/access_tokens/${revoking.id}`, { method: 'DELETE', headers: bodyless(owner) })).status).toBe(204);
    await check(revoking.token, /revoked/);
    const listed = await json<AccessTokenList>(await fetch(`${t.url}/api/v1/users/me/access_tokens`, { headers: owner.headers }));
    expect(listed.items.map((item) => item.id)).not.toContain(revoking.id);

    // Disabled by a system admin: refused on the very next call, and still refused once enabled again.
    const person = await signUp(t);
    const theirs = await makeToken(t, person);
    expect((await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(theirs.token) })).status).toBe(200);
    const staff = await signUpSysadmin(t);
    expect((await fetch(`${t.url}/api/v1/admin/users/${person.user.id}/disable`, { method: 'POST', headers: bodyless(staff) })).status).toBe(204);
    await check(theirs.token, /not valid|revoked/);
    expect((await fetch(`${t.url}/api/v1/admin/users/${person.user.id}/enable`, { method: 'POST', headers: bodyless(staff) })).status).toBe(204);
    await check(theirs.token, /revoked/);

    // Disabled straight in the database (no revocation ran): the per-call check of the user refuses it all the same.
    const direct = await signUp(t);
    const directToken = await makeToken(t, direct);
    await t.app.ctx.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', direct.user.id).execute();
    await check(directToken.token, /not valid/);
  });

  it('stops working once its person is removed from the account', async () => {
    const member = await addTeammate(t, owner, 'member');
    const { token } = await makeToken(t, member);
    expect((await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(token) })).status).toBe(200);
    expect((await fetch(`${t.url}/api/v1/team/members/${member.user.id}`, { method: 'DELETE', headers: bodyless(owner) })).status).toBe(204);
    await expectError(await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(token) }), 'UNAUTHENTICATED');
  });

  it('lets owners and admins see and revoke everyone’s tokens in the account, and nobody else’s', async () => {
    const admin = await addTeammate(t, owner, 'admin');
    const member = await addTeammate(t, owner, 'member');
    const memberToken = await makeToken(t, member, 'read', 'member laptop');
    const outsider = await makeToken(t, other, 'read', 'outsider');

    await expectError(await fetch(`${t.url}/api/v1/account/access_tokens`, { headers: member.headers }), 'FORBIDDEN');
    const seen = await json<AccessTokenList>(await fetch(`${t.url}/api/v1/account/access_tokens`, { headers: admin.headers }));
    const names = seen.items.map((item: AccessToken) => `${item.owner.email} ${item.name}`);
    expect(names).toContain(`${member.user.email} member laptop`);
    expect(seen.items.map((item) => item.id)).not.toContain(outsider.id);

    await expectError(await fetch(`${t.url}/api/v1/account/access_tokens/${outsider.id}`, { method: 'DELETE', headers: bodyless(admin) }), 'NOT_FOUND');
    await expectError(await fetch(`${t.url}/api/v1/users/me/access_tokens/${memberToken.id}`, { method: 'DELETE', headers: bodyless(admin) }), 'NOT_FOUND');
    expect((await fetch(`${t.url}/api/v1/account/access_tokens/${memberToken.id}`, { method: 'DELETE', headers: bodyless(admin) })).status).toBe(204);
    await expectError(await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(memberToken.token) }), 'UNAUTHENTICATED');
    expect((await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(outsider.token) })).status).toBe(200);
  });

  it('documents the bearer scheme, and the scope of each operation open to tokens', async () => {
    const doc = (await json<{ components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, { security?: unknown[]; description?: string }>> }>(await fetch(`${t.url}/api/openapi.json`)));
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/submissions']!.get!.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/v1/requests']!.post!.description).toMatch(/`write` scope/);
    expect(doc.paths['/api/v1/users/me']!.get!.security).toBeUndefined();
  });
});

describe('the rate limit of a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ workers: false }, { ACCESS_TOKEN_REQUESTS_PER_MINUTE: '3' });
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After past its calls per minute, without touching another token', async () => {
    const owner = await signUp(t);
    const busy = await makeToken(t, owner);
    const calm = await makeToken(t, owner);
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(busy.token) })).status).toBe(200);
    const limited = await fetch(`${t.url}/api/v1/requests`, { headers: bearer(busy.token) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(limited, 'RATE_LIMITED');
    expect((await fetch(`${t.url}/api/v1/submissions`, { headers: bearer(calm.token) })).status).toBe(200);
    // The session of the same person is not counted against the token.
    expect((await fetch(`${t.url}/api/v1/submissions`, { headers: owner.headers })).status).toBe(200);
  });
});

describe('the trail of a token', () => {
  it('names the token, its person and account on the request log line of every call it makes, the MCP server’s included', async () => {
    const server = await startOwnApiProcess({ WORKERS: 'false', LOG_LEVEL: 'info' });
    try {
      const owner = await signUp(server);
      const res = await fetch(`${server.url}/api/v1/users/me/access_tokens`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ name: 'trail', scope: 'read', expires_in_days: 7 }) });
      const { id, token } = await json<CreatedAccessToken>(res);
      expect((await fetch(`${server.url}/api/v1/submissions`, { headers: bearer(token) })).status).toBe(200);
      const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } });
      const mcp = await fetch(`${server.url}/mcp`, { method: 'POST', headers: bearer(token, { ...JSON_BODY, accept: 'application/json, text/event-stream' }), body: initialize });
      expect(mcp.status).toBe(200);
      await mcp.text();

      const lineOf = (route: string) => () =>
        server
          .output()
          .split('\n')
          .flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : []))
          .find((line) => line.msg === 'request' && line.route === route);
      const who = { access_token_id: id, user_id: owner.user.id, account_id: owner.user.account.id };
      await expect.poll(lineOf('/api/v1/submissions')).toMatchObject({ status: 200, ...who });
      await expect.poll(lineOf('/mcp')).toMatchObject(who);
      expect(lineOf('/api/v1/users/me/access_tokens')()).not.toHaveProperty('access_token_id');
    } finally {
      await server.close();
    }
  });
});
