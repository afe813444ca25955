import { sql, type Updateable } from 'kysely';
import { Type } from 'typebox';
import { recordAlertEvent } from '../alerts/alert-events.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { SummariesTable } from '../db/schema.ts';
import { findSubmissionById } from '../modules/submissions/submissions.repository.ts';
import { findSummaryById, saveSummary, type SummaryRow } from '../modules/summaries/summaries.repository.ts';
import { buildDigest } from '../summary/digest.ts';
import { writeWithModel } from '../summary/model-summary.ts';
import { loadSummaryMaterial } from '../summary/summary-material.ts';
import { defineJob } from './job.ts';

type ReadySummary = Pick<Updateable<SummariesTable>, 'kind' | 'engine' | 'goal' | 'lines' | 'steps' | 'error' | 'transcript_at'>;

/** What a submission.summarized event announces; the status, attempts and error of the row are not part of it. */
const content = (row: SummaryRow | undefined): string | undefined => (row ? JSON.stringify([row.kind, row.engine, row.goal, row.lines, row.steps]) : undefined);

/**
 * Stores the ready summary and, in the same transaction, its `submission.summarized` event (the outbox): only when this
 * write is the first summary or changes it, so a re-run that writes the same summary again announces nothing. The row
 * is locked first, so two runs at once cannot both see the old content.
 */
async function storeReady(ctx: AppContext, submissionId: string, accountId: string, values: ReadySummary): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('summaries').selectAll().where('submission_id', '=', submissionId).forUpdate().executeTakeFirst();
    await saveSummary(trx, submissionId, accountId, { ...values, status: 'ready' });
    const after = await trx.selectFrom('summaries').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
    // No row: the submission was deleted meanwhile.
    if (after?.status === 'ready' && content(after) !== content(before)) {
      await recordAlertEvent(trx, { accountId, type: 'submission.summarized', submissionId });
    }
  });
}

/**
 * True when the transcript is still at `version`, the one the correction that queued this run made, and the summary
 * was written from an older one. A burst of corrections queues one run each; only the run of the last finds its
 * version current, however late or concurrently the runs are picked up.
 */
async function rebuildFor(db: Db, submissionId: string, version: string): Promise<boolean> {
  const row = await db
    .selectFrom('transcripts')
    .leftJoin('summaries', 'summaries.submission_id', 'transcripts.submission_id')
    .select('transcripts.submission_id')
    .where('transcripts.submission_id', '=', submissionId)
    .where('transcripts.status', '=', 'ready')
    .where(sql<string>`extract(epoch from transcripts.updated_at)::text`, '=', version)
    // transcript_at went through a JavaScript Date: milliseconds.
    .where((eb) => eb.or([eb('summaries.transcript_at', 'is', null), eb('summaries.transcript_at', '<', sql<Date>`date_trunc('milliseconds', transcripts.updated_at)`)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The recording's summary, once its transcript has settled (queued by transcribe-submission whatever its outcome),
 * and again after an owner corrected the transcript (`correction`: the transcript's version it made). With
 * SUMMARY_API_URL a model writes it; without, or when the model keeps failing, the digest (no model) does, so an
 * agent always gets the evidence. Idempotent: a ready summary is left alone unless a correction asks for a rebuild,
 * and a summary is announced (`submission.summarized`, for webhooks) once, when it is first stored or changes.
 */
export const summarizeSubmissionJob = defineJob({
  name: 'summarize-submission',
  schema: Type.Object({
    submission_id: Type.String({ format: 'uuid' }),
    /** Queued by a transcript correction: the transcript's updated_at it made, as `extract(epoch …)::text`. */
    correction: Type.Optional(Type.String({ maxLength: 40 })),
  }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 30 * 60,
  // Mostly waiting on a model's API or a database read.
  concurrency: () => 2,
  async handler(payload, ctx, run) {
    const id = payload.submission_id;
    const submission = await findSubmissionById(ctx.db, id);
    if (!submission) return;
    const ready = (await findSummaryById(ctx.db, id))?.status === 'ready';
    if (payload.correction !== undefined ? !(await rebuildFor(ctx.db, id, payload.correction)) : ready) return;
    const account = submission.account_id;
    // A rebuild leaves the summary it replaces readable (and older than the correction) until the new one is stored.
    if (!ready) await saveSummary(ctx.db, id, account, { status: 'pending', attempts: run.attempt });
    const material = await loadSummaryMaterial(ctx.db, submission);
    const api = ctx.config.summary.api;
    if (api) {
      try {
        const written = await writeWithModel(api, material);
        await storeReady(ctx, id, account, { kind: 'model', engine: api.model, goal: written.goal, lines: JSON.stringify(written.lines), steps: JSON.stringify(written.steps), error: null, transcript_at: material.transcriptAt });
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!run.isLastAttempt) {
          await saveSummary(ctx.db, id, account, { error: `Attempt ${run.attempt} failed, retrying: ${message}` });
          throw error;
        }
        const digest = buildDigest(material);
        await storeReady(ctx, id, account, { kind: 'digest', engine: null, goal: digest.goal, lines: JSON.stringify(digest.lines), steps: JSON.stringify(digest.steps), error: `The model failed (${message}); this is the automatic digest.`, transcript_at: material.transcriptAt });
        return;
      }
    }
    const digest = buildDigest(material);
    await storeReady(ctx, id, account, { kind: 'digest', engine: null, goal: digest.goal, lines: JSON.stringify(digest.lines), steps: JSON.stringify(digest.steps), error: null, transcript_at: material.transcriptAt });
  },
});
