import crypto from 'node:crypto';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission } from '@showback/contract';
import { startOwnApiProcess, type OwnApiProcess } from './support/api-process.ts';
import { signUp } from './support/auth.ts';
import { createRequest, json, submit, submitBody } from './support/fixtures/recording.ts';
import { sha256 } from './support/fixtures/tus-requests.ts';
import { videoLike } from './support/fixtures/media.ts';

const MB = 1024 * 1024;
// Each leg of the suite runs its own database: the embedded PGlite in DATA_DIR, or Postgres through DATABASE_URL.
const backend = process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite';

describe(`API process killed with SIGKILL mid-upload (${backend})`, () => {
  let api: OwnApiProcess;
  beforeAll(async () => {
    api = await startOwnApiProcess({ WORKERS: 'false' });
  });
  afterAll(() => api?.close());

  it('tus-js-client resumes from the stored offset after the restart and the bytes arrive identical', async () => {
    const owner = await signUp(api);
    const request = await createRequest(api.url, owner);
    const data = videoLike(crypto.randomBytes(24 * MB));
    const killAt = 6 * MB;
    const restarts: Promise<void>[] = [];
    let killedAt = 0;
    const patches: { offset: number; at: number }[] = [];
    const heads: { offset: number; at: number }[] = [];

    const uploadId = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(data, {
        endpoint: `${api.url}/uploads`,
        metadata: { token: request.token, filename: 'recording.webm', filetype: 'video/webm' },
        chunkSize: MB,
        // Long enough to outlast a restart (about 2–8 s here), as the recorder's are.
        retryDelays: [0, 500, 1000, 2000, 3000, 5000, 8000, 13000],
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'PATCH') patches.push({ offset: Number(req.getHeader('Upload-Offset')), at: Date.now() });
        },
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'HEAD') heads.push({ offset: Number(res.getHeader('Upload-Offset')), at: Date.now() });
        },
        onChunkComplete: (_size, accepted) => {
          if (accepted >= killAt && restarts.length === 0) {
            killedAt = Date.now();
            restarts.push(api.kill().then(() => api.start()));
          }
        },
        onError: reject,
        onSuccess: () => resolve(upload.url!.split('/').pop()!),
      });
      upload.start();
    });
    await Promise.all(restarts);

    expect(killedAt).toBeGreaterThan(0);
    const resumed = heads.find((h) => h.at > killedAt);
    expect(resumed, 'the client asked the restarted server for the offset').toBeDefined();
    expect(resumed!.offset).toBeGreaterThanOrEqual(killAt);
    expect(resumed!.offset).toBeLessThan(data.length);
    // It went on from there instead of starting over.
    expect(patches.find((p) => p.at >= resumed!.at)?.offset).toBe(resumed!.offset);
    expect(patches.every((p) => p.offset !== 0 || p.at < killedAt)).toBe(true);

    const created = await submit(api.url, request.token, submitBody(uploadId, { mime_type: 'video/webm' }));
    expect(created.status).toBe(201);
    const { id } = await json<CreatedSubmission>(created);
    const original = await fetch(`${api.url}/api/v1/submissions/${id}/original`, { headers: owner.headers });
    expect(original.status).toBe(200);
    expect(sha256(Buffer.from(await original.arrayBuffer()))).toBe(sha256(data));
  }, 60_000); // a process killed and started again on a busy machine, and a 24 MB upload around it
});
