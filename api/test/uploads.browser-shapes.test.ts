import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/auth.ts';
import { ffprobe, mediaFile, topLevelBoxes, type MediaKind } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, waitForProcessing } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Where each MP4 fragment (moof) starts: Safari hands over the header (ftyp, moov), then whole fragments. */
function fragmentStarts(file: Buffer): number[] {
  const starts: number[] = [];
  for (let offset = 0; offset + 8 <= file.length; ) {
    const size = file.readUInt32BE(offset);
    if (file.toString('latin1', offset + 4, offset + 8) === 'moof') starts.push(offset);
    if (size < 8) break;
    offset += size;
  }
  return starts;
}

/** The pieces a browser's MediaRecorder would hand over for `file`. */
function browserChunks(file: Buffer, shape: 'fragments' | 'slices'): Buffer[] {
  // Firefox and Chromium cut WebM wherever the timeslice falls, not at cluster boundaries: four slices.
  const cuts = shape === 'fragments' ? fragmentStarts(file) : [1, 2, 3].map((n) => Math.floor((file.length * n) / 4));
  return [0, ...cuts].map((start, i) => file.subarray(start, cuts[i] ?? file.length));
}

// Short recordings: WebM is transcoded, and two cores run the suite.
const SECONDS = 2;

describe('recordings shaped like each browser’s MediaRecorder output', () => {
  let t: TestApp;
  let owner: SignedUp;
  let work: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    // A paid plan: no watermark, so H.264 MP4 (Safari's) is remuxed, not transcoded, as customers' recordings are.
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'starter' }).where('id', '=', owner.user.account.id).execute();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-shapes-'));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  /** What the recorder does: a deferred-length tus upload, one PATCH per MediaRecorder piece, the length with the last. */
  async function uploadInPieces(token: string, chunks: Buffer[], filetype: string): Promise<string> {
    const tus = { 'tus-resumable': '1.0.0' };
    const meta = `token ${Buffer.from(token).toString('base64')},filetype ${Buffer.from(filetype).toString('base64')}`;
    const created = await fetch(`${t.url}/uploads`, { method: 'POST', headers: { ...tus, 'upload-defer-length': '1', 'upload-metadata': meta } });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    let offset = 0;
    for (const [i, chunk] of chunks.entries()) {
      const last = i === chunks.length - 1;
      const res = await fetch(`${t.url}/uploads/${id}`, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...(last ? { 'upload-length': String(offset + chunk.length) } : {}) },
        body: chunk,
      });
      expect(res.status).toBe(204);
      offset += chunk.length;
    }
    return id;
  }

  const cases: { browser: string; kind: MediaKind; mime: string; shape: 'fragments' | 'slices'; audio: boolean }[] = [
    { browser: 'Safari, microphone', kind: 'h264-aac-fmp4', mime: 'video/mp4;codecs=avc1,mp4a.40.2', shape: 'fragments', audio: true },
    { browser: 'Safari, no microphone', kind: 'h264-fmp4', mime: 'video/mp4;codecs=avc1', shape: 'fragments', audio: false },
    { browser: 'Firefox, microphone', kind: 'vp8-opus-webm', mime: 'video/webm;codecs=vp8,opus', shape: 'slices', audio: true },
    { browser: 'Firefox, no microphone', kind: 'vp8-webm', mime: 'video/webm;codecs=vp8', shape: 'slices', audio: false },
    { browser: 'Chromium WebM, microphone', kind: 'vp9-opus-webm', mime: 'video/webm;codecs=vp9,opus', shape: 'slices', audio: true },
    { browser: 'Chromium WebM, no microphone', kind: 'vp9-webm', mime: 'video/webm;codecs=vp9', shape: 'slices', audio: false },
  ];

  it.each(cases)('$browser: remuxed or transcoded to a faststart H.264 MP4 of the recorded length', async ({ kind, mime, shape, audio }) => {
    const request = await createRequest(t.url, owner);
    const source = await fs.readFile(await mediaFile(kind, SECONDS));
    const chunks = browserChunks(source, shape);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(Buffer.concat(chunks).equals(source)).toBe(true);
    const uploadId = await uploadInPieces(request.token, chunks, mime.split(';')[0]!);
    const res = await submit(t.url, request.token, submitBody(uploadId, { mime_type: mime, duration_ms: SECONDS * 1000 }));
    expect(res.status).toBe(201);
    const { id } = await json<{ id: string }>(res);
    const done = await waitForProcessing(t.url, owner, id, 90_000);
    expect(done).toMatchObject({ status: 'ready', width: 320, height: 240, processing_error: null });
    expect(Math.abs((done.duration_ms as number) - SECONDS * 1000)).toBeLessThanOrEqual(300);

    const mp4 = Buffer.from(await (await fetch(`${t.url}${String(done.download_url)}`, { headers: owner.headers })).arrayBuffer());
    const boxes = topLevelBoxes(mp4);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const out = path.join(work, `${kind}.mp4`);
    await fs.writeFile(out, mp4);
    const probe = await ffprobe(out);
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(audio ? ['audio:aac', 'video:h264'] : ['video:h264']);
    // Every stream as long as the recording (a player shows the longest), not doubled nor cut.
    for (const stream of probe.streams) expect(Math.abs(Number((stream as { duration?: string }).duration) - SECONDS), `${stream.codec_type} duration`).toBeLessThanOrEqual(0.3);
    expect(Math.abs(Number(probe.format.duration) - SECONDS)).toBeLessThanOrEqual(0.3);
  }, 90_000);
});
