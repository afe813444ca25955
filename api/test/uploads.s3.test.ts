import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission } from '@showback/contract';
import { signUp } from './support/auth.ts';
import { ffprobe, mediaFile } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import { headOffset } from './support/fixtures/tus-requests.ts';
import { startLocalS3, type LocalS3 } from './support/s3-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MB = 1024 * 1024;

describe('S3-compatible storage (S3_* config against a local S3 server)', () => {
  let s3: LocalS3;
  let t: TestApp;
  let work: string;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await startTestApp({}, s3.env);
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-s3-test-'));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('tus into a multipart upload, MP4 processing, presigned redirects that serve ranges, delete removes every object', async () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
    const owner = await signUp(t);
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'starter' }).where('id', '=', owner.user.account.id).execute();
    const request = await createRequest(t.url, owner);
    // About 11 MB in 2 MB PATCHes: tus keeps the pieces as an incomplete part until 8 MB, then sends part 1; the rest
    // is part 2. Every PATCH finds its offset through ListParts, as another process would.
    const data = await fs.readFile(await mediaFile('h264-noise-fmp4', 3, '640x360'));
    expect(data.length).toBeGreaterThan(9 * MB);
    const uploadId = await tusUpload(t.url, data, { token: request.token, chunkSize: 2 * MB });
    expect(await headOffset(t.url, uploadId)).toEqual({ offset: data.length, length: data.length });
    expect(await s3.keys()).toEqual(expect.arrayContaining([uploadId, `${uploadId}.info`]));
    const assembled = await t.app.ctx.uploads.read(uploadId);
    const chunks: Buffer[] = [];
    for await (const chunk of assembled) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);

    const created = await submit(t.url, request.token, submitBody(uploadId));
    expect(created.status).toBe(201);
    const { id } = await json<CreatedSubmission>(created);
    const done = await waitForProcessing(t.url, owner, id);
    expect(done).toMatchObject({ status: 'ready', width: 640, height: 360, processing_error: null });

    const redirect = await fetch(`${t.url}${String(done.download_url)}`, { headers: owner.headers, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const signed = new URL(redirect.headers.get('location')!);
    expect(signed.origin).toBe(s3.endpoint);
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const whole = await fetch(signed);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="?bug-report-[a-z0-9-]+-grace-hopper-\d{4}-\d{2}-\d{2}\.mp4"?$/);
    const mp4 = Buffer.from(await whole.arrayBuffer());
    const out = path.join(work, 'out.mp4');
    await fs.writeFile(out, mp4);
    const probe = await ffprobe(out);
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);

    const inline = await fetch(`${t.url}${String(done.video_url)}`, { headers: owner.headers, redirect: 'manual' });
    expect(inline.status).toBe(302);
    const range = await fetch(inline.headers.get('location')!, { headers: { range: 'bytes=100-1099' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-1099/${mp4.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(mp4.subarray(100, 1100))).toBe(true);

    // The upload's objects went when processing took the file in; the original went once the MP4 was stored. The poster
    // comes with its two thumbnail sizes.
    expect(await s3.keys()).toEqual(['poster.jpg', 'thumb-144.jpg', 'thumb-288.jpg', 'video.mp4'].map((name) => `submissions/${id}/${name}`));
    const del = await fetch(`${t.url}/api/v1/submissions/${id}`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(del.status).toBe(204);
    expect(await s3.keys()).toEqual([]);
    expect((await fetch(signed)).status, 'the presigned URL of a deleted object').toBe(404);
  });
});
