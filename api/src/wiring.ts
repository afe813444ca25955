/*
 * What the API is made of, for buildApp: its routes, jobs and alert channels, its configuration, and the hooks through
 * which core asks integrations. The integrations come in as provider declarations (integrations/providers.ts); with
 * app.ts the only module outside integrations/ that imports them, so core (modules/, jobs/, alerts/, db/) never loads
 * an integration: api/README.md, enforced in eslint.config.js.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AlertChannel } from './alerts/alert-channel.ts';
import type { JobDefinition } from './jobs/job.ts';
import { jobs as coreJobs } from './jobs/index.ts';
import { loadConfig, type Config } from './config.ts';
import type { Provider } from './integrations/kit/provider.ts';
export type { Provider };
import { providers as allProviders } from './integrations/providers.ts';
import { escalationRoutes } from './integrations/escalation/escalation.routes.ts';
import { openTicketRequest } from './integrations/helpdesk/ticket-requests.ts';
import type { FindRequestRecipient } from './modules/requests/request-recipient.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { requestsRoutes } from './modules/requests/requests.routes.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
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
import { signedDownloadRoutes } from './alerts/signed-download.routes.ts';
import { alertPreferencesRoutes } from './alerts/alert-preferences.routes.ts';
import { adminAlertsRoutes } from './alerts/admin-alerts.routes.ts';
import { transcriptsRoutes } from './modules/transcripts/transcripts.routes.ts';
import { summariesRoutes } from './modules/summaries/summaries.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminPeopleRoutes } from './modules/admin/admin-people.routes.ts';
import { shareLinksRoutes } from './modules/share-links/share-links.routes.ts';
import { sharedRoutes } from './modules/share-links/shared.routes.ts';
import { subdomainsRoutes } from './modules/subdomains/subdomains.routes.ts';
import { adminRecordingsRoutes } from './modules/admin/admin-recordings.routes.ts';
import { adminInvitationsRoutes } from './modules/admin/admin-invitations.routes.ts';
import { brandingRoutes } from './modules/branding/branding.routes.ts';

/** The core's route modules, registered in this order, before the integrations'. Add one line per module. */
const routeModules: FastifyPluginAsync[] = [healthRoutes, usersRoutes, authRoutes, oidcRoutes, accountRoutes, accessTokensRoutes, mcpRoutes, billingRoutes, stripeWebhookRoutes, requestsRoutes, submissionsRoutes, commentsRoutes, uploadsRoutes, contactRoutes, widgetRoutes, transcriptsRoutes, summariesRoutes, teamRoutes, signedDownloadRoutes, alertPreferencesRoutes, adminAlertsRoutes, supportRoutes, chatRoutes, adminRoutes, adminPeopleRoutes, adminRecordingsRoutes, adminInvitationsRoutes, brandingRoutes, subdomainsRoutes, shareLinksRoutes, sharedRoutes];

/** What buildApp registers and starts for a list of providers. */
export interface Assembly {
  /** The core's, escalation's (one shape for the providers' trackers), then each provider's in the list's order. */
  routeModules: FastifyPluginAsync[];
  /** Every background job; the queue creates each one's queue and schedule and, in worker processes, works it. */
  jobs: JobDefinition[];
  /** Every channel the dispatcher fans events out to. */
  alertChannels: AlertChannel[];
}

export function assemble(providers: readonly Provider[] = allProviders): Assembly {
  return {
    routeModules: [...routeModules, escalationRoutes(providers.flatMap((p) => (p.tracker ? [p.tracker] : []))), ...providers.flatMap((p) => p.routes ?? [])],
    jobs: [...coreJobs, ...providers.flatMap((p) => p.jobs ?? [])],
    alertChannels: providers.flatMap((p) => (p.channel ? [p.channel] : [])),
  };
}

/** The configuration with these providers' settings (config.ts, being core, is given them); `env`: process.env when left out. */
export function loadAppConfig(env?: Record<string, string | undefined>, overrides: Partial<Config> = {}, providers: readonly Provider[] = allProviders): Readonly<Config> {
  return loadConfig(env, overrides, providers.flatMap((p) => (p.settings ? [p.settings] : [])));
}

/** A request made from a helpdesk ticket is for the ticket's requester. */
export const findRequestRecipient: FindRequestRecipient = openTicketRequest;
