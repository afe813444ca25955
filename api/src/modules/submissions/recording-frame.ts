import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { extractFrame } from '../../media/extract-frame.ts';
import { makeWorkDir } from '../../media/work-dirs.ts';
import * as frames from './frames.repository.ts';
import { getSubmissionRecord } from './submissions.service.ts';

/** Frames are kept per tenth of a second: asking for 2.04 s and 2.01 s makes one file. */
const STEP_MS = 100;

export interface RecordingFrame {
  jpeg: Buffer;
  atMs: number;
  durationMs: number | null;
}

/**
 * The frame of a recording's processed video at `seconds`, made with ffmpeg the first time it is asked for and kept in
 * the object store beside the video (submission_frames names it, so deleting the recording deletes it).
 */
export async function recordingFrame(ctx: AppContext, accountId: string, submissionId: string, seconds: number): Promise<RecordingFrame> {
  const row = await getSubmissionRecord(ctx, accountId, submissionId);
  if (!row.video_key) throw new AppError('CONFLICT', 'The video of this recording is not processed yet. Try again once its state is ready.');
  const durationMs = row.duration_ms;
  if (durationMs !== null && seconds * 1000 > durationMs) {
    throw new AppError('VALIDATION_FAILED', `The video is ${(durationMs / 1000).toFixed(1)} s long; ask for a moment within it.`);
  }
  const atMs = Math.round((seconds * 1000) / STEP_MS) * STEP_MS;
  const stored = await frames.findFrameKey(ctx.db, row.id, atMs);
  if (stored && (await ctx.storage.stat(stored))) return { jpeg: await readAll(await ctx.storage.getStream(stored)), atMs, durationMs };

  const work = await makeWorkDir('frame');
  try {
    const output = path.join(work, 'frame.jpg');
    let input = await ctx.storage.presign(row.video_key, { expiresInSeconds: 300 });
    if (!input) {
      input = path.join(work, 'video.mp4');
      await ctx.storage.download(row.video_key, input);
    }
    await extractFrame(ctx.config.ffmpegPath, input, output, atMs / 1000);
    // A moment past the last frame (the duration is rounded) makes ffmpeg succeed without writing anything.
    if (!(await fs.stat(output).catch(() => undefined))?.size) throw new AppError('VALIDATION_FAILED', 'The video has no frame at that moment; ask for an earlier one.');
    const jpeg = await fs.readFile(output);
    const key = `${path.posix.dirname(row.video_key)}/frames/${atMs}.jpg`;
    await ctx.storage.put(key, jpeg, { contentType: 'image/jpeg' });
    await frames.insertFrame(ctx.db, row.id, atMs, key);
    return { jpeg, atMs, durationMs };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
