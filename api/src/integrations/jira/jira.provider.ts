import type { JobDefinition } from '../../jobs/job.ts';
import type { Provider } from '../kit/provider.ts';
import { escalateToJira, jiraEscalationReady } from './jira-escalation.ts';
import { jiraWebhooksJob } from './jira-webhooks.job.ts';
import { jiraRoutes, jiraWebhookRoutes } from './jira.routes.ts';
import { jiraSettings } from './jira.settings.ts';

/** Jira: recordings escalated to issues, their states followed through dynamic webhooks it keeps alive hourly. */
export const jiraProvider: Provider = {
  id: 'jira',
  settings: jiraSettings,
  routes: [jiraRoutes, jiraWebhookRoutes],
  jobs: [jiraWebhooksJob as unknown as JobDefinition],
  tracker: { id: 'jira', ready: jiraEscalationReady, escalate: escalateToJira },
};
