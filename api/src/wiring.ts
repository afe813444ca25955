/*
 * What the API is made of, for buildApp: its routes, jobs and alert channels, and the hooks through which core asks
 * integrations. With app.ts the only module outside integrations/ that imports them, so core (modules/, jobs/,
 * alerts/, db/) never loads an integration: api/README.md, enforced in eslint.config.js.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AlertChannel } from './alerts/alert-channel.ts';
import type { JobDefinition } from './jobs/job.ts';
import { jobs as coreJobs } from './jobs/index.ts';
import { jiraWebhooksJob } from './integrations/jira/jira-webhooks.job.ts';
import { openTicketRequest } from './integrations/helpdesk/ticket-requests.ts';
import type { FindRequestRecipient } from './modules/requests/request-recipient.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { requestsRoutes } from './modules/requests/requests.routes.ts';
import { submissionsRoutes } from './modules/submissions/submissions.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { oidcRoutes } from './modules/auth/oidc.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes.ts';
import { mcpRoutes } from './modules/mcp/mcp.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes.ts';
import { widgetRoutes } from './modules/widget/widget.routes.ts';
import { webhooksRoutes } from './integrations/webhooks/webhooks.routes.ts';
import { signedDownloadRoutes } from './alerts/signed-download.routes.ts';
import { alertPreferencesRoutes } from './alerts/alert-preferences.routes.ts';
import { zapierRoutes } from './integrations/zapier/zapier.routes.ts';
import { adminAlertsRoutes } from './alerts/admin-alerts.routes.ts';
import { transcriptsRoutes } from './modules/transcripts/transcripts.routes.ts';
import { summariesRoutes } from './modules/summaries/summaries.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { slackRoutes } from './integrations/slack/slack.routes.ts';
import { freshdeskRoutes } from './integrations/freshdesk/freshdesk.routes.ts';
import { intercomCanvasRoutes, intercomRoutes } from './integrations/intercom/intercom.routes.ts';
import { zendeskRoutes } from './integrations/zendesk/zendesk.routes.ts';
import { requestListRoutes } from './integrations/escalation/request-list.routes.ts';
import { githubRoutes, githubWebhookRoutes } from './integrations/github/github.routes.ts';
import { jiraRoutes, jiraWebhookRoutes } from './integrations/jira/jira.routes.ts';
import { linearRoutes, linearWebhookRoutes } from './integrations/linear/linear.routes.ts';
import { teamsRoutes } from './integrations/teams/teams.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminPeopleRoutes } from './modules/admin/admin-people.routes.ts';
import { subdomainsRoutes } from './modules/subdomains/subdomains.routes.ts';
import { adminRecordingsRoutes } from './modules/admin/admin-recordings.routes.ts';
import { adminInvitationsRoutes } from './modules/admin/admin-invitations.routes.ts';
import { brandingRoutes } from './modules/branding/branding.routes.ts';
import { adminZapierRoutes } from './integrations/zapier/admin-zapier.routes.ts';
import { emailChannel } from './integrations/email/email-channel.ts';
import { slackChannel } from './integrations/slack/slack-channel.ts';
import { teamsChannel } from './integrations/teams/teams-channel.ts';
import { webhookChannel } from './integrations/webhooks/webhook-channel.ts';
import { zapierChannel } from './integrations/zapier/zapier-channel.ts';
import { freshdeskChannel } from './integrations/freshdesk/freshdesk-channel.ts';
import { intercomChannel } from './integrations/intercom/intercom-channel.ts';
import { zendeskChannel } from './integrations/zendesk/zendesk-channel.ts';

/** Every route module, registered in this order. Add one line per module. */
export const routeModules: FastifyPluginAsync[] = [healthRoutes, usersRoutes, authRoutes, oidcRoutes, accountRoutes, accessTokensRoutes, mcpRoutes, billingRoutes, stripeWebhookRoutes, requestsRoutes, submissionsRoutes, uploadsRoutes, contactRoutes, widgetRoutes, transcriptsRoutes, summariesRoutes, teamRoutes, webhooksRoutes, signedDownloadRoutes, alertPreferencesRoutes, zapierRoutes, adminAlertsRoutes, adminZapierRoutes, slackRoutes, teamsRoutes, zendeskRoutes, freshdeskRoutes, intercomRoutes, intercomCanvasRoutes, requestListRoutes, linearRoutes, linearWebhookRoutes, githubRoutes, githubWebhookRoutes, jiraRoutes, jiraWebhookRoutes, supportRoutes, chatRoutes, adminRoutes, adminPeopleRoutes, adminRecordingsRoutes, adminInvitationsRoutes, brandingRoutes, subdomainsRoutes];

/** Every background job; the queue creates each one's queue and schedule and, in worker processes, works it. */
export const jobs: JobDefinition[] = [...coreJobs, jiraWebhooksJob as unknown as JobDefinition];

/** Every channel the dispatcher fans events out to. A new channel adds one line. */
export const alertChannels: readonly AlertChannel[] = [emailChannel, webhookChannel, slackChannel, zapierChannel, teamsChannel, zendeskChannel, freshdeskChannel, intercomChannel];

/** A request made from a helpdesk ticket is for the ticket's requester. */
export const findRequestRecipient: FindRequestRecipient = openTicketRequest;
