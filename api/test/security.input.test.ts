import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, RecordingRequest } from '@showback/contract';
import { anonymousSession, signUp, type SignedUp } from './support/auth.ts';
import { createRequest } from './support/fixtures/recording.ts';
import { rawExchange, request } from './support/raw-http.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The probe's findings, one by one (issue 10, holes 4–6): text PostgreSQL cannot store, numbers without bounds and
 * errors outside the one body. security.fuzz.test.ts looks for the class; these pin the exact answers.
 */
describe('input the database cannot take, and errors before a route runs', () => {
  let t: TestApp;
  let owner: SignedUp;
  let recording: RecordingRequest;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    recording = await createRequest(t.url, owner);
  });
  afterAll(() => t.close());

  const json = (res: { body: string }) => JSON.parse(res.body) as ErrorBody;
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = owner.headers) => {
    if (body !== undefined) return request(t.url, method, path, headers, JSON.stringify(body));
    const { 'content-type': _json, ...withoutBody } = headers;
    return request(t.url, method, path, withoutBody);
  };

  it('refuses NUL and lone surrogates with 422 naming the field, with or without a session', async () => {
    const anonymous = await anonymousSession(t);
    const cases: [string, string, unknown, Record<string, string>, string][] = [
      ['POST', '/api/v1/users/sign_in', { email: 'a\u0000b@example.test', password: 'x' }, anonymous.headers, 'email'],
      ['POST', '/api/v1/widget/sessions', { key: 'wk_\u0000', origin: 'https://example.test' }, { 'content-type': 'application/json' }, 'key'],
      ['POST', '/api/v1/requests', { title: 'Bug \ud800 report' }, owner.headers, 'title'],
      ['PUT', '/api/v1/users/me', { name: 'Ada\u0000' }, owner.headers, 'name'],
      ['PUT', '/api/v1/widget', { appearance: { label: 'Record \udc00' } }, owner.headers, 'appearance.label'],
      ['POST', '/api/v1/public/requests/a%00b/submissions', {}, { 'content-type': 'application/json' }, 'token'],
      ['GET', '/api/v1/requests?q=%00', undefined, owner.headers, 'q'],
      ['GET', '/api/v1/submissions?q=a%00', undefined, owner.headers, 'q'],
    ];
    for (const [method, path, body, headers, field] of cases) {
      const res = await send(method, path, body, headers);
      expect({ path, status: res.status }).toEqual({ path, status: 422 });
      expect(json(res)).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED', errors: { [field]: [expect.stringContaining('not allowed')] } });
    }
    // Nothing was stored and the well-formed pair of a surrogate (an emoji) still is.
    const emoji = await send('PATCH', `/api/v1/requests/${recording.id}`, { title: 'Bug 🐞 report' });
    expect(emoji.status).toBe(200);
    expect((JSON.parse(emoji.body) as RecordingRequest).title).toBe('Bug 🐞 report');
  });

  it('bounds page numbers: 1e20 and twenty nines are a 422 on page, not a database error', async () => {
    for (const path of ['/api/v1/requests?page=1e20', '/api/v1/requests?page=99999999999999999999', '/api/v1/submissions?page=1e20', '/api/v1/submissions?page=10001']) {
      const res = await send('GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 422 });
      expect(json(res).errors).toHaveProperty('page');
    }
    expect((await send('GET', '/api/v1/requests?page=10000')).status).toBe(200);
  });

  it('answers router and HTTP-parser refusals in the one error body', async () => {
    const badUrl = await send('GET', '/api/v1/requests/%ff');
    expect(badUrl.status).toBe(400);
    expect(json(badUrl)).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', error: 'Bad Request' });

    const longParam = await send('POST', `/api/v1/requests/${'x'.repeat(200)}/archive`);
    expect(longParam.status).toBe(414);
    expect(json(longParam)).toMatchObject({ statusCode: 414, code: 'URI_TOO_LONG' });

    for (const [bytes, status, code] of [
      [`GET /api/v1/requests?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
      [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
      ['GARBAGE\r\n\r\n', 400, 'BAD_REQUEST'],
      ['GET /api/v1/users/me HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400, 'BAD_REQUEST'],
    ] as const) {
      const res = await rawExchange(t.url, bytes);
      expect(res.status).toBe(status);
      expect(res.contentType).toMatch(/^application\/json/);
      expect(json(res)).toMatchObject({ statusCode: status, code, error: expect.any(String), message: expect.any(String) });
    }
  });

  it('answers tus refusals of malformed headers in the one error body', async () => {
    const metadata = `token ${Buffer.from(recording.token).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
    const cases: [Record<string, string>, number, string][] = [
      [{ 'tus-resumable': '1.0.0', 'upload-length': '1e20', 'upload-metadata': metadata }, 400, 'BAD_REQUEST'],
      [{ 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': 'token !!!' }, 400, 'BAD_REQUEST'],
      [{ 'upload-length': '10', 'upload-metadata': metadata }, 412, 'PRECONDITION_FAILED'],
      [{ 'tus-resumable': '1.0.0', 'upload-concat': 'final;/uploads/a /uploads/b', 'upload-metadata': metadata }, 400, 'BAD_REQUEST'],
    ];
    for (const [headers, status, code] of cases) {
      const res = await request(t.url, 'POST', '/uploads', headers);
      expect(res.status).toBe(status);
      expect(res.contentType).toMatch(/^application\/json/);
      expect(json(res)).toMatchObject({ statusCode: status, code });
    }
    const unknownId = await request(t.url, 'PATCH', '/uploads/a%00b', { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, 'abc');
    expect(json(unknownId)).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED', errors: { path: [expect.any(String)] } });
  });

  it('takes concurrent saves in turn: revoking a link and saving widget origins six times at once', async () => {
    const revokes = await Promise.all(Array.from({ length: 6 }, () => send('POST', `/api/v1/requests/${recording.id}/revoke`)));
    expect(revokes.map((r) => r.status)).toEqual(Array(6).fill(200));
    const saves = await Promise.all(Array.from({ length: 6 }, () => send('PUT', '/api/v1/widget', { allowed_origins: ['https://shop.example.test'] })));
    expect(saves.map((r) => r.status)).toEqual(Array(6).fill(200));
  });
});
