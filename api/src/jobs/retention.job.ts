import { Type } from 'typebox';
import { runRetention } from '../modules/billing/retention.service.ts';
import { defineJob } from './job.ts';

/** Retention warnings and deletions (billing/retention.service.ts); idempotent, so hourly runs act only on what became due. */
export const retentionJob = defineJob({
  name: 'retention',
  schema: Type.Object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 30 * 60,
  schedule: { cron: '0 * * * *' },
  handler: async (_payload, ctx) => {
    await runRetention(ctx);
  },
});
