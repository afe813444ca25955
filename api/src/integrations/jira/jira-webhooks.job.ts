import { Type } from 'typebox';
import { defineJob } from '../../jobs/job.ts';
import { refreshJiraWebhooks } from './jira.service.ts';
import { settingsOf } from '../kit/provider.ts';
import { jiraSettings } from './jira.settings.ts';

/** Keeps Jira's dynamic webhooks alive (they lapse 30 days after the last refresh); run every hour (wiring.ts lists it). */
export const jiraWebhooksJob = defineJob({
  name: 'jira-webhooks',
  schema: Type.Object({}),
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 10 * 60,
  schedule: { cron: '0 * * * *' },
  handler: async (_payload, ctx) => {
    if (settingsOf(ctx, jiraSettings)) await refreshJiraWebhooks(ctx);
  },
});
