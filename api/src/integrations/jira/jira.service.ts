import type { JiraProject, JiraSite, JiraStatus, OAuthCallbackQuery, UpdateJira } from '@showback/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Version3Client } from 'jira.js';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { authorizationUrl, exchangeCode } from '../kit/oauth.ts';
import { isProviderFailure, providerAppError, type ProviderFailure } from '../kit/provider-failure.ts';
import { sealedTokenColumns } from '../kit/oauth-tokens.ts';
import { consumeOAuthState, createOAuthState, type OAuthStateOwner } from '../kit/oauth-state.ts';
import { openSecret } from '../kit/secret-box.ts';
import { teamChatAllowed } from '../team-chat/team-chat-plan.ts';
import { accessibleSites, callJira, JIRA_SCOPES, jiraApi, jiraOAuth } from './jira-client.ts';
import { jiraAccessFor } from './jira-connection.ts';
import * as repo from './jira.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { jiraSettings } from './jira.settings.ts';
import { iso } from '../../db/iso.ts';

export const jiraCallbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/jira/callback`;
export const jiraWebhookUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/jira/webhook`;

const notConnected = (): AppError => new AppError('NOT_FOUND', 'Jira is not connected.');

/** Jira is part of every paid plan and of the trial, like the team chat integrations and Linear (spec §9). */
export const jiraAllowed = teamChatAllowed;

export async function assertJiraAllowed(ctx: Pick<AppContext, 'db'>, accountId: string): Promise<void> {
  if (!(await jiraAllowed(ctx.db, accountId))) throw new AppError('PLAN_REQUIRED', 'Creating Jira issues is part of every paid plan. Upgrade to connect Jira.');
}

/** Dynamic webhooks registered by an OAuth app expire 30 days after their registration or last refresh. */
const WEBHOOK_LIFE_MS = 30 * 24 * 60 * 60 * 1000;

export async function jiraStatus(ctx: AppContext, accountId: string): Promise<JiraStatus> {
  const row = await repo.findJiraConnection(ctx.db, accountId);
  return {
    connected: row !== undefined,
    site: row ? { id: row.cloud_id, name: row.site_name, url: row.site_url } : null,
    project: row?.project_id ? { id: row.project_id, key: row.project_key ?? '', name: row.project_name ?? '' } : null,
    issue_type: row?.issue_type_id ? { id: row.issue_type_id, name: row.issue_type_name ?? '' } : null,
    follows_status: Boolean(row?.webhook_id),
    error: row?.error ?? null,
    connected_at: iso(row?.created_at),
    plan_allows: await jiraAllowed(ctx.db, accountId),
  };
}

export async function jiraConnection(ctx: AppContext, accountId: string): Promise<repo.JiraConnectionRow> {
  const row = await repo.findJiraConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  return row;
}

/** Atlassian's consent page (audience api.atlassian.com) with a state bound to the person; issues are created as them. */
export async function jiraAuthorizeUrl(ctx: AppContext, owner: OAuthStateOwner): Promise<string> {
  const app = jiraOAuth(ctx);
  await assertJiraAllowed(ctx, owner.accountId);
  return authorizationUrl(app, { audience: 'api.atlassian.com', scope: JIRA_SCOPES, redirect_uri: jiraCallbackUrl(ctx), state: await createOAuthState(ctx.db, 'jira', owner), prompt: 'consent' });
}

const siteOf = (site: { id: string; name: string; url: string }): JiraSite => ({ id: site.id, name: site.name, url: site.url });

/**
 * The end of the connect: checks `state` (this person's, once), exchanges the code, reads which Jira sites the grant
 * reaches (accessible-resources) and keeps the tokens encrypted with the first site; another can be picked on the card.
 */
export async function completeJiraConnect(ctx: AppContext, owner: OAuthStateOwner, query: OAuthCallbackQuery, log: FastifyBaseLogger): Promise<string> {
  const failed = '/my/integrations?jira=failed';
  const stateOk = await consumeOAuthState(ctx.db, 'jira', query.state, owner);
  if (!stateOk || query.error || !query.code || !settingsOf(ctx, jiraSettings) || !(await jiraAllowed(ctx.db, owner.accountId))) return failed;
  const tokens = await exchangeCode(jiraOAuth(ctx), { redirectUri: jiraCallbackUrl(ctx), code: query.code, state: query.state! });
  if (isProviderFailure(tokens)) {
    log.warn({ jiraError: tokens.message }, 'Jira connect failed at /oauth/token');
    return failed;
  }
  const sites = await accessibleSites(ctx, tokens.access_token);
  if (isProviderFailure(sites) || sites.length === 0) {
    log.warn({ jiraError: isProviderFailure(sites) ? sites.message : 'the grant reaches no Jira site' }, 'Jira connect failed reading the sites');
    return failed;
  }
  const [site] = sites;
  const before = await repo.saveJiraConnection(ctx.db, {
    account_id: owner.accountId,
    cloud_id: site!.id,
    site_name: site!.name,
    site_url: site!.url,
    ...sealedTokenColumns(ctx, tokens),
    connected_by: owner.userId,
  });
  if (before?.webhook_id && before.cloud_id !== site!.id) await deleteWebhook(ctx, before.cloud_id, tokens.access_token, before.webhook_id, log);
  return '/my/integrations?jira=connected';
}

async function failWith(ctx: AppContext, row: repo.JiraConnectionRow, failure: ProviderFailure): Promise<never> {
  if (failure.kind === 'broken') await repo.setJiraError(ctx.db, row.account_id, row.access_token_encrypted, failure.message);
  throw providerAppError(failure);
}

/** The Jira sites the grant reaches, for the site picker. */
export async function jiraSites(ctx: AppContext, accountId: string): Promise<JiraSite[]> {
  const { token, row } = await jiraAccessFor(ctx, await jiraConnection(ctx, accountId));
  const sites = await accessibleSites(ctx, token);
  if (isProviderFailure(sites)) return failWith(ctx, row, sites);
  return sites.map(siteOf);
}

async function projectsWith(api: Version3Client) {
  return callJira(async () => {
    const page = await api.projects.searchProjects({ expand: 'issueTypes', maxResults: 100, orderBy: 'name' });
    return (page.values ?? []).map(
      (p): JiraProject => ({
        id: String(p.id),
        key: p.key ?? '',
        name: p.name ?? '',
        issue_types: (p.issueTypes ?? []).filter((t) => !t.subtask && t.id && t.name).map((t) => ({ id: t.id!, name: t.name! })),
      }),
    );
  });
}

/** The site's projects and their issue types, for the picker of where issues go. */
export async function jiraProjects(ctx: AppContext, accountId: string): Promise<JiraProject[]> {
  const { token, row } = await jiraAccessFor(ctx, await jiraConnection(ctx, accountId));
  const projects = await projectsWith(jiraApi(ctx, row.cloud_id, token));
  if (!projects.ok) return failWith(ctx, row, projects);
  return projects.value;
}

/** Bug, else Task, else the first issue type the project has: what a support escalation usually is. */
export const defaultIssueType = (project: JiraProject) => project.issue_types.find((t) => t.name === 'Bug') ?? project.issue_types.find((t) => t.name === 'Task') ?? project.issue_types[0];

async function deleteWebhook(ctx: AppContext, cloudId: string, token: string, webhookId: string, log: FastifyBaseLogger): Promise<void> {
  const deleted = await callJira(() => jiraApi(ctx, cloudId, token).webhooks.deleteWebhookById({ webhookIds: [Number(webhookId)] }));
  if (!deleted.ok) log.warn({ jiraError: deleted.message }, 'Jira webhook delete failed; it lapses by itself within 30 days');
}

/**
 * Jira's webhook for the project's issue updates (POST /rest/api/3/webhook, JQL `project = KEY`), so a status change
 * comes back to the recordings escalated there. Answers the webhook id, or undefined when Jira refused it (the
 * connection then works without statuses, and the card says so).
 */
async function registerWebhook(ctx: AppContext, api: Version3Client, projectKey: string, log: FastifyBaseLogger): Promise<string | undefined> {
  const registered = await callJira(() =>
    api.webhooks.registerDynamicWebhooks({ url: jiraWebhookUrl(ctx), webhooks: [{ jqlFilter: `project = "${projectKey.replace(/"/g, '')}"`, events: ['jira:issue_updated'] }] }),
  );
  const id = registered.ok ? registered.value.webhookRegistrationResult?.[0]?.createdWebhookId : undefined;
  if (id === undefined) log.warn({ jiraError: registered.ok ? registered.value.webhookRegistrationResult?.[0]?.errors : registered.message }, 'Jira refused the webhook');
  return id === undefined ? undefined : String(id);
}

/** Picks the site, or the project and its issue type (Bug or Task unless named); a new project gets its webhook. */
export async function updateJira(ctx: AppContext, accountId: string, input: UpdateJira, log: FastifyBaseLogger): Promise<JiraStatus> {
  const { token, row } = await jiraAccessFor(ctx, await jiraConnection(ctx, accountId));
  if (input.site_id && input.site_id !== row.cloud_id) {
    const site = (await jiraSites(ctx, accountId)).find((s) => s.id === input.site_id);
    if (!site) throw new AppError('VALIDATION_FAILED', 'That site is not one Showback was given access to.', { fieldErrors: { site_id: ['Pick one of the sites you allowed.'] } });
    if (row.webhook_id) await deleteWebhook(ctx, row.cloud_id, token, row.webhook_id, log);
    await repo.updateJiraConnection(ctx.db, accountId, { cloud_id: site.id, site_name: site.name, site_url: site.url, ...repo.clearedProject, webhook_id: null, webhook_expires_at: null });
    if (!input.project_id) return jiraStatus(ctx, accountId);
  }
  if (!input.project_id) {
    if (input.issue_type_id) throw new AppError('VALIDATION_FAILED', 'Give the project the issue type belongs to.', { fieldErrors: { project_id: ['Pick a project.'] } });
    return jiraStatus(ctx, accountId);
  }
  const cloudId = input.site_id ?? row.cloud_id;
  const api = jiraApi(ctx, cloudId, token);
  const projects = await projectsWith(api);
  if (!projects.ok) return failWith(ctx, row, projects);
  const project = projects.value.find((p) => p.id === input.project_id);
  if (!project) throw new AppError('VALIDATION_FAILED', 'That project is not on the connected Jira site.', { fieldErrors: { project_id: ['Pick one of the site’s projects.'] } });
  const type = input.issue_type_id ? project.issue_types.find((t) => t.id === input.issue_type_id) : defaultIssueType(project);
  if (!type) throw new AppError('VALIDATION_FAILED', 'That issue type is not in the project.', { fieldErrors: { issue_type_id: ['Pick one of the project’s issue types.'] } });
  const current = await jiraConnection(ctx, accountId);
  let webhook = { webhook_id: current.webhook_id, webhook_expires_at: current.webhook_expires_at };
  if (current.project_id !== project.id || !current.webhook_id) {
    if (current.webhook_id) await deleteWebhook(ctx, current.cloud_id, token, current.webhook_id, log);
    const id = await registerWebhook(ctx, api, project.key, log);
    webhook = { webhook_id: id ?? null, webhook_expires_at: id ? new Date(Date.now() + WEBHOOK_LIFE_MS) : null };
  }
  await repo.updateJiraConnection(ctx.db, accountId, { project_id: project.id, project_key: project.key, project_name: project.name, issue_type_id: type.id, issue_type_name: type.name, ...webhook });
  return jiraStatus(ctx, accountId);
}

/**
 * Extends the webhooks that lapse within a week (PUT /rest/api/3/webhook/refresh), from the hourly schedule; one
 * connection failing does not stop the others: a revoked grant is recorded as the connection's error, anything else
 * leaves the webhook due so the next hour tries again.
 */
export async function refreshJiraWebhooks(ctx: AppContext, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<number> {
  let refreshed = 0;
  for (const due of await repo.connectionsWithWebhookDue(ctx.db, new Date(Date.now() + 7 * 24 * 60 * 60 * 1000))) {
    try {
      const { token, row } = await jiraAccessFor(ctx, due);
      const answer = await callJira(() => jiraApi(ctx, row.cloud_id, token).webhooks.refreshWebhooks({ webhookIds: [Number(row.webhook_id)] }));
      if (!answer.ok) {
        if (answer.kind === 'broken') await repo.setJiraError(ctx.db, row.account_id, row.access_token_encrypted, answer.message);
        log?.warn({ jiraError: answer.message, accountId: row.account_id }, 'Jira webhook refresh failed');
        continue;
      }
      const expires = answer.value.expirationDate ? new Date(answer.value.expirationDate) : new Date(Date.now() + WEBHOOK_LIFE_MS);
      await repo.updateJiraConnection(ctx.db, row.account_id, { webhook_expires_at: expires });
      refreshed += 1;
    } catch (error) {
      log?.warn({ err: error, accountId: due.account_id }, 'Jira webhook refresh failed');
    }
  }
  return refreshed;
}

/**
 * Removes the project's webhook at Jira (best effort) and forgets the connection. Atlassian has no endpoint to revoke a
 * 3LO grant: the tokens are deleted here, and the person can also remove the app under their Atlassian account's
 * "Connected apps".
 */
export async function disconnectJira(ctx: AppContext, accountId: string, log: FastifyBaseLogger): Promise<void> {
  const row = await repo.deleteJiraConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  const token = openSecret(ctx, row.access_token_encrypted);
  if (token && row.webhook_id) await deleteWebhook(ctx, row.cloud_id, token, row.webhook_id, log);
}
