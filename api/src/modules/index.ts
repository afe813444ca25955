import type { FastifyPluginAsync } from 'fastify';
import { contactRoutes } from './contact/contact.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { requestsRoutes } from './requests/requests.routes.ts';
import { submissionsRoutes } from './submissions/submissions.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { oidcRoutes } from './auth/oidc.routes.ts';
import { accountRoutes } from './account/account.routes.ts';
import { billingRoutes } from './billing/billing.routes.ts';
import { stripeWebhookRoutes } from './billing/stripe-webhook.routes.ts';
import { widgetRoutes } from './widget/widget.routes.ts';
import { webhooksRoutes } from '../integrations/webhooks/webhooks.routes.ts';
import { signedDownloadRoutes } from '../alerts/signed-download.routes.ts';
import { alertPreferencesRoutes } from '../alerts/alert-preferences.routes.ts';
import { zapierRoutes } from '../integrations/zapier/zapier.routes.ts';
import { adminAlertsRoutes } from '../alerts/admin-alerts.routes.ts';
import { transcriptsRoutes } from './transcripts/transcripts.routes.ts';
import { summariesRoutes } from './summaries/summaries.routes.ts';
import { teamRoutes } from './team/team.routes.ts';
import { slackRoutes } from '../integrations/slack/slack.routes.ts';
import { teamsRoutes } from '../integrations/teams/teams.routes.ts';
import { supportRoutes } from './support/support.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';

/** Every route module, registered in this order by buildApp. Add one line per module. */
export const routeModules: FastifyPluginAsync[] = [healthRoutes, usersRoutes, authRoutes, oidcRoutes, accountRoutes, billingRoutes, stripeWebhookRoutes, requestsRoutes, submissionsRoutes, uploadsRoutes, contactRoutes, widgetRoutes, transcriptsRoutes, summariesRoutes, teamRoutes, webhooksRoutes, signedDownloadRoutes, alertPreferencesRoutes, zapierRoutes, adminAlertsRoutes, slackRoutes, teamsRoutes, supportRoutes, chatRoutes, adminRoutes];
