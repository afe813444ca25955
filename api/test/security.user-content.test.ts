import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission, ErrorBody } from '@showback/contract';
import { processSubmissionJob } from '../src/jobs/process-submission.job.ts';
import { saveTranscript } from '../src/modules/transcripts/transcripts.repository.ts';
import { anonymousSession, body, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const HTML = Buffer.from('<!doctype html><script>fetch("/api/v1/users/me").then((r) => r.text()).then(alert)</script>');
const SERVED_TYPES = /^(?:video\/(?:mp4|webm|quicktime|x-matroska|ogg)|image\/jpeg|application\/octet-stream|text\/(?:vtt|plain); charset=utf-8)$/;

/** What every response carrying a recipient's bytes must say, whatever route serves it. */
function expectUserContentHeaders(res: Response, what: string): void {
  expect(res.headers.get('content-type'), what).toMatch(SERVED_TYPES);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = csp.split(';').map((d) => d.trim());
  expect(directives.find((d) => d.startsWith('sandbox')), what).toBe('sandbox allow-same-origin');
  expect(directives, what).toContain("default-src 'none'");
  expect(csp, what).not.toContain('script');
}

describe('user content and the local mailbox are safe to serve', () => {
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    // Processing is run by the test itself (below), so every state of a submission can be looked at.
    t = await startTestApp({ workers: false });
    owner = await signUp(t);
  });
  afterAll(() => t.close());

  const submitted = async (file: string | Buffer, mimeType: string): Promise<string> => {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, file, { token: request.token, filetype: 'video/mp4' });
    const res = await submit(t.url, request.token, submitBody(uploadId, { mime_type: mimeType }));
    expect(res.status).toBe(201);
    return (await json<CreatedSubmission>(res)).id;
  };
  const get = (id: string, what: string) => fetch(`${t.url}/api/v1/submissions/${id}${what}`, { headers: owner.headers });
  const process = (id: string) => processSubmissionJob.handler({ submission_id: id, watermark: false }, t.app.ctx, { jobId: 'test', attempt: 1, isLastAttempt: true });

  it('refuses a submission whose mime_type is not a video type, with the one error body', async () => {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, HTML, { token: request.token, filetype: 'video/mp4' });
    for (const mimeType of ['text/html', 'text/javascript', 'image/svg+xml', 'video/mp4\n', 'application/octet-stream']) {
      const res = await submit(t.url, request.token, submitBody(uploadId, { mime_type: mimeType }));
      expect(res.status, mimeType).toBe(422);
      expect(await json<ErrorBody>(res), mimeType).toMatchObject({ code: 'VALIDATION_FAILED', errors: { mime_type: ['is invalid'] } });
    }
  });

  it('refuses HTML labelled video/mp4 at submission, so it is never stored as a recording', async () => {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, HTML, { token: request.token, filetype: 'video/mp4' });
    const res = await submit(t.url, request.token, submitBody(uploadId, { mime_type: 'video/mp4;codecs=avc1' }));
    expect(res.status).toBe(422);
    expect(await json<ErrorBody>(res)).toMatchObject({ statusCode: 422, code: 'NOT_A_VIDEO' });
    const list = await json<{ total: number }>(await fetch(`${t.url}/api/v1/submissions?request_id=${request.id}`, { headers: owner.headers }));
    expect(list.total).toBe(0);
  });

  it('serves a real recording with the type its bytes show, inline, and the processed MP4 and poster with theirs', async () => {
    const id = await submitted(await mediaFile('vp9-opus-webm', 1), 'video/webm;codecs=vp9,opus');
    const original = await get(id, '/original');
    expectUserContentHeaders(original, 'webm original');
    expect(original.headers.get('content-type')).toBe('video/webm');
    expect(original.headers.get('content-disposition')).toMatch(/^attachment; filename="?[\w-]+\.webm"?$/);

    await process(id);
    const ready = await get(id, '/video');
    expectUserContentHeaders(ready, 'mp4');
    expect(ready.headers.get('content-type')).toBe('video/mp4');
    expect(ready.headers.get('content-disposition')).toBe('inline');
    const range = await fetch(`${t.url}/api/v1/submissions/${id}/video`, { headers: { ...owner.headers, range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expectUserContentHeaders(range, 'mp4 range');
    const poster = await get(id, '/poster.jpg');
    expectUserContentHeaders(poster, 'poster');
    expect(poster.headers.get('content-type')).toBe('image/jpeg');

    // Every route under a submission that answers with bytes rather than JSON, present and future, says the same. A
    // ready transcript makes the caption and text files answer too: recognised speech is the recipient's content as well.
    const { account_id } = await t.app.ctx.db.selectFrom('submissions').select('account_id').where('id', '=', id).executeTakeFirstOrThrow();
    await saveTranscript(t.app.ctx.db, id, account_id, { status: 'ready', segments: JSON.stringify([{ start_ms: 0, end_ms: 900, text: HTML.toString(), words: [] }]) });
    let checked = 0;
    const routes = t.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/api/v1/submissions/:id/'));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) {
      const res = await get(id, route.url.slice('/api/v1/submissions/:id'.length));
      // The original is gone once processed (404); JSON answers are the API's own.
      if (!res.ok || res.headers.get('content-type')?.startsWith('application/json')) continue;
      expectUserContentHeaders(res, route.url);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('lets only a signed-in system admin read the local mailbox, at any spelling of its paths', async () => {
    const victim = await signUp(t);
    const reset = await anonymousSession(t);
    await fetch(`${t.url}/api/v1/users/password`, { method: 'POST', headers: reset.headers, body: JSON.stringify({ email: victim.user.email }) });
    const admin = await signUpSysadmin(t);
    let mails: { id: string; to: string }[] = [];
    for (const deadline = Date.now() + 10_000; !mails.some((m) => m.to === victim.user.email) && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      mails = await body(await fetch(`${t.url}/dev/mailbox/messages.json`, { headers: admin.headers }));
    }
    const mail = mails.find((m) => m.to === victim.user.email)!;
    expect(mail).toBeDefined();

    const paths = ['/dev/mailbox', '/dev/mailbox/messages.json', `/dev/mailbox/${mail.id}`, `/dev/mailbox/${mail.id}.eml`, '/%64ev/mailbox/messages.json', '/dev/%6dailbox', '/de/dev/mailbox'];
    for (const path of paths) {
      const anonymous = await fetch(`${t.url}${path}`);
      const member = await fetch(`${t.url}${path}`, { headers: { cookie: victim.cookie } });
      const text = (await anonymous.text()) + (await member.text());
      expect(text, path).not.toContain('reset_password_token');
      expect([anonymous.status, member.status], path).toSatisfy(([a, m]: number[]) => (a === 401 && m === 403) || (a === 404 && m === 404));
    }
    const asAdmin = await fetch(`${t.url}/dev/mailbox/${mail.id}`, { headers: admin.headers });
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.text()).toContain('reset_password_token');
  });
});
