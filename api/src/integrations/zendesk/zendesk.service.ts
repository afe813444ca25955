import type { CreateTicketRequest, UpdateZendesk, OAuthCallbackQuery, TicketRequest, ZendeskStatus } from '@showback/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { exchangeCode, pkceChallenge, pkceVerifier } from '../kit/oauth.ts';
import { isProviderFailure } from '../kit/provider-failure.ts';
import { consumeOAuthState, createOAuthState, type OAuthStateOwner } from '../kit/oauth-state.ts';
import { sealedTokenColumns } from '../kit/oauth-tokens.ts';
import { openSecret } from '../kit/secret-box.ts';
import { assertHelpdeskAllowed, helpdeskAllowed } from '../helpdesk/helpdesk-plan.ts';
import { createTicketRequest, listTicketRequests } from '../helpdesk/ticket-requests.ts';
import { callZendesk, ZENDESK_SCOPES, zendeskApi, zendeskApp, zendeskOAuth, zendeskOrigin } from './zendesk-client.ts';
import * as repo from './zendesk.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { zendeskSettings } from './zendesk.settings.ts';
import { iso } from '../../db/iso.ts';

const notConnected = (): AppError => new AppError('NOT_FOUND', 'Zendesk is not connected.');

export const zendeskCallbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/zendesk/callback`;

/** PKCE without storing the verifier: it is derived from the single-use state and the server's secret. */
export async function zendeskStatus(ctx: AppContext, accountId: string): Promise<ZendeskStatus> {
  const row = await repo.findZendeskConnection(ctx.db, accountId);
  return {
    connected: row !== undefined,
    subdomain: row?.subdomain ?? null,
    error: row?.error ?? null,
    connected_at: iso(row?.created_at),
    note_tags: row ? noteTags(row) : [],
    plan_allows: await helpdeskAllowed(ctx.db, accountId, 'zendesk'),
  };
}

export const noteTags = (row: Pick<repo.ZendeskConnectionRow, 'note_tags'>): string[] => row.note_tags.split(' ').filter(Boolean);

/** The tags added to a ticket with each note (an empty list adds none). */
export async function updateZendesk(ctx: AppContext, accountId: string, input: UpdateZendesk): Promise<ZendeskStatus> {
  await connection(ctx, accountId);
  await repo.updateZendeskConnection(ctx.db, accountId, { note_tags: input.note_tags.join(' ') });
  return zendeskStatus(ctx, accountId);
}

/** Zendesk's authorize page on the person's own subdomain, with a state bound to them and a PKCE challenge. */
export async function zendeskAuthorizeUrl(ctx: AppContext, owner: OAuthStateOwner, subdomain: string): Promise<string> {
  const app = zendeskApp(ctx);
  await assertHelpdeskAllowed(ctx.db, owner.accountId, 'zendesk');
  // The callback needs the subdomain to exchange the code at: it rides in front of the state (Zendesk echoes it back).
  const state = `${subdomain}.${await createOAuthState(ctx.db, 'zendesk', owner)}`;
  const url = new URL(`${zendeskOrigin(ctx, subdomain)}/oauth/authorizations/new`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: zendeskCallbackUrl(ctx),
    scope: ZENDESK_SCOPES,
    state,
    ...(await pkceChallenge(pkceVerifier(ctx, 'zendesk', state))),
  }).toString();
  return url.toString();
}

/**
 * The end of the connect: checks `state` (this person's, once), exchanges the code at the subdomain's /oauth/tokens
 * and keeps the tokens encrypted. Answers where to send the person: the integrations page, `zendesk=failed` when not.
 */
export async function completeZendeskConnect(ctx: AppContext, owner: OAuthStateOwner, query: OAuthCallbackQuery, log: FastifyBaseLogger): Promise<string> {
  const failed = '/my/integrations?zendesk=failed';
  const dot = query.state?.indexOf('.') ?? -1;
  const subdomain = query.state && dot > 0 ? query.state.slice(0, dot) : '';
  const stateOk = await consumeOAuthState(ctx.db, 'zendesk', query.state?.slice(dot + 1), owner);
  if (!stateOk || !/^[a-z0-9][a-z0-9-]*$/.test(subdomain) || query.error || !query.code || !settingsOf(ctx, zendeskSettings) || !(await helpdeskAllowed(ctx.db, owner.accountId, 'zendesk'))) return failed;
  const callback = { redirectUri: zendeskCallbackUrl(ctx), code: query.code, state: query.state!, pkceCodeVerifier: pkceVerifier(ctx, 'zendesk', query.state!) };
  const tokens = await exchangeCode(zendeskOAuth(ctx, subdomain), callback, { scope: ZENDESK_SCOPES });
  if (isProviderFailure(tokens)) {
    log.warn({ zendeskError: tokens.message }, 'Zendesk connect failed at /oauth/tokens');
    return failed;
  }
  await repo.saveZendeskConnection(ctx.db, { account_id: owner.accountId, subdomain, ...sealedTokenColumns(ctx, tokens), connected_by: owner.userId });
  return '/my/integrations?zendesk=connected';
}

/** Revokes the access token at Zendesk (best effort: the person wants it gone either way) and forgets the connection. */
export async function disconnectZendesk(ctx: AppContext, accountId: string, log: FastifyBaseLogger): Promise<void> {
  const row = await repo.deleteZendeskConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  // The agents' app sessions end with it (they would be refused anyway: they are bound to the connected subdomain).
  await ctx.db.deleteFrom('zendesk_app_sessions').where('account_id', '=', accountId).execute();
  const token = openSecret(ctx, row.access_token_encrypted);
  if (!token) return;
  const answer = await callZendesk(() => zendeskApi(ctx, row.subdomain, token).oauthtokens.revoke('current' as unknown as number));
  if (!answer.ok) log.warn({ zendeskError: answer.message }, 'Zendesk token revoke failed; the token was deleted here anyway');
}

async function connection(ctx: AppContext, accountId: string): Promise<repo.ZendeskConnectionRow> {
  const row = await repo.findZendeskConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  return row;
}

/** A recording request made from a ticket of the connected Zendesk; its recordings come back as internal notes. */
export async function createZendeskTicketRequest(ctx: AppContext, user: { id: string; accountId: string }, ticketId: string, input: CreateTicketRequest): Promise<TicketRequest> {
  const row = await connection(ctx, user.accountId);
  return createTicketRequest(ctx, user, { helpdesk: 'zendesk', site: row.subdomain }, ticketId, input);
}

/** The ticket's requests and their recordings, newest first: what the sidebar shows. */
export async function listZendeskTicketRequests(ctx: AppContext, accountId: string, ticketId: string): Promise<TicketRequest[]> {
  const row = await connection(ctx, accountId);
  return listTicketRequests(ctx, accountId, { helpdesk: 'zendesk', site: row.subdomain }, ticketId);
}
