import fs from 'node:fs/promises';
import path from 'node:path';
import { Type } from 'typebox';
import { probe } from '../media/probe.ts';
import { makeWorkDir } from '../media/work-dirs.ts';
import { findSubmissionById } from '../modules/submissions/submissions.repository.ts';
import { findTranscriptById, saveTranscript } from '../modules/transcripts/transcripts.repository.ts';
import { transcribeFile } from '../transcription/transcribe.ts';
import { defineJob } from './job.ts';
import { summarizeSubmissionJob } from './summarize-submission.job.ts';

/**
 * Processed video → transcript (transcription/), then the summary job. Queued by process-submission once the MP4 is stored, and by the
 * owner's "try again" after a final failure. Runs beside the video, never before it: the recording is reviewable
 * whatever happens here. Idempotent: a finished transcript is left alone, and each run replaces the whole row.
 * The queue works one job at a time per worker process, so transcription takes at most one core per process.
 */
export const transcribeSubmissionJob = defineJob({
  name: 'transcribe-submission',
  schema: Type.Object({ submission_id: Type.String({ format: 'uuid' }) }),
  retryLimit: 4,
  retryDelaySeconds: 30,
  expireInSeconds: 3 * 60 * 60,
  async handler(payload, ctx, run) {
    const id = payload.submission_id;
    const submission = await findSubmissionById(ctx.db, id);
    // Deleted, or no MP4 yet: processing queues this job again when it has one.
    if (!submission?.video_key) return;
    const existing = await findTranscriptById(ctx.db, id);
    if (existing?.status === 'ready' || existing?.status === 'no_speech') return;
    const account = submission.account_id;
    await saveTranscript(ctx.db, id, account, { status: 'processing', attempts: run.attempt, error: null });
    const work = await makeWorkDir('transcribe');
    try {
      const video = path.join(work, 'video.mp4');
      await ctx.storage.download(submission.video_key, video);
      const media = await probe(ctx.config.ffprobePath, video);
      const outcome = media.audio
        ? await transcribeFile(ctx.config.transcription, ctx.config.ffmpegPath, video, work, submission.language)
        : ({ status: 'no_speech', engine: null, reason: 'no_audio' } as const);
      const segments = outcome.status === 'ready' ? outcome.segments : [];
      await saveTranscript(ctx.db, id, account, {
        status: outcome.status,
        engine: outcome.engine,
        no_speech_reason: outcome.status === 'no_speech' ? outcome.reason : null,
        segments: JSON.stringify(segments),
        text: segments.map((segment) => segment.text).join(' '),
        error: null,
      });
      await ctx.queue.send(summarizeSubmissionJob, { submission_id: id });
    } catch (error) {
      if (run.signal?.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      await saveTranscript(ctx.db, id, account, {
        status: run.isLastAttempt ? 'failed' : 'pending',
        error: run.isLastAttempt ? message : `Attempt ${run.attempt} failed, retrying: ${message}`,
      });
      // The summary does not wait for a transcript that will not come: the events alone still tell a lot.
      if (run.isLastAttempt) await ctx.queue.send(summarizeSubmissionJob, { submission_id: id });
      throw error;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  },
});
