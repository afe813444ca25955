import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/auth.ts';
import { ffprobe, mediaFile, servedImageWidth, topLevelBoxes } from './support/fixtures/media.ts';
import type { RecordingRequest, SubmissionList } from '@showback/contract';
import { createRequest, json, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

async function onPlan(t: TestApp, owner: SignedUp, plan: string): Promise<void> {
  await t.app.ctx.db.updateTable('accounts').set({ plan }).where('id', '=', owner.user.account.id).execute();
}

describe('upload → submit → MP4', () => {
  let t: TestApp;
  let work: string;
  beforeAll(async () => {
    t = await startTestApp();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-pipeline-'));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('streams a deferred-length upload in chunks, remuxes H.264+Opus to H.264+AAC with faststart, serves ranges', async () => {
    const owner = await signUp(t);
    await onPlan(t, owner, 'starter');
    const request = await createRequest(t.url, owner);
    const file = await mediaFile('h264-opus-fmp4', 3);
    const uploadId = await tusUpload(t.url, file, { token: request.token, deferred: true, chunkSize: 64 * 1024 });

    const body = submitBody(uploadId);
    const res = await submit(t.url, request.token, body);
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; status: string };
    expect(created.status).toBe('queued');

    const again = await submit(t.url, request.token, body);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ id: created.id, status: expect.any(String) });

    const done = await waitForProcessing(t.url, owner, created.id);
    expect(done).toMatchObject({ status: 'ready', width: 320, height: 240, request_title: request.title, recipient_name: 'Grace Hopper', serving_original: false, processing_error: null });
    expect(Math.abs((done.duration_ms as number) - 3000)).toBeLessThanOrEqual(500);

    const download = await fetch(`${t.url}${String(done.download_url)}`, { headers: owner.headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="?bug-report-[a-z0-9-]+-grace-hopper-\d{4}-\d{2}-\d{2}\.mp4"?$/);
    const mp4 = Buffer.from(await download.arrayBuffer());
    const boxes = topLevelBoxes(mp4);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const out = path.join(work, 'out.mp4');
    await fs.writeFile(out, mp4);
    const probe = await ffprobe(out);
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(Math.abs(Number(probe.format.duration) - 3)).toBeLessThanOrEqual(0.5);

    const range = await fetch(`${t.url}${String(done.video_url)}`, { headers: { ...owner.headers, range: 'bytes=100-1099' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-1099/${mp4.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(mp4.subarray(100, 1100))).toBe(true);
    const unsatisfiable = await fetch(`${t.url}${String(done.video_url)}`, { headers: { ...owner.headers, range: `bytes=${mp4.length + 10}-` } });
    expect(unsatisfiable.status).toBe(416);

    const poster = await fetch(`${t.url}${String(done.poster_url)}`, { headers: owner.headers });
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await poster.arrayBuffer());
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');

    // The list's thumbnails: the poster scaled to its 144 px box, at 1x and 2x, made beside the poster.
    const list = await json<SubmissionList>(await fetch(`${t.url}/api/v1/submissions?request_id=${request.id}`, { headers: owner.headers }));
    expect(list).toMatchObject({ total: 1, items: [{ id: created.id, status: 'ready' }] });
    const [item] = list.items;
    expect(await servedImageWidth(`${t.url}${String(item?.thumbnail_url)}`, owner.headers)).toBe(144);
    expect(await servedImageWidth(`${t.url}${String(item?.thumbnail_2x_url)}`, owner.headers)).toBe(288);
    const posterWidth = await servedImageWidth(`${t.url}${String(done.poster_url)}`, owner.headers);
    expect(posterWidth).toBe(done.width);
    // A recording processed before thumbnails existed has the poster only: that is what a thumbnail URL serves.
    const { poster_key } = await t.app.ctx.db.selectFrom('submissions').select('poster_key').where('id', '=', created.id).executeTakeFirstOrThrow();
    await t.app.ctx.storage.delete(String(poster_key).replace(/poster\.jpg$/, 'thumb-144.jpg'));
    expect(await servedImageWidth(`${t.url}${String(item?.thumbnail_url)}`, owner.headers)).toBe(posterWidth);
    const otherWidth = await fetch(`${t.url}${String(done.poster_url)}?width=100`, { headers: owner.headers });
    expect(otherWidth.status).toBe(422);
    expect(await otherWidth.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { width: ['must be one of 144, 288'] } });
    // Who may not see the poster learns nothing about its inputs either: signed out, a bad width is 401 like a good one.
    const anonymous = await fetch(`${t.url}${String(done.poster_url)}?width=100`);
    expect([anonymous.status, ((await anonymous.json()) as { code: string }).code]).toEqual([401, 'UNAUTHENTICATED']);
    const req = await json<RecordingRequest>(await fetch(`${t.url}/api/v1/requests/${request.id}`, { headers: owner.headers }));
    expect(req.submission_count).toBe(1);
  });
});
