import type { LinearStatus, LinearTeam, OAuthCallbackQuery, UpdateLinear } from '@showback/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { authorizationUrl, exchangeCode } from '../kit/oauth.ts';
import { isProviderFailure, providerAppError } from '../kit/provider-failure.ts';
import { consumeOAuthState, createOAuthState, type OAuthStateOwner } from '../kit/oauth-state.ts';
import { sealedTokenColumns } from '../kit/oauth-tokens.ts';
import { openSecret } from '../kit/secret-box.ts';
import { teamChatAllowed } from '../team-chat/team-chat-plan.ts';
import { callLinear, LINEAR_SCOPES, linearApi, linearOAuth, revokeLinearToken } from './linear-client.ts';
import { linearAccess } from './linear-connection.ts';
import * as repo from './linear.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { linearSettings } from './linear.settings.ts';
import { iso } from '../../db/iso.ts';

export const linearCallbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/linear/callback`;

const notConnected = (): AppError => new AppError('NOT_FOUND', 'Linear is not connected.');

/** Linear is part of every paid plan and of the trial, like the team chat integrations (spec §9). */
export const linearAllowed = teamChatAllowed;

export async function assertLinearAllowed(ctx: Pick<AppContext, 'db'>, accountId: string): Promise<void> {
  if (!(await linearAllowed(ctx.db, accountId))) throw new AppError('PLAN_REQUIRED', 'Creating Linear issues is part of every paid plan. Upgrade to connect Linear.');
}

const WORKSPACE_QUERY = 'query showbackWorkspace { organization { id name urlKey } }';
const TEAMS_QUERY = 'query showbackTeams { teams(first: 100) { nodes { id key name } } }';

export async function linearStatus(ctx: AppContext, accountId: string): Promise<LinearStatus> {
  const row = await repo.findLinearConnection(ctx.db, accountId);
  return {
    connected: row !== undefined,
    organization_name: row?.organization_name ?? null,
    team: row?.team_id ? { id: row.team_id, key: row.team_key ?? '', name: row.team_name ?? '' } : null,
    error: row?.error ?? null,
    connected_at: iso(row?.created_at),
    plan_allows: await linearAllowed(ctx.db, accountId),
  };
}

export async function linearConnection(ctx: AppContext, accountId: string): Promise<repo.LinearConnectionRow> {
  const row = await repo.findLinearConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  return row;
}

/** Linear's authorize page with a state bound to the person; issues are created as them (actor=user, the default). */
export async function linearAuthorizeUrl(ctx: AppContext, owner: OAuthStateOwner): Promise<string> {
  const app = linearOAuth(ctx);
  await assertLinearAllowed(ctx, owner.accountId);
  return authorizationUrl(app, { redirect_uri: linearCallbackUrl(ctx), scope: LINEAR_SCOPES, state: await createOAuthState(ctx.db, 'linear', owner), prompt: 'consent' });
}

async function teamsWith(ctx: AppContext, token: string) {
  return callLinear(async () => (await linearApi(ctx, token).client.rawRequest<{ teams: { nodes: LinearTeam[] } }, Record<string, never>>(TEAMS_QUERY, {})).data!.teams.nodes);
}

/**
 * The end of the connect: checks `state` (this person's, once), exchanges the code, reads which workspace it is and
 * keeps the tokens encrypted. A workspace with a single team sends issues there without asking.
 */
export async function completeLinearConnect(ctx: AppContext, owner: OAuthStateOwner, query: OAuthCallbackQuery, log: FastifyBaseLogger): Promise<string> {
  const failed = '/my/integrations?linear=failed';
  const stateOk = await consumeOAuthState(ctx.db, 'linear', query.state, owner);
  if (!stateOk || query.error || !query.code || !settingsOf(ctx, linearSettings) || !(await linearAllowed(ctx.db, owner.accountId))) return failed;
  const tokens = await exchangeCode(linearOAuth(ctx), { redirectUri: linearCallbackUrl(ctx), code: query.code, state: query.state! });
  if (isProviderFailure(tokens)) {
    log.warn({ linearError: tokens.message }, 'Linear connect failed at /oauth/token');
    return failed;
  }
  const workspace = await callLinear(async () => (await linearApi(ctx, tokens.access_token).client.rawRequest<{ organization: { id: string; name: string } }, Record<string, never>>(WORKSPACE_QUERY, {})).data!.organization);
  const teams = await teamsWith(ctx, tokens.access_token);
  if (!workspace.ok || !teams.ok) {
    log.warn({ linearError: !workspace.ok ? workspace.message : !teams.ok && teams.message }, 'Linear connect failed reading the workspace');
    return failed;
  }
  const only = teams.value.length === 1 ? teams.value[0]! : undefined;
  await repo.saveLinearConnection(ctx.db, {
    account_id: owner.accountId,
    organization_id: workspace.value.id,
    organization_name: workspace.value.name,
    ...sealedTokenColumns(ctx, tokens),
    ...(only ? { team_id: only.id, team_key: only.key, team_name: only.name } : {}),
    connected_by: owner.userId,
  });
  return '/my/integrations?linear=connected';
}

/** A usable token for a person's request, or the error they see (a refused refresh marks the connection broken). */
export async function accessFor(ctx: AppContext, row: repo.LinearConnectionRow): Promise<{ row: repo.LinearConnectionRow; token: string }> {
  const access = await linearAccess(ctx, row);
  if ('failure' in access) throw providerAppError(access.failure);
  return access;
}

/** The workspace's teams, for the picker of where issues go. */
export async function linearTeams(ctx: AppContext, accountId: string): Promise<LinearTeam[]> {
  const { token, row } = await accessFor(ctx, await linearConnection(ctx, accountId));
  const teams = await teamsWith(ctx, token);
  if (!teams.ok) {
    if (teams.kind === 'broken') await repo.setLinearError(ctx.db, accountId, row.access_token_encrypted, teams.message);
    throw providerAppError(teams);
  }
  return teams.value;
}

export async function updateLinear(ctx: AppContext, accountId: string, input: UpdateLinear): Promise<LinearStatus> {
  const team = (await linearTeams(ctx, accountId)).find((t) => t.id === input.team_id);
  if (!team) throw new AppError('VALIDATION_FAILED', 'That team is not in the connected Linear workspace.', { fieldErrors: { team_id: ['Pick one of the workspace’s teams.'] } });
  await repo.updateLinearConnection(ctx.db, accountId, { team_id: team.id, team_key: team.key, team_name: team.name });
  return linearStatus(ctx, accountId);
}

/** Revokes the token at Linear (best effort: the person wants it gone either way) and forgets the connection. */
export async function disconnectLinear(ctx: AppContext, accountId: string, log: FastifyBaseLogger): Promise<void> {
  const row = await repo.deleteLinearConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  const token = openSecret(ctx, row.access_token_encrypted);
  if (token && !(await revokeLinearToken(ctx, token))) log.warn('Linear token revoke failed; the token was deleted here anyway');
}
