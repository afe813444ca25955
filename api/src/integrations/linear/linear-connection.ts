import type { AppContext } from '../../context.ts';
import { openSecret, sealSecret } from '../team-chat/secret-box.ts';
import { isLinearFailure, requestLinearTokens, type LinearFailure, type LinearTokens } from './linear-client.ts';
import * as repo from './linear.repository.ts';

/** A token is refreshed this long before Linear says it expires, so a call never starts with one about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

export const linearTokenColumns = (ctx: AppContext, tokens: LinearTokens) => ({
  access_token_encrypted: sealSecret(ctx, tokens.access_token),
  refresh_token_encrypted: tokens.refresh_token ? sealSecret(ctx, tokens.refresh_token) : null,
  access_token_expires_at: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
});

const fresh = (row: repo.LinearConnectionRow): boolean =>
  row.access_token_expires_at === null || !row.refresh_token_encrypted || new Date(row.access_token_expires_at).getTime() - REFRESH_MARGIN_MS >= Date.now();

export type LinearAccess = { row: repo.LinearConnectionRow; token: string } | { failure: LinearFailure };

const unreadable: LinearFailure = { kind: 'broken', message: 'The saved Linear access can no longer be read (the encryption key changed). Reconnect Linear.' };

function opened(ctx: AppContext, row: repo.LinearConnectionRow): LinearAccess {
  const token = openSecret(ctx, row.access_token_encrypted);
  return token ? { row, token } : { failure: unreadable };
}

/**
 * The connection and a usable access token. Linear's access tokens live about a day and each refresh spends the
 * refresh token (it rotates), so an expiring one is refreshed under a lock on the connection row: a second process
 * waits, then finds the new token instead of spending the old refresh token again. A refused refresh puts the
 * connection in its error state.
 */
export async function linearAccess(ctx: AppContext, row: repo.LinearConnectionRow): Promise<LinearAccess> {
  if (fresh(row)) return opened(ctx, row);
  const access = await ctx.db.transaction().execute(async (trx): Promise<LinearAccess> => {
    const locked = await trx.selectFrom('linear_connections').selectAll().where('account_id', '=', row.account_id).forUpdate().executeTakeFirst();
    if (!locked) return { failure: { kind: 'broken', message: 'Linear was disconnected.' } };
    if (fresh(locked)) return opened(ctx, locked);
    const refresh = openSecret(ctx, locked.refresh_token_encrypted!);
    if (!refresh) return { failure: unreadable };
    const tokens = await requestLinearTokens(ctx, { grant_type: 'refresh_token', refresh_token: refresh });
    if (isLinearFailure(tokens)) return { failure: tokens };
    const columns = linearTokenColumns(ctx, tokens);
    const next = { ...columns, refresh_token_encrypted: columns.refresh_token_encrypted ?? locked.refresh_token_encrypted };
    await trx.updateTable('linear_connections').set({ ...next, updated_at: new Date() }).where('account_id', '=', locked.account_id).execute();
    return { row: { ...locked, ...next }, token: tokens.access_token };
  });
  if ('failure' in access && access.failure.kind === 'broken') await repo.setLinearError(ctx.db, row.account_id, row.access_token_encrypted, access.failure.message);
  return access;
}
