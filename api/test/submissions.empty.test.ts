import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { createRequest, json, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// A browser whose MediaRecorder gave nothing (WebKitGTK here; Safari with small timeslices) must not end in "Thank
// you, your recording was sent" and a 0-byte recording for the owner: the server refuses it with a code the recorder
// explains, and keeps nothing.
describe('empty and non-video recordings', () => {
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
  });
  afterAll(() => t.close());

  const tus = { 'tus-resumable': '1.0.0' };
  const metadata = (token: string, type = 'video/webm') => `token ${Buffer.from(token).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;
  const submissionsOf = (requestId: string) => t.app.ctx.db.selectFrom('submissions').select('id').where('request_id', '=', requestId).execute();

  it('refuses an upload declared empty at creation (RECORDING_EMPTY) and keeps no upload row', async () => {
    const request = await createRequest(t.url, owner);
    const res = await fetch(`${t.url}/uploads`, { method: 'POST', headers: { ...tus, 'upload-length': '0', 'upload-metadata': metadata(request.token) } });
    expect(res.status).toBe(422);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'RECORDING_EMPTY', message: expect.stringMatching(/empty/) });
    expect(await t.app.ctx.db.selectFrom('uploads').select('id').where('request_id', '=', request.id).execute()).toEqual([]);
  });

  it('refuses to submit a streamed recording that ended with no bytes (RECORDING_EMPTY): no submission, nothing counted', async () => {
    const request = await createRequest(t.url, owner);
    // What the recorder sends while recording: a deferred-length upload, then the length with the last (here: no) bytes.
    const created = await fetch(`${t.url}/uploads`, { method: 'POST', headers: { ...tus, 'upload-defer-length': '1', 'upload-metadata': metadata(request.token) } });
    expect(created.status).toBe(201);
    const uploadId = created.headers.get('location')!.split('/').pop()!;
    const last = await fetch(`${t.url}/uploads/${uploadId}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'upload-length': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(0),
    });
    expect(last.status).toBe(204);
    const res = await submit(t.url, request.token, submitBody(uploadId, { mime_type: 'video/webm;codecs=vp8' }));
    expect(res.status).toBe(422);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'RECORDING_EMPTY' });
    expect(await submissionsOf(request.id)).toEqual([]);
  });

  it('refuses to submit bytes that are not in a video container (NOT_A_VIDEO), whatever type was declared', async () => {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, Buffer.from('<html><body>Not a video</body></html>\n'.repeat(50)), { token: request.token, filetype: 'video/mp4' });
    const res = await submit(t.url, request.token, submitBody(uploadId));
    expect(res.status).toBe(422);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'NOT_A_VIDEO', message: expect.stringMatching(/not a video/) });
    expect(await submissionsOf(request.id)).toEqual([]);
  });
});
