import type { GitHubRepository, GitHubStatus, OAuthCallbackQuery, UpdateGitHub } from '@showback/contract';
import type { Octokit } from '@octokit/rest';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { exchangeCode, pkceChallenge, pkceVerifier } from '../kit/oauth.ts';
import { isProviderFailure, providerAppError, type ProviderAnswer } from '../kit/provider-failure.ts';
import { consumeOAuthState, createOAuthState, type OAuthStateOwner } from '../kit/oauth-state.ts';
import { openSecret, sealSecret } from '../kit/secret-box.ts';
import { teamChatAllowed } from '../team-chat/team-chat-plan.ts';
import { callGitHub, GITHUB_SCOPES, githubApi, githubApp, githubOAuth, revokeGitHubGrant } from './github-client.ts';
import * as repo from './github.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { githubSettings } from './github.settings.ts';
import { iso } from '../../db/iso.ts';

export const githubCallbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/github/callback`;
export const githubWebhookUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/github/webhook`;

const notConnected = (): AppError => new AppError('NOT_FOUND', 'GitHub is not connected.');

/** GitHub is part of every paid plan and of the trial, like the team chat integrations (spec §9). */
export const githubAllowed = teamChatAllowed;

export async function assertGitHubAllowed(ctx: Pick<AppContext, 'db'>, accountId: string): Promise<void> {
  if (!(await githubAllowed(ctx.db, accountId))) throw new AppError('PLAN_REQUIRED', 'Creating GitHub issues is part of every paid plan. Upgrade to connect GitHub.');
}

/** A longer picker is of no use; the most recently pushed come first. */
const MAX_REPOSITORIES = 1000;

export async function githubStatus(ctx: AppContext, accountId: string): Promise<GitHubStatus> {
  const row = await repo.findGitHubConnection(ctx.db, accountId);
  return {
    connected: row !== undefined,
    login: row?.login ?? null,
    repository: row?.repository_full_name ? { full_name: row.repository_full_name, private: Boolean(row.repository_private) } : null,
    webhook: row?.webhook_id != null,
    error: row?.error ?? null,
    connected_at: iso(row?.created_at),
    plan_allows: await githubAllowed(ctx.db, accountId),
  };
}

export async function githubConnection(ctx: AppContext, accountId: string): Promise<repo.GitHubConnectionRow> {
  const row = await repo.findGitHubConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  return row;
}

/** GitHub's authorize page with a state bound to the person and a PKCE challenge; issues are opened as the GitHub user who allows it. */
export async function githubAuthorizeUrl(ctx: AppContext, owner: OAuthStateOwner): Promise<string> {
  const app = githubApp(ctx);
  await assertGitHubAllowed(ctx, owner.accountId);
  const url = new URL(`${app.webUrl}/login/oauth/authorize`);
  const state = await createOAuthState(ctx.db, 'github', owner);
  url.search = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: githubCallbackUrl(ctx),
    scope: GITHUB_SCOPES,
    state,
    allow_signup: 'false',
    ...(await pkceChallenge(pkceVerifier(ctx, 'github', state))),
  }).toString();
  return url.toString();
}

/** The end of the connect: checks `state` (this person's, once), exchanges the code, reads who it is, keeps the token sealed. */
export async function completeGitHubConnect(ctx: AppContext, owner: OAuthStateOwner, query: OAuthCallbackQuery, log: FastifyBaseLogger): Promise<string> {
  const failed = '/my/integrations?github=failed';
  const stateOk = await consumeOAuthState(ctx.db, 'github', query.state, owner);
  if (!stateOk || query.error || !query.code || !settingsOf(ctx, githubSettings) || !(await githubAllowed(ctx.db, owner.accountId))) return failed;
  const tokens = await exchangeCode(githubOAuth(ctx), { redirectUri: githubCallbackUrl(ctx), code: query.code, state: query.state!, pkceCodeVerifier: pkceVerifier(ctx, 'github', query.state!) });
  if (isProviderFailure(tokens)) {
    log.warn({ githubError: tokens.message }, 'GitHub connect failed at /login/oauth/access_token');
    return failed;
  }
  const me = await callGitHub(async () => (await githubApi(ctx, tokens.access_token).rest.users.getAuthenticated()).data);
  if (!me.ok) {
    log.warn({ githubError: me.message }, 'GitHub connect failed reading the user');
    return failed;
  }
  await repo.saveGitHubConnection(ctx.db, {
    account_id: owner.accountId,
    github_user_id: me.value.id,
    login: me.value.login,
    access_token_encrypted: sealSecret(ctx, tokens.access_token),
    connected_by: owner.userId,
  });
  return '/my/integrations?github=connected';
}

/** The connection's token for a person's request, or the error they see. */
export function tokenOf(ctx: AppContext, row: repo.GitHubConnectionRow): string {
  const token = openSecret(ctx, row.access_token_encrypted);
  if (!token) throw new AppError('UPSTREAM_FAILED', 'The saved GitHub access can no longer be read (the encryption key changed). Reconnect GitHub.');
  return token;
}

/** A GitHub answer's value, or the error the person sees; a refused token marks the connection broken first. */
export async function valueOf<T>(ctx: AppContext, row: repo.GitHubConnectionRow, answer: ProviderAnswer<T>): Promise<T> {
  if (answer.ok) return answer.value;
  if (answer.kind === 'broken') await repo.setGitHubError(ctx.db, row.account_id, row.access_token_encrypted, answer.message);
  throw providerAppError(answer);
}

/** The repositories the connected user can open issues in, most recently pushed first (Octokit follows the Link pages). */
export async function githubRepositories(ctx: AppContext, accountId: string): Promise<GitHubRepository[]> {
  const row = await githubConnection(ctx, accountId);
  const octokit = githubApi(ctx, tokenOf(ctx, row));
  const repositories = await valueOf(
    ctx,
    row,
    await callGitHub(() =>
      octokit.paginate(octokit.rest.repos.listForAuthenticatedUser, { per_page: 100, sort: 'pushed' }, (response, done) => {
        if (response.data.length === 0) done();
        return response.data;
      }),
    ),
  );
  return repositories
    .filter((r) => r.has_issues && !r.archived)
    .slice(0, MAX_REPOSITORIES)
    .map((r) => ({ full_name: r.full_name, private: r.private }));
}

/**
 * Picks where issues go: the repository is read as the connected user (it must exist, have issues and be
 * reachable), then its `issues` webhook is added so states come back. Adding it needs admin rights on the
 * repository: without them the pick still works and the card says states are not followed.
 */
export async function updateGitHub(ctx: AppContext, accountId: string, input: UpdateGitHub, log: FastifyBaseLogger): Promise<GitHubStatus> {
  const row = await githubConnection(ctx, accountId);
  const octokit = githubApi(ctx, tokenOf(ctx, row));
  const [owner, name] = input.repository.split('/') as [string, string];
  const found = await callGitHub(async () => (await octokit.rest.repos.get({ owner, repo: name })).data);
  if (!found.ok && found.kind === 'refused') throw new AppError('VALIDATION_FAILED', `The connected GitHub user cannot reach ${input.repository}.`, { fieldErrors: { repository: ['Pick one of the repositories in the list.'] } });
  const repository = await valueOf(ctx, row, found);
  if (!repository.has_issues || repository.archived) throw new AppError('VALIDATION_FAILED', `${repository.full_name} takes no issues (they are turned off, or it is archived).`, { fieldErrors: { repository: ['Pick a repository with issues.'] } });
  if (row.repository_id !== repository.id) await removeWebhook(ctx, row, log);
  const hookId = await addWebhook(ctx, octokit, repository.owner.login, repository.name, log);
  await repo.updateGitHubConnection(ctx.db, accountId, {
    repository_id: repository.id,
    repository_full_name: repository.full_name,
    repository_private: repository.private,
    webhook_id: hookId ?? null,
  });
  return githubStatus(ctx, accountId);
}

/**
 * The repository's `issues` webhook to Showback: added, or found when it is there already (GitHub keeps one per URL
 * and answers 422 to a second, e.g. when another Showback account picked the same repository). Undefined when the
 * person is no admin there (404) or no webhook secret is configured.
 */
async function addWebhook(ctx: AppContext, octokit: Octokit, owner: string, name: string, log: FastifyBaseLogger): Promise<number | undefined> {
  const secret = settingsOf(ctx, githubSettings)?.webhookSecret;
  if (!secret) return undefined;
  const url = githubWebhookUrl(ctx);
  const added = await callGitHub(async () => (await octokit.rest.repos.createWebhook({ owner, repo: name, name: 'web', events: ['issues'], active: true, config: { url, content_type: 'json', secret, insecure_ssl: '0' } })).data.id);
  if (added.ok) return added.value;
  const existing = added.kind === 'refused' && added.status === 422 ? await callGitHub(async () => (await octokit.rest.repos.listWebhooks({ owner, repo: name, per_page: 100 })).data.find((h) => h.config.url === url)?.id) : undefined;
  if (existing?.ok && existing.value !== undefined) return existing.value;
  log.warn({ githubError: added.message }, 'GitHub webhook not added; issue states will not be followed');
  return undefined;
}

/**
 * The webhook on the previous repository goes with the connection (best effort: it may be gone already), unless
 * another account's connection still relies on it.
 */
async function removeWebhook(ctx: AppContext, row: repo.GitHubConnectionRow, log: FastifyBaseLogger): Promise<void> {
  if (row.webhook_id == null || !row.repository_full_name) return;
  if (await repo.webhookInUseElsewhere(ctx.db, row.account_id, Number(row.webhook_id))) return;
  const token = openSecret(ctx, row.access_token_encrypted);
  if (!token) return;
  const [owner, name] = row.repository_full_name.split('/') as [string, string];
  const removed = await callGitHub(() => githubApi(ctx, token).rest.repos.deleteWebhook({ owner, repo: name, hook_id: Number(row.webhook_id) }));
  if (!removed.ok && !(removed.kind === 'refused' && removed.status === 404)) log.warn({ githubError: removed.message }, 'GitHub webhook not removed');
}

/** Removes Showback's webhook, revokes the grant at GitHub (best effort: the person wants it gone either way) and forgets the connection. */
export async function disconnectGitHub(ctx: AppContext, accountId: string, log: FastifyBaseLogger): Promise<void> {
  const row = await repo.deleteGitHubConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  await removeWebhook(ctx, row, log);
  const token = openSecret(ctx, row.access_token_encrypted);
  if (token && !(await revokeGitHubGrant(ctx, token))) log.warn('GitHub grant revoke failed; the token was deleted here anyway');
}
