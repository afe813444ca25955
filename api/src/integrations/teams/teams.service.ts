import { CONFIGURED_WEBHOOK_PLACEHOLDER, type ChatChannel, type ChatTestResult, type OAuthCallbackQuery, type TeamsStatus, type UpdateTeamsIntegration } from '@showback/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, validationFailed } from '../../errors.ts';
import { checkOutboundUrl, OutboundError } from '../outbound/outbound-http.ts';
import { consumeOAuthState, createOAuthState, type OAuthStateOwner } from '../kit/oauth-state.ts';
import { openSecret, sealSecret } from '../kit/secret-box.ts';
import { authorizationUrl, exchangeCode, pkceChallenge, pkceVerifier, refreshGrant } from '../kit/oauth.ts';
import { isProviderFailure, providerAppError, type ProviderFailure } from '../kit/provider-failure.ts';
import { accessWithRefresh, accountRow, sealedTokenColumns } from '../kit/oauth-tokens.ts';
import { assertTeamChatAllowed, teamChatAllowed } from '../team-chat/team-chat-plan.ts';
import { listJoinedTeams, listTeamChannels } from './graph-client.ts';
import { MICROSOFT_GRANT_PARAMETERS, microsoftApp, microsoftAuthorizeParameters, microsoftOAuth } from './microsoft-identity.ts';
import { testTeamsMessage } from './teams-card.ts';
import { postToTeamsWebhook } from './teams-webhook.ts';
import * as repo from './teams.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { teamsSettings } from './teams.settings.ts';

const notConnected = (): AppError => new AppError('NOT_FOUND', 'Microsoft Teams is not connected.');
const callbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/teams/callback`;

export async function teamsStatus(ctx: AppContext, accountId: string): Promise<TeamsStatus> {
  const row = await repo.findTeamsIntegration(ctx.db, accountId);
  return {
    connected: row !== undefined,
    enabled: row?.enabled ?? false,
    team_id: row?.team_id ?? null,
    team_name: row?.team_name ?? null,
    channel_id: row?.channel_id ?? null,
    channel_name: row?.channel_name ?? null,
    webhook_configured: Boolean(row?.webhook_url_encrypted),
    error: row?.error ?? null,
    plan_allows: await teamChatAllowed(ctx.db, accountId),
  };
}

export async function teamsAuthorizeUrl(ctx: AppContext, owner: OAuthStateOwner): Promise<string> {
  const app = microsoftApp(ctx);
  await assertTeamChatAllowed(ctx.db, owner.accountId);
  const state = await createOAuthState(ctx.db, 'teams', owner);
  return authorizationUrl(microsoftOAuth(app), { ...microsoftAuthorizeParameters(callbackUrl(ctx), state), ...(await pkceChallenge(pkceVerifier(ctx, 'teams', state))) });
}

/** The end of the Microsoft sign-in: state checked (this person's, once), code redeemed, tokens kept encrypted. */
export async function completeTeamsSignIn(ctx: AppContext, owner: OAuthStateOwner, query: OAuthCallbackQuery, log: FastifyBaseLogger): Promise<string> {
  const failed = '/my/integrations?teams=failed';
  const stateOk = await consumeOAuthState(ctx.db, 'teams', query.state, owner);
  if (!stateOk || query.error || !query.code || !settingsOf(ctx, teamsSettings).microsoft || !(await teamChatAllowed(ctx.db, owner.accountId))) return failed;
  const callback = { redirectUri: callbackUrl(ctx), code: query.code, state: query.state!, pkceCodeVerifier: pkceVerifier(ctx, 'teams', query.state!) };
  const tokens = await exchangeCode(microsoftOAuth(microsoftApp(ctx)), callback, MICROSOFT_GRANT_PARAMETERS);
  if (isProviderFailure(tokens)) {
    log.warn({ reason: tokens.message }, 'Microsoft sign-in for Teams failed at the token endpoint');
    return failed;
  }
  await repo.saveTeamsSignIn(ctx.db, { account_id: owner.accountId, ...sealedTokenColumns(ctx, tokens), connected_by: owner.userId });
  return '/my/integrations?teams=connected';
}

/**
 * A Graph access token for the account, refreshed when it is about to expire under the row's lock, like every OAuth
 * connection's: two processes refreshing at once would both spend the refresh token, and one would keep a revoked one.
 */
async function graphToken(ctx: AppContext, accountId: string): Promise<string> {
  const row = await repo.findTeamsIntegration(ctx.db, accountId);
  if (!row) throw notConnected();
  const signInAgain: ProviderFailure = { kind: 'broken', message: 'Showback can no longer list your teams: sign in to Microsoft again.' };
  const access = await accessWithRefresh(ctx, row, {
    ...accountRow('teams_integrations', accountId),
    refresh: (refreshToken) => refreshGrant(microsoftOAuth(microsoftApp(ctx)), refreshToken, MICROSOFT_GRANT_PARAMETERS),
    gone: signInAgain,
    unreadable: signInAgain,
  });
  if ('failure' in access) throw providerAppError(signInAgain);
  return access.token;
}

async function fromGraph<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404) throw new AppError('NOT_FOUND', 'Microsoft Teams does not know this team.');
    throw new AppError('UPSTREAM_FAILED', `Microsoft Graph could not list them${status ? ` (HTTP ${status})` : ''}.`);
  }
}

export async function listTeams(ctx: AppContext, accountId: string): Promise<ChatChannel[]> {
  const token = await graphToken(ctx, accountId);
  return fromGraph(() => listJoinedTeams(settingsOf(ctx, teamsSettings).graphUrl, token));
}

export async function listChannels(ctx: AppContext, accountId: string, teamId: string): Promise<ChatChannel[]> {
  const token = await graphToken(ctx, accountId);
  return fromGraph(() => listTeamChannels(settingsOf(ctx, teamsSettings).graphUrl, token, teamId));
}

function checkedWebhook(ctx: AppContext, raw: string): string {
  const value = raw.trim();
  if (!value || value === CONFIGURED_WEBHOOK_PLACEHOLDER) throw validationFailed({ webhook_url: ['Enter the webhook URL of the channel’s workflow.'] });
  try {
    return checkOutboundUrl(value, { allowLocal: ctx.config.outboundAllowLocal }).toString();
  } catch (error) {
    if (error instanceof OutboundError) throw validationFailed({ webhook_url: [error.message] });
    throw error;
  }
}

export async function updateTeams(ctx: AppContext, accountId: string, input: UpdateTeamsIntegration): Promise<TeamsStatus> {
  const row = await repo.findTeamsIntegration(ctx.db, accountId);
  if (!row) throw notConnected();
  const pairs = [['team_id', 'team_name'], ['channel_id', 'channel_name']] as const;
  for (const [id, name] of pairs) {
    if ((input[id] === undefined) !== (input[name] === undefined)) throw validationFailed({ [id]: [`Send ${id} and ${name} together.`] });
  }
  if (input.enabled === true || input.webhook_url !== undefined) await assertTeamChatAllowed(ctx.db, accountId);
  const webhook = input.webhook_url === undefined ? undefined : checkedWebhook(ctx, input.webhook_url);
  const teamChanged = input.team_id !== undefined && input.team_id !== row.team_id;
  await repo.updateTeamsIntegration(ctx.db, accountId, {
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    ...(input.team_id === undefined ? {} : { team_id: input.team_id, team_name: input.team_name }),
    // Another team's channels are not this one's.
    ...(teamChanged && input.channel_id === undefined ? { channel_id: null, channel_name: null } : {}),
    ...(input.channel_id === undefined ? {} : { channel_id: input.channel_id, channel_name: input.channel_name }),
    // A new webhook is the fix for a refusing one.
    ...(webhook === undefined ? {} : { webhook_url_encrypted: sealSecret(ctx, webhook), error: null }),
  });
  return teamsStatus(ctx, accountId);
}

export async function sendTeamsTest(ctx: AppContext, accountId: string): Promise<ChatTestResult> {
  const row = await repo.findTeamsIntegration(ctx.db, accountId);
  if (!row) throw notConnected();
  await assertTeamChatAllowed(ctx.db, accountId);
  const webhook = row.webhook_url_encrypted ? openSecret(ctx, row.webhook_url_encrypted) : undefined;
  if (!webhook) throw validationFailed({ webhook_url: ['Save the channel’s webhook URL before sending a test message.'] }, 'A test needs a saved webhook URL.');
  const result = await postToTeamsWebhook(ctx, webhook, testTeamsMessage(`${ctx.config.publicUrl}/my/integrations`));
  if (result.kind === 'posted') {
    if (row.error) await repo.updateTeamsIntegration(ctx.db, accountId, { error: null });
    return { sent: true, channel_name: row.channel_name };
  }
  if (result.kind === 'broken') await repo.setTeamsError(ctx.db, accountId, row.webhook_url_encrypted!, result.message);
  throw new AppError('UPSTREAM_FAILED', result.message);
}

export async function disconnectTeams(ctx: AppContext, accountId: string): Promise<void> {
  if (!(await repo.deleteTeamsIntegration(ctx.db, accountId))) throw notConnected();
}
