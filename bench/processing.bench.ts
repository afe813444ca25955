// Upload complete → MP4 ready for a 60 s 1280x720 H.264+Opus fragmented MP4 (what Chromium's MediaRecorder writes for
// avc1,opus): end to end through the real processing job on a test app (the remux path: H.264 copied, Opus → AAC),
// then the media step alone, remux against a forced full transcode as the baseline ratio.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertToMp4 } from '../api/src/media/convert-to-mp4.ts';
import { makePoster } from '../api/src/media/make-poster.ts';
import { probe } from '../api/src/media/probe.ts';
import { signUp } from '../api/test/support/auth.ts';
import { createRequest, submit, submitBody, tusUpload, waitForProcessing } from '../api/test/support/fixtures/recording.ts';
import { startTestApp } from '../api/test/support/test-app.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-'));
const input = path.join(dir, 'rec.mp4');
execFileSync('ffmpeg', [
  '-hide_banner', '-loglevel', 'error', '-y',
  '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
  '-t', '60', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '30', '-c:a', 'libopus',
  '-movflags', 'frag_keyframe+empty_moov+default_base_moof', input,
]);
const size = (await fs.stat(input)).size;

const t = await startTestApp();
try {
  const owner = await signUp(t);
  const request = await createRequest(t.url, owner);
  const run = async (): Promise<number> => {
    const uploadId = await tusUpload(t.url, input, { token: request.token, chunkSize: 8 * 1024 * 1024 });
    const started = performance.now();
    const { id } = (await (await submit(t.url, request.token, submitBody(uploadId))).json()) as { id: string };
    const done = await waitForProcessing(t.url, owner, id, 600_000);
    const ms = performance.now() - started;
    if (done.status !== 'ready') throw new Error(`processing ${String(done.status)}: ${String(done.processing_error)}`);
    return ms;
  };
  console.log(`input: 60 s 1280x720 H.264+Opus fMP4, ${(size / 1024 / 1024).toFixed(1)} MB`);
  const endToEnd = await run();
  console.log(`upload complete → MP4 ready (job, remux path): ${(endToEnd / 1000).toFixed(2)} s`);
  const media = async (forceTranscode: boolean): Promise<number> => {
    const started = performance.now();
    const source = await probe('ffprobe', input);
    const out = path.join(dir, `out-${String(forceTranscode)}.mp4`);
    await convertToMp4({ ffmpegPath: 'ffmpeg', input, output: out, probe: source, watermark: false, forceTranscode });
    await makePoster('ffmpeg', out, path.join(dir, 'poster.jpg'), (await probe('ffprobe', out)).durationMs);
    return performance.now() - started;
  };
  const remux = await media(false);
  const transcode = await media(true);
  console.log(`media step: remux ${(remux / 1000).toFixed(2)} s, full transcode ${(transcode / 1000).toFixed(2)} s, remux/transcode = ${(remux / transcode).toFixed(3)}`);
} finally {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
}
