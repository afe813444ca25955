import type { CreateTicketRequest, IntercomStatus, OAuthCallbackQuery, TicketRequest } from '@showback/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { assertHelpdeskAllowed, helpdeskAllowed } from '../helpdesk/helpdesk-plan.ts';
import { createTicketRequest, listTicketRequests } from '../helpdesk/ticket-requests.ts';
import { consumeOAuthState, createOAuthState, type OAuthStateOwner } from '../kit/oauth-state.ts';
import { openSecret, sealSecret } from '../kit/secret-box.ts';
import { isProviderFailure } from '../kit/provider-failure.ts';
import { callIntercom, exchangeIntercomCode, intercomApi, intercomApp, regionOf } from './intercom-client.ts';
import * as repo from './intercom.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { intercomSettings } from './intercom.settings.ts';
import { iso } from '../../db/iso.ts';

const notConnected = (): AppError => new AppError('NOT_FOUND', 'Intercom is not connected.');

export const intercomCallbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/intercom/callback`;

export async function intercomStatus(ctx: AppContext, accountId: string): Promise<IntercomStatus> {
  const row = await repo.findIntercomConnection(ctx.db, accountId);
  return {
    connected: row !== undefined,
    workspace_name: row?.workspace_name ?? null,
    region: row?.region ?? null,
    admin: row ? { name: row.admin_name, email: row.admin_email } : null,
    error: row?.error ?? null,
    connected_at: iso(row?.created_at),
    plan_allows: await helpdeskAllowed(ctx.db, accountId, 'intercom'),
  };
}

/**
 * Intercom's consent page with a state bound to the person. Intercom takes no scope here (the app's permissions are
 * ticked in its Developer Hub) and one consent page for every region: the region is learnt after the exchange.
 */
export async function intercomAuthorizeUrl(ctx: AppContext, owner: OAuthStateOwner): Promise<string> {
  const app = intercomApp(ctx);
  await assertHelpdeskAllowed(ctx.db, owner.accountId, 'intercom');
  const url = new URL(app.authorizeUrl);
  url.search = new URLSearchParams({ client_id: app.clientId, state: await createOAuthState(ctx.db, 'intercom', owner), redirect_uri: intercomCallbackUrl(ctx) }).toString();
  return url.toString();
}

/**
 * The end of the connect: checks `state` (this person's, once), exchanges the code at INTERCOM_API_URL (which routes
 * to the workspace's region), then reads GET /me there: the admin who authorised (notes are posted as them), the
 * workspace and its hosting region, which every later call goes to. The token is kept sealed.
 */
export async function completeIntercomConnect(ctx: AppContext, owner: OAuthStateOwner, query: OAuthCallbackQuery, log: FastifyBaseLogger): Promise<string> {
  const failed = '/my/integrations?intercom=failed';
  const stateOk = await consumeOAuthState(ctx.db, 'intercom', query.state, owner);
  if (!stateOk || query.error || !query.code || !settingsOf(ctx, intercomSettings) || !(await helpdeskAllowed(ctx.db, owner.accountId, 'intercom'))) return failed;
  const exchanged = await exchangeIntercomCode(ctx, query.code);
  if (isProviderFailure(exchanged)) {
    log.warn({ intercomError: exchanged.message }, 'Intercom connect failed at /auth/eagle/token');
    return failed;
  }
  const me = await callIntercom(() => intercomApi(ctx, 'us', exchanged.token).admins.identify());
  const admin = me.ok ? me.value : undefined;
  const region = regionOf(admin?.app);
  if (!admin?.id || !admin.app?.id_code || !region) {
    log.warn({ intercomError: me.ok ? `GET /me named no admin, workspace or known region (${admin?.app?.region})` : me.message }, 'Intercom connect failed reading /me');
    return failed;
  }
  await repo.saveIntercomConnection(ctx.db, {
    account_id: owner.accountId,
    workspace_id: admin.app.id_code,
    workspace_name: admin.app.name ?? admin.app.id_code,
    region,
    admin_id: admin.id,
    admin_name: admin.name ?? '',
    admin_email: admin.email ?? '',
    access_token_encrypted: sealSecret(ctx, exchanged.token),
    connected_by: owner.userId,
  });
  return '/my/integrations?intercom=connected';
}

/**
 * Uninstalls the app from the workspace at Intercom (POST /auth/uninstall with the token, on the workspace's region;
 * the official client has no call for it), which revokes the token, then forgets the connection. Best effort at
 * Intercom: the person wants it gone either way.
 */
export async function disconnectIntercom(ctx: AppContext, accountId: string, log: FastifyBaseLogger): Promise<void> {
  const row = await repo.deleteIntercomConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  const token = openSecret(ctx, row.access_token_encrypted);
  const app = settingsOf(ctx, intercomSettings);
  if (!token || !app) return;
  try {
    const res = await fetch(`${app.apiUrls[row.region]}/auth/uninstall`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) log.warn({ intercomStatus: res.status }, 'Intercom uninstall failed; the token was deleted here anyway');
  } catch (error) {
    log.warn({ intercomError: (error as Error).message }, 'Intercom uninstall failed; the token was deleted here anyway');
  }
}

export async function intercomConnection(ctx: AppContext, accountId: string): Promise<repo.IntercomConnectionRow> {
  const row = await repo.findIntercomConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  return row;
}

/** A recording request made from an Intercom conversation; its recordings come back as admin notes. */
export async function createIntercomConversationRequest(ctx: AppContext, user: { id: string; accountId: string }, conversationId: string, input: CreateTicketRequest): Promise<TicketRequest> {
  const row = await intercomConnection(ctx, user.accountId);
  return createTicketRequest(ctx, user, { helpdesk: 'intercom', site: row.workspace_id }, conversationId, input);
}

/** The conversation's requests and their recordings, newest first. */
export async function listIntercomConversationRequests(ctx: AppContext, accountId: string, conversationId: string): Promise<TicketRequest[]> {
  const row = await intercomConnection(ctx, accountId);
  return listTicketRequests(ctx, accountId, { helpdesk: 'intercom', site: row.workspace_id }, conversationId);
}
