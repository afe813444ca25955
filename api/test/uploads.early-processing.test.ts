import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertToMp4 } from '../src/media/convert-to-mp4.ts';
import { probe } from '../src/media/probe.ts';
import { earlyKeys } from '../src/modules/uploads/early-processing.ts';
import { signUp, type SignedUp } from './support/auth.ts';
import { ffprobe, mediaFile, servedImageWidth, topLevelBoxes } from './support/fixtures/media.ts';
import { createRequest, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import { createUpload, patch } from './support/fixtures/tus-requests.ts';
import { startPeerApp, startTestApp, type TestApp } from './support/test-app.ts';

const run = promisify(execFile);

/** One line per packet (stream, timestamps, size, checksum): equal when two files carry the same media. */
async function packets(file: string): Promise<string> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'framemd5', '-']);
  return stdout.split('\n').filter((line) => !line.startsWith('#')).join('\n');
}

describe(`processing while the recording uploads (${process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedUp;
  let work: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    // Not the free plan: a watermark means a transcode, which early processing leaves to the job.
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'starter' }).where('id', '=', owner.user.account.id).execute();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-early-test-'));
  });
  afterAll(async () => {
    await t?.close();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  async function uploadAndSubmit(file: string, filetype: string): Promise<{ uploadId: string; submission: Record<string, unknown> }> {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, file, { token: request.token, filetype, deferred: true, chunkSize: 64 * 1024 });
    const res = await submit(t.url, request.token, submitBody(uploadId, { mime_type: filetype }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    return { uploadId, submission: await waitForProcessing(t.url, owner, id) };
  }

  it('serves the MP4 remuxed as the parts arrived: the same packets as processing the whole file, faststart, its duration', async () => {
    const file = await mediaFile('h264-opus-fmp4', 6, '640x360');
    const { uploadId, submission } = await uploadAndSubmit(file, 'video/mp4;codecs=avc1,opus');
    expect(submission).toMatchObject({ status: 'ready', width: 640, height: 360, processing_error: null });
    expect(Math.abs((submission.duration_ms as number) - 6000)).toBeLessThanOrEqual(300);

    const row = await t.app.ctx.db.selectFrom('submissions').select(['video_key', 'poster_key']).where('id', '=', submission.id as string).executeTakeFirstOrThrow();
    expect(row).toEqual({ video_key: earlyKeys(uploadId).video, poster_key: earlyKeys(uploadId).poster });
    expect(await t.app.ctx.storage.stat(earlyKeys(uploadId).facts)).toBeUndefined();
    expect(await t.app.ctx.uploads.find(uploadId)).toBeUndefined();

    const served = path.join(work, 'served.mp4');
    const res = await fetch(`${t.url}${String(submission.download_url)}`, { headers: owner.headers });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    await fs.writeFile(served, bytes);
    const boxes = topLevelBoxes(bytes);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const streams = (await ffprobe(served)).streams.map((s) => s.codec_name).sort();
    expect(streams).toEqual(['aac', 'h264']);

    const whole = path.join(work, 'whole.mp4');
    await convertToMp4({ ffmpegPath: 'ffmpeg', input: file, output: whole, probe: await probe('ffprobe', file), watermark: false });
    expect(await packets(served)).toBe(await packets(whole));

    const poster = await fetch(`${t.url}${String(submission.poster_url)}`, { headers: owner.headers });
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    // The list's thumbnails were made beside the early poster.
    expect(await t.app.ctx.storage.stat(earlyKeys(uploadId).poster.replace(/poster\.jpg$/, 'thumb-288.jpg'))).toBeDefined();
    expect(await servedImageWidth(`${t.url}${String(submission.poster_url)}?width=144`, owner.headers)).toBe(144);
  });

  // Postgres only: two API processes need a shared database.
  it.skipIf(!process.env.TEST_DATABASE_URL)('an upload continued by another process is converted there from the stored bytes, with the same result', async () => {
    const peer = await startPeerApp(t);
    try {
      const file = await mediaFile('h264-opus-fmp4', 6, '640x360');
      const data = await fs.readFile(file);
      const request = await createRequest(t.url, owner);
      const uploadId = await createUpload(t.url, request.token, data.length, 'video/mp4;codecs=avc1,opus');
      const piece = 32 * 1024;
      for (let offset = 0; offset < data.length; offset += piece) {
        // The first half through this process, the rest through the peer, as a balancer might send them.
        const target = offset < data.length / 2 ? t.url : peer.url;
        const res = await patch(target, uploadId, offset, data.subarray(offset, offset + piece));
        expect(res.status).toBe(204);
      }
      const res = await submit(t.url, request.token, submitBody(uploadId, { mime_type: 'video/mp4;codecs=avc1,opus' }));
      const { id } = (await res.json()) as { id: string };
      const submission = await waitForProcessing(t.url, owner, id);
      expect(submission).toMatchObject({ status: 'ready', width: 640, height: 360 });
      const row = await t.app.ctx.db.selectFrom('submissions').select('video_key').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.video_key).toBe(earlyKeys(uploadId).video);

      const served = path.join(work, 'continued.mp4');
      await fs.writeFile(served, Buffer.from(await (await fetch(`${t.url}${String(submission.download_url)}`, { headers: owner.headers })).arrayBuffer()));
      const whole = path.join(work, 'continued-whole.mp4');
      await convertToMp4({ ffmpegPath: 'ffmpeg', input: file, output: whole, probe: await probe('ffprobe', file), watermark: false });
      expect(await packets(served)).toBe(await packets(whole));
    } finally {
      await peer.close();
    }
  });

  it('leaves a WebM upload to the job, which processes the whole file', async () => {
    const file = await mediaFile('vp9-opus-webm', 3);
    const { uploadId, submission } = await uploadAndSubmit(file, 'video/webm;codecs=vp9,opus');
    expect(submission).toMatchObject({ status: 'ready', processing_error: null });
    const row = await t.app.ctx.db.selectFrom('submissions').select('video_key').where('id', '=', submission.id as string).executeTakeFirstOrThrow();
    expect(row.video_key).toBe(`submissions/${String(submission.id)}/video.mp4`);
    expect(await t.app.ctx.storage.stat(earlyKeys(uploadId).video)).toBeUndefined();
  });
});
