import type { Transcript, TranscriptSegment } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { transcribeSubmissionJob } from '../../jobs/transcribe-submission.job.ts';
import { getSubmissionRecord } from '../submissions/submissions.service.ts';
import { findTranscript, saveTranscript, type TranscriptRow } from './transcripts.repository.ts';

function toTranscript(submissionId: string, row: TranscriptRow | undefined): Transcript {
  const base = `/api/v1/submissions/${submissionId}`;
  const ready = row?.status === 'ready';
  return {
    status: row?.status ?? 'pending',
    engine: row?.engine ?? null,
    no_speech_reason: row?.no_speech_reason ?? null,
    attempts: row?.attempts ?? 0,
    error: row?.error ?? null,
    segments: ready ? row.segments : [],
    captions_url: ready ? `${base}/captions.vtt` : null,
    text_url: ready ? `${base}/transcript.txt` : null,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/** The transcript's state; 404 for a submission that is not this account's. */
export async function getTranscript(ctx: AppContext, accountId: string, submissionId: string): Promise<Transcript> {
  await getSubmissionRecord(ctx, accountId, submissionId);
  return toTranscript(submissionId, await findTranscript(ctx.db, accountId, submissionId));
}

/** Segments of a ready transcript, for the captions and text files. */
export async function readySegments(ctx: AppContext, accountId: string, submissionId: string): Promise<{ segments: TranscriptSegment[]; title: string }> {
  const submission = await getSubmissionRecord(ctx, accountId, submissionId);
  const row = await findTranscript(ctx.db, accountId, submissionId);
  if (row?.status !== 'ready') throw new AppError('NOT_FOUND', 'This recording has no transcript yet.');
  return { segments: row.segments, title: submission.request_title };
}

/**
 * Queues transcription again after a final failure, or for the first time when it never started (recordings from
 * before transcription, or a queue hiccup after processing). A transcript on its way or done answers 409.
 */
export async function retryTranscript(ctx: AppContext, accountId: string, submissionId: string): Promise<Transcript> {
  const submission = await getSubmissionRecord(ctx, accountId, submissionId);
  if (!submission.video_key) throw new AppError('CONFLICT', 'The video is not processed yet; its transcript follows by itself.');
  const row = await findTranscript(ctx.db, accountId, submissionId);
  if (row && row.status !== 'failed') throw new AppError('CONFLICT', 'This transcript is already done or on its way.');
  await saveTranscript(ctx.db, submissionId, accountId, { status: 'pending', error: null, attempts: 0 });
  await ctx.queue.send(transcribeSubmissionJob, { submission_id: submissionId });
  return toTranscript(submissionId, await findTranscript(ctx.db, accountId, submissionId));
}
