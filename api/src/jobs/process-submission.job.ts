import fs from 'node:fs/promises';
import path from 'node:path';
import { Type } from 'typebox';
import type { AppContext } from '../context.ts';
import { convertToMp4 } from '../media/convert-to-mp4.ts';
import { makePoster, posterKeys, putThumbnails } from '../media/make-poster.ts';
import { probe } from '../media/probe.ts';
import { makeWorkDir } from '../media/work-dirs.ts';
import type { Updateable } from 'kysely';
import { recordAlertEvent } from '../alerts/alert-events.ts';
import type { SubmissionRow, SubmissionsTable } from '../db/schema.ts';
import { findSubmissionById, updateSubmission } from '../modules/submissions/submissions.repository.ts';
import { deleteEarlyResult, earlyKeys, findEarlyResult } from '../modules/uploads/early-processing.ts';
import { defineJob } from './job.ts';
import { transcribeSubmissionJob } from './transcribe-submission.job.ts';

class PermanentFailure extends Error {}

/**
 * A state change and its alert in one transaction (the outbox): the event exists exactly when the change does. Two runs
 * of one job can overlap (a job handed back at shutdown while its run was already storing the result, or returned from
 * a worker that stalled): the row lock and the status read under it make only the run that changes the status alert.
 */
async function settle(ctx: AppContext, row: SubmissionRow, event: 'submission.ready' | 'submission.failed' | undefined, values: Updateable<SubmissionsTable>): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('submissions').select('status').where('id', '=', row.id).forNoKeyUpdate().executeTakeFirst();
    if (!current) return false;
    const updated = await updateSubmission(trx, row.id, values);
    if (updated && event && current.status !== values.status) await recordAlertEvent(trx, { accountId: row.account_id, type: event, submissionId: row.id });
    return updated;
  });
}

const keys = (id: string) => ({
  original: `submissions/${id}/original`,
  video: `submissions/${id}/video.mp4`,
  poster: `submissions/${id}/poster.jpg`,
});

/** Moves the finished tus upload into storage, once: a rerun after a crash finds the stored copy and skips this. */
async function takeInUpload(ctx: AppContext, id: string, uploadId: string): Promise<string> {
  const key = keys(id).original;
  if (!(await ctx.storage.stat(key))) {
    const upload = await ctx.uploads.find(uploadId);
    if (!upload) throw new PermanentFailure('The uploaded file is missing.');
    // Stored without the recipient's claimed type: whoever serves it finds the type from the bytes (media-type.ts).
    await ctx.storage.put(key, await ctx.uploads.read(uploadId), { contentType: 'application/octet-stream' });
  }
  const stored = await ctx.storage.stat(key);
  await updateSubmission(ctx.db, id, { original_key: key, original_size: stored?.size ?? null });
  await ctx.uploads.remove(uploadId);
  return key;
}

/** Marks the submission ready with its MP4 and poster; then the transcript follows. False when it was deleted meanwhile. */
async function ready(ctx: AppContext, row: SubmissionRow, video: { key: string; posterKey: string; size: number; durationMs: number | undefined; width: number | undefined; height: number | undefined }): Promise<boolean> {
  const stillThere = await settle(ctx, row, 'submission.ready', {
    status: 'ready',
    video_key: video.key,
    poster_key: video.posterKey,
    original_key: null,
    duration_ms: video.durationMs ?? null,
    width: video.width ?? null,
    height: video.height ?? null,
    size_bytes: video.size,
    processing_error: null,
    processed_at: new Date(),
  });
  // Deleted while it was processing: leave nothing behind.
  if (!stillThere) for (const key of [video.key, ...posterKeys(video.posterKey)]) await ctx.storage.delete(key);
  // The transcript follows the ready video. Failing to queue it must not fail a recording that is ready: the
  // transcript then stays without a row, and the owner's "Transcribe" (POST …/transcript) queues it.
  else await ctx.queue.send(transcribeSubmissionJob, { submission_id: row.id }).catch(() => null);
  return stillThere;
}

/**
 * The MP4 and poster made while the recording uploaded (uploads/early-processing.ts): the very remux the whole file
 * would get, so they are used as they are. Not for a watermarked recording (that is transcoded) or a retry that has
 * already stored the original.
 */
async function readyFromEarlyResult(ctx: AppContext, row: SubmissionRow, watermark: boolean): Promise<boolean> {
  const early = await findEarlyResult(ctx.storage, row.upload_id);
  if (!early) return false;
  if (watermark || row.original_key) {
    await deleteEarlyResult(ctx.storage, row.upload_id);
    return false;
  }
  const keys = earlyKeys(row.upload_id);
  const { durationMs, width, height } = early.facts;
  await ready(ctx, row, { key: keys.video, posterKey: keys.poster, size: early.size, durationMs, width, height });
  await ctx.storage.delete(keys.facts);
  await ctx.uploads.remove(row.upload_id);
  return true;
}

/**
 * Upload → MP4 (H.264/AAC, faststart) + poster + duration/dimensions. Idempotent: a ready submission is left alone,
 * every write is keyed by the submission id and replaces itself. The original stays downloadable until the MP4 is
 * stored, and after a final failure, so a failed job never hides the recording; after success it is deleted.
 */
export const processSubmissionJob = defineJob({
  name: 'process-submission',
  schema: Type.Object({ submission_id: Type.String({ format: 'uuid' }), watermark: Type.Boolean() }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 2 * 60 * 60,
  // A transcode keeps about one core busy; ~0.5 GB of memory each leaves room for the rest.
  concurrency: ({ cores, memoryGb }) => Math.max(1, Math.min(Math.floor(cores / 2), Math.floor(memoryGb / 2))),
  async handler(payload, ctx, run) {
    const id = payload.submission_id;
    const row = await findSubmissionById(ctx.db, id);
    if (!row || row.status === 'ready') return;
    await updateSubmission(ctx.db, id, { status: 'processing', processing_attempts: run.attempt });
    const work = await makeWorkDir('process');
    try {
      if (await readyFromEarlyResult(ctx, row, payload.watermark)) return;
      const originalKey = row.original_key ?? (await takeInUpload(ctx, id, row.upload_id));
      const input = path.join(work, 'input');
      await ctx.storage.download(originalKey, input);
      const source = await probe(ctx.config.ffprobePath, input).catch(() => {
        throw new PermanentFailure('The file is not a video we can read.');
      });
      if (!source.video) throw new PermanentFailure('The file has no video track.');

      const output = path.join(work, 'video.mp4');
      await convertToMp4({ ffmpegPath: ctx.config.ffmpegPath, input, output, probe: source, watermark: payload.watermark });
      const result = await probe(ctx.config.ffprobePath, output);
      const poster = path.join(work, 'poster.jpg');
      await makePoster(ctx.config.ffmpegPath, output, poster, result.durationMs);

      const k = keys(id);
      const video = await ctx.storage.putFile(k.video, output, { contentType: 'video/mp4' });
      await ctx.storage.putFile(k.poster, poster, { contentType: 'image/jpeg' });
      await putThumbnails(ctx.config.ffmpegPath, ctx.storage, poster, k.poster);
      await ready(ctx, row, { key: k.video, posterKey: k.poster, size: video.size, durationMs: result.durationMs, width: result.video?.width, height: result.video?.height });
      await ctx.storage.delete(originalKey);
    } catch (error) {
      if (run.signal?.aborted) throw error;
      const permanent = error instanceof PermanentFailure;
      const message = error instanceof Error ? error.message : String(error);
      const final = permanent || run.isLastAttempt;
      await settle(ctx, row, final ? 'submission.failed' : undefined, {
        status: final ? 'failed' : 'queued',
        processing_error: final ? message : `Attempt ${run.attempt} failed, retrying: ${message}`,
      });
      if (!permanent) throw error;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  },
});

/**
 * The same work for a recording that was turned into its MP4 while it uploaded (an MP4 upload with EARLY_PROCESSING):
 * usually only marking it ready, so it has a queue and workers of its own and never waits behind other customers'
 * transcodes. Without a usable early result it processes the whole file, as process-submission would.
 */
export const finishSubmissionJob = defineJob({
  ...processSubmissionJob,
  name: 'finish-submission',
  concurrency: () => 2,
});
