import { Type } from 'typebox';
import { findSubmissionById } from '../modules/submissions/submissions.repository.ts';
import { findSummaryById, saveSummary } from '../modules/summaries/summaries.repository.ts';
import { buildDigest } from '../summary/digest.ts';
import { writeWithModel } from '../summary/model-summary.ts';
import { loadSummaryMaterial } from '../summary/summary-material.ts';
import { defineJob } from './job.ts';

/**
 * The recording's summary, once its transcript has settled (queued by transcribe-submission whatever its outcome).
 * With SUMMARY_API_URL a model writes it; without, or when the model keeps failing, the digest (no model) does, so
 * an agent always gets the evidence. Idempotent: a ready summary is left alone.
 */
export const summarizeSubmissionJob = defineJob({
  name: 'summarize-submission',
  schema: Type.Object({ submission_id: Type.String({ format: 'uuid' }) }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 30 * 60,
  async handler(payload, ctx, run) {
    const id = payload.submission_id;
    const submission = await findSubmissionById(ctx.db, id);
    if (!submission) return;
    if ((await findSummaryById(ctx.db, id))?.status === 'ready') return;
    const account = submission.account_id;
    await saveSummary(ctx.db, id, account, { status: 'pending', attempts: run.attempt });
    const material = await loadSummaryMaterial(ctx.db, submission);
    const api = ctx.config.summary.api;
    if (api) {
      try {
        const written = await writeWithModel(api, material);
        await saveSummary(ctx.db, id, account, { status: 'ready', kind: 'model', engine: api.model, goal: written.goal, lines: JSON.stringify(written.lines), error: null });
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!run.isLastAttempt) {
          await saveSummary(ctx.db, id, account, { error: `Attempt ${run.attempt} failed, retrying: ${message}` });
          throw error;
        }
        const digest = buildDigest(material);
        await saveSummary(ctx.db, id, account, { status: 'ready', kind: 'digest', engine: null, goal: digest.goal, lines: JSON.stringify(digest.lines), error: `The model failed (${message}); this is the automatic digest.` });
        return;
      }
    }
    const digest = buildDigest(material);
    await saveSummary(ctx.db, id, account, { status: 'ready', kind: 'digest', engine: null, goal: digest.goal, lines: JSON.stringify(digest.lines), error: null });
  },
});
