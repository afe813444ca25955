import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/auth.ts';
import { createRequest, json, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { videoLike } from './support/fixtures/media.ts';

// Processing takes the finished upload in (copies it to storage, then removes it) while an owner may be downloading
// the original: the download must then answer from the stored copy or with a clear 404, never fail half-way.
describe('original download racing the take-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
  });
  afterAll(() => t.close());

  it('answers 404, not 500, when the upload file vanished after it was looked up', async () => {
    const owner = await signUp(t);
    const request = await createRequest(t.url, owner);
    const bytes = videoLike(Buffer.alloc(4096, 3));
    const uploadId = await tusUpload(t.url, bytes, { token: request.token });
    const created = await json<{ id: string }>(await submit(t.url, request.token, submitBody(uploadId)));

    const before = await fetch(`${t.url}/api/v1/submissions/${created.id}/original`, { headers: owner.headers });
    expect(Buffer.from(await before.arrayBuffer()).equals(bytes)).toBe(true);

    // The upload's metadata still says complete, but its bytes are gone, as right after processing removed them.
    await fs.rm(path.join(t.dataDir, 'uploads', uploadId));
    const after = await fetch(`${t.url}/api/v1/submissions/${created.id}/original`, { headers: owner.headers });
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
