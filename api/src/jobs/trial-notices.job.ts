import { Type } from 'typebox';
import { sendTrialNotices } from '../modules/billing/trial-notices.service.ts';
import { defineJob } from './job.ts';

/** "Your trial ends soon" emails (billing/trial-notices.service.ts); idempotent, so hourly runs act only on what became due. */
export const trialNoticesJob = defineJob({
  name: 'trial-notices',
  schema: Type.Object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  schedule: { cron: '0 * * * *' },
  handler: async (_payload, ctx) => {
    await sendTrialNotices(ctx);
  },
});
