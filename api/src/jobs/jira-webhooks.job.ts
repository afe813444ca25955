import { Type } from 'typebox';
import { refreshJiraWebhooks } from '../integrations/jira/jira.service.ts';
import { defineJob } from './job.ts';

/** Keeps Jira's dynamic webhooks alive (they lapse 30 days after the last refresh); queued every hour by retention-schedule.ts. */
export const jiraWebhooksJob = defineJob({
  name: 'jira-webhooks',
  schema: Type.Object({}),
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 10 * 60,
  handler: async (_payload, ctx) => {
    if (ctx.config.jira) await refreshJiraWebhooks(ctx);
  },
});
