import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/auth.ts';
import { mediaFile } from './support/fixtures/media.ts';
import type { CreatedSubmission, ErrorBody, Submission, SubmissionList } from '@showback/contract';
import { createExpiredRequest, createRequest, json, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const tusHeaders = (token: string, type = 'video/mp4', length = 1000): Record<string, string> => ({
  'tus-resumable': '1.0.0',
  'upload-length': String(length),
  'upload-metadata': `token ${Buffer.from(token).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`,
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('uploads and submissions', () => {
  let t: TestApp;
  let owner: SignedUp;
  let stranger: SignedUp;
  beforeAll(async () => {
    t = await startTestApp({ maxUploadBytes: 5 * 1024 * 1024 });
    owner = await signUp(t);
    stranger = await signUp(t);
  });
  afterAll(() => t.close());

  it('refuses uploads at creation: unknown 404, revoked/expired 410, not video 415, too large 413; nothing stored', async () => {
    const request = await createRequest(t.url, owner);
    const before = await filesUnder(path.join(t.dataDir, 'uploads'));
    const post = (headers: Record<string, string>) => fetch(`${t.url}/uploads`, { method: 'POST', headers });

    const unknown = await post(tusHeaders('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(unknown.status).toBe(404);
    expect(JSON.parse(await unknown.text()).code).toBe('NOT_FOUND');
    const notVideo = await post(tusHeaders(request.token, 'text/plain'));
    expect(notVideo.status).toBe(415);
    expect(JSON.parse(await notVideo.text()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooBig = await post(tusHeaders(request.token, 'video/webm', 6 * 1024 * 1024));
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(await tooBig.text()).code).toBe('PAYLOAD_TOO_LARGE');

    const expired = await createExpiredRequest(t, owner);
    const late = await post(tusHeaders(expired.token));
    expect(late.status).toBe(410);
    expect(JSON.parse(await late.text()).code).toBe('LINK_EXPIRED');
    const old = request.token;
    await fetch(`${t.url}/api/v1/requests/${request.id}/revoke`, { method: 'POST', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    const revoked = await post(tusHeaders(old));
    expect(revoked.status).toBe(410);
    expect(JSON.parse(await revoked.text())).toMatchObject({ code: 'LINK_REVOKED', details: { account_name: owner.user.account.name } });

    expect(await filesUnder(path.join(t.dataDir, 'uploads'))).toEqual(before);
    expect(await t.app.ctx.db.selectFrom('uploads').select('id').where('request_id', '=', request.id).execute()).toEqual([]);
  });

  it('stops a deferred-length upload that grows past the limit with 413', async () => {
    const request = await createRequest(t.url, owner);
    await expect(tusUpload(t.url, Buffer.alloc(6 * 1024 * 1024, 1), { token: request.token, deferred: true, chunkSize: 1024 * 1024 })).rejects.toThrow(/413/);
  });

  it('answers 404 to a tampered upload id, on tus and on submit', async () => {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, await mediaFile('h264-noaudio-mp4', 1), { token: request.token });
    const tampered = uploadId.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const head = await fetch(`${t.url}/uploads/${tampered}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(404);
    const res = await submit(t.url, request.token, submitBody(tampered));
    expect(res.status).toBe(404);
    const other = await createRequest(t.url, stranger);
    const crossed = await submit(t.url, other.token, submitBody(uploadId));
    expect(crossed.status).toBe(404);
    expect((await fetch(`${t.url}/uploads/${uploadId}`)).status).toBe(404);
  });

  it('refuses to submit an incomplete upload, and checks required recipient fields', async () => {
    const request = await createRequest(t.url, owner, { fields: { email: 'required' } });
    const created = await fetch(`${t.url}/uploads`, { method: 'POST', headers: tusHeaders(request.token) });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    const incomplete = await submit(t.url, request.token, submitBody(id));
    expect(incomplete.status).toBe(409);
    const uploadId = await tusUpload(t.url, await mediaFile('h264-noaudio-mp4', 1), { token: request.token });
    const missing = await submit(t.url, request.token, submitBody(uploadId, { recipient: { name: 'x' } }));
    expect(missing.status).toBe(422);
    expect((await json<ErrorBody>(missing)).errors).toHaveProperty(['recipient.email']);
  });

  it("keeps the language the recorder spoke for the owner, and refuses one it does not speak", async () => {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, await mediaFile('h264-noaudio-mp4', 1), { token: request.token });
    const unknown = await submit(t.url, request.token, submitBody(uploadId, { language: 'tlh' }));
    expect(unknown.status).toBe(422);
    const created = await json<CreatedSubmission>(await submit(t.url, request.token, submitBody(uploadId, { language: 'fr' })));
    const seen = await json<Submission>(await fetch(`${t.url}/api/v1/submissions/${created.id}`, { headers: owner.headers }));
    expect(seen.language).toBe('fr');
  });

  it('transcodes VP9/Opus WebM, handles a video without audio, and marks a non-video failed with the original kept', async () => {
    const request = await createRequest(t.url, owner);
    const cases = [
      { kind: 'vp9-opus-webm' as const, type: 'video/webm;codecs=vp9,opus', streams: ['audio:aac', 'video:h264'] },
      { kind: 'h264-noaudio-mp4' as const, type: 'video/mp4', streams: ['video:h264'] },
    ];
    for (const c of cases) {
      const uploadId = await tusUpload(t.url, await mediaFile(c.kind, 2), { token: request.token, filetype: c.type });
      const { id } = await json<CreatedSubmission>(await submit(t.url, request.token, submitBody(uploadId, { mime_type: c.type })));
      const done = await waitForProcessing(t.url, owner, id, 90_000);
      // The recorder declared 3 s (submitBody) for 2 s of video: a second's difference is no early end.
      expect(done, c.kind).toMatchObject({ status: 'ready', width: 320, height: 240, client_duration_ms: 3000, ended_early: false });
      expect(Math.abs((done.duration_ms as number) - 2000)).toBeLessThanOrEqual(500);
      const gone = await fetch(`${t.url}/api/v1/submissions/${id}/original`, { headers: owner.headers });
      expect(gone.status, 'original after a successful processing').toBe(404);
      expect((await json<ErrorBody>(gone)).code).toBe('NOT_FOUND');
    }
    const textId = await tusUpload(t.url, await mediaFile('broken-mp4'), { token: request.token });
    const { id } = await json<CreatedSubmission>(await submit(t.url, request.token, submitBody(textId)));
    const failed = await waitForProcessing(t.url, owner, id);
    expect(failed).toMatchObject({ status: 'failed', serving_original: true, processing_error: expect.stringMatching(/not a video/) });
    const original = await fetch(`${t.url}${String(failed.download_url)}`, { headers: owner.headers });
    expect(original.status).toBe(200);
    expect((await original.text()).includes('This is not a video')).toBe(true);
    const kept = await fetch(`${t.url}/api/v1/submissions/${id}/original`, { headers: owner.headers });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('content-disposition')).toMatch(/^attachment; filename="?bug-report-[a-z0-9-]+-grace-hopper-\d{4}-\d{2}-\d{2}\.mp4"?$/);
    expect(Buffer.from(await kept.arrayBuffer()).equals(await fs.readFile(await mediaFile('broken-mp4')))).toBe(true);
  });

  it('tells the owner a recording ended early: half of a 6 s WebM arrived while the recorder declared 6 s', async () => {
    const request = await createRequest(t.url, owner);
    const whole = await fs.readFile(await mediaFile('vp9-opus-webm', 6));
    const uploadId = await tusUpload(t.url, whole.subarray(0, whole.length / 2), { token: request.token, filetype: 'video/webm' });
    const { id } = await json<CreatedSubmission>(await submit(t.url, request.token, submitBody(uploadId, { mime_type: 'video/webm', duration_ms: 6000 })));
    const done = await waitForProcessing(t.url, owner, id, 90_000);
    expect(done).toMatchObject({ status: 'ready', client_duration_ms: 6000, ended_early: true });
    expect(done.duration_ms).toBeLessThan(4500);
  });

  it("hides submissions from other accounts and deletes a submission with its files", async () => {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, await mediaFile('h264-noaudio-mp4', 1), { token: request.token });
    const { id } = await json<CreatedSubmission>(await submit(t.url, request.token, submitBody(uploadId)));
    await waitForProcessing(t.url, owner, id);
    const stored = (await filesUnder(path.join(t.dataDir, 'files'))).filter((f) => f.includes(id));
    expect(stored.length).toBeGreaterThan(0);
    const auth = { cookie: stranger.cookie, 'x-csrf-token': stranger.csrf };
    for (const p of ['', '/video', '/download', '/poster.jpg', '/original']) {
      const res = await fetch(`${t.url}/api/v1/submissions/${id}${p}`, { headers: auth });
      expect(res.status, p).toBe(404);
    }
    expect((await fetch(`${t.url}/api/v1/submissions/${id}`, { method: 'DELETE', headers: auth })).status).toBe(404);
    expect((await json<SubmissionList>(await fetch(`${t.url}/api/v1/submissions`, { headers: auth }))).total).toBe(0);

    const del = await fetch(`${t.url}/api/v1/submissions/${id}`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(del.status).toBe(204);
    expect((await filesUnder(path.join(t.dataDir, 'files'))).filter((f) => f.includes(id))).toEqual([]);
    expect((await fetch(`${t.url}/api/v1/submissions/${id}`, { headers: owner.headers })).status).toBe(404);
  });
});
