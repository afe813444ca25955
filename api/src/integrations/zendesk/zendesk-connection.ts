import type { AppContext } from '../../context.ts';
import type { HelpdeskFailure } from '../helpdesk/helpdesk-failure.ts';
import { openSecret, sealSecret } from '../team-chat/secret-box.ts';
import { isFailure, requestZendeskTokens, type ZendeskTokens } from './zendesk-client.ts';
import * as repo from './zendesk.repository.ts';

/** A token is refreshed this long before Zendesk says it expires, so a call never starts with one about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

export const tokenColumns = (ctx: AppContext, tokens: ZendeskTokens) => ({
  access_token_encrypted: sealSecret(ctx, tokens.access_token),
  refresh_token_encrypted: tokens.refresh_token ? sealSecret(ctx, tokens.refresh_token) : null,
  access_token_expires_at: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
});

const expiring = (row: repo.ZendeskConnectionRow): boolean => row.access_token_expires_at !== null && new Date(row.access_token_expires_at).getTime() - REFRESH_MARGIN_MS < Date.now();

export type Access = { row: repo.ZendeskConnectionRow; token: string } | { failure: HelpdeskFailure };

const unreadable: HelpdeskFailure = { kind: 'broken', status: 0, message: 'The saved Zendesk access can no longer be read (the encryption key changed). Reconnect Zendesk.' };

/**
 * The connection and a usable access token. An expiring token is refreshed under a lock on the connection row:
 * Zendesk rotates refresh tokens, so two processes refreshing at once would leave one with a spent token.
 * A refused refresh puts the connection in its error state.
 */
export async function zendeskAccess(ctx: AppContext, row: repo.ZendeskConnectionRow): Promise<Access> {
  if (!expiring(row) || !row.refresh_token_encrypted) {
    const token = openSecret(ctx, row.access_token_encrypted);
    return token ? { row, token } : { failure: unreadable };
  }
  const access = await ctx.db.transaction().execute(async (trx): Promise<Access> => {
    const locked = await trx.selectFrom('zendesk_connections').selectAll().where('account_id', '=', row.account_id).forUpdate().executeTakeFirst();
    if (!locked) return { failure: { kind: 'broken', status: 0, message: 'Zendesk was disconnected.' } };
    if (!expiring(locked) || !locked.refresh_token_encrypted) {
      const token = openSecret(ctx, locked.access_token_encrypted);
      return token ? { row: locked, token } : { failure: unreadable };
    }
    const refresh = openSecret(ctx, locked.refresh_token_encrypted);
    if (!refresh) return { failure: unreadable };
    const tokens = await requestZendeskTokens(ctx, locked.subdomain, { grant_type: 'refresh_token', refresh_token: refresh });
    if (isFailure(tokens)) return { failure: tokens };
    const columns = tokenColumns(ctx, tokens);
    // Zendesk may answer without a new refresh token: the current one stays valid then.
    const next = { ...columns, refresh_token_encrypted: columns.refresh_token_encrypted ?? locked.refresh_token_encrypted };
    await trx.updateTable('zendesk_connections').set({ ...next, updated_at: new Date() }).where('account_id', '=', locked.account_id).execute();
    return { row: { ...locked, ...next }, token: tokens.access_token };
  });
  if ('failure' in access && access.failure.kind === 'broken') await repo.setZendeskError(ctx.db, row.account_id, row.access_token_encrypted, access.failure.message);
  return access;
}
