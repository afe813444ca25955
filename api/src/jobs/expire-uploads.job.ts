import { Type } from 'typebox';
import { deleteEarlyResult } from '../modules/uploads/early-processing.ts';
import { deleteAbandonedUpload, findAbandonedUploads } from '../modules/uploads/uploads.repository.ts';
import { defineJob } from './job.ts';

const DAY_SECONDS = 24 * 60 * 60;
const BATCH = 100;

/**
 * Deletes uploads nobody submitted within UPLOAD_EXPIRY_DAYS of their start: recordings abandoned half-way and finished
 * ones never submitted. Our own job rather than tus's deleteExpired: that knows nothing of submissions (it would
 * delete a submitted upload waiting for processing, or one billing holds), and FileStore keeps its expiry in memory.
 * The stored bytes go first and the row after, so a failure leaves a row the next run retries, never an orphaned
 * file; the row is only deleted while still unsubmitted.
 */
export const expireUploadsJob = defineJob({
  name: 'expire-uploads',
  schema: Type.Object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  schedule: { cron: '0 3 * * *' },
  async handler(_payload, ctx) {
    const startedBefore = new Date(Date.now() - ctx.config.uploadExpiryDays * DAY_SECONDS * 1000);
    const seen = new Set<string>();
    for (;;) {
      const ids = (await findAbandonedUploads(ctx.db, startedBefore, BATCH)).filter((id) => !seen.has(id));
      for (const id of ids) {
        seen.add(id);
        await ctx.uploads.remove(id);
        await deleteEarlyResult(ctx.storage, id);
        await deleteAbandonedUpload(ctx.db, id);
      }
      if (ids.length === 0) return;
    }
  },
});
