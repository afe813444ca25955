import { sql } from 'kysely';
import type { Transcript, TranscriptSegment } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { summarizeSubmissionJob } from '../../jobs/summarize-submission.job.ts';
import { transcribeSubmissionJob } from '../../jobs/transcribe-submission.job.ts';
import { getSubmissionRecord } from '../submissions/submissions.service.ts';
import { findTranscript, saveTranscript, type TranscriptRow } from './transcripts.repository.ts';
import { iso } from '../../db/iso.ts';

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
    updated_at: iso(row?.updated_at),
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

/**
 * An owner's correction of segment `index`: its text becomes theirs (the words keep the recogniser's timing), it is
 * no longer unsure, and the captions, the .txt and the list search follow (they read the same row). The row is
 * locked while it changes, so two people correcting two segments at once keep both corrections. The summary is
 * rebuilt from the corrected transcript by a job queued in the same transaction, SUMMARY_REBUILD_DELAY_SECONDS later
 * with the version this correction made: only the job of the last correction in a burst rebuilds it.
 */
export async function editSegment(ctx: AppContext, accountId: string, submissionId: string, index: number, text: string): Promise<Transcript> {
  await getSubmissionRecord(ctx, accountId, submissionId);
  const tidy = text.replace(/\s+/g, ' ').trim();
  if (!tidy) throw new AppError('VALIDATION_FAILED', 'Write what was said: a segment cannot be empty.');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('transcripts').select(['status', 'segments']).where('account_id', '=', accountId).where('submission_id', '=', submissionId).forUpdate().executeTakeFirst();
    if (row?.status !== 'ready') throw new AppError('CONFLICT', 'This recording has no transcript to correct yet.');
    const segment = row.segments[index];
    if (!segment) throw new AppError('NOT_FOUND', 'This transcript has no such segment.');
    const segments = row.segments.map((s, i) => (i === index ? { ...segment, text: tidy, confidence: null, unsure: false, edited: true } : s));
    const { version } = await trx
      .updateTable('transcripts')
      .set({ segments: JSON.stringify(segments), text: segments.map((s) => s.text).join(' '), updated_at: sql`now()` })
      .where('submission_id', '=', submissionId)
      .returning(sql<string>`extract(epoch from updated_at)::text`.as('version'))
      .executeTakeFirstOrThrow();
    await ctx.queue.send(summarizeSubmissionJob, { submission_id: submissionId, correction: version }, { trx, startAfterSeconds: ctx.config.summary.rebuildDelaySeconds });
  });
  return getTranscript(ctx, accountId, submissionId);
}
