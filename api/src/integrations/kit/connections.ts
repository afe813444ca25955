import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { IntegrationConnectionsTable } from '../../db/schema.ts';
import type { OAuthStateOwner } from './oauth-state.ts';
import { accessWithRefresh, sealedTokenColumns, type Access, type OAuthTokens } from './oauth-tokens.ts';
import type { ProviderFailure } from './provider-failure.ts';

/**
 * The kit's connection store: one OAuth connection per account and provider, its tokens sealed, for a provider whose
 * connection needs no columns of its own (the providers older than the kit keep their own tables). A provider using it
 * needs no migration.
 */
export type ConnectionRow = Selectable<IntegrationConnectionsTable>;

export const findConnection = (db: Db, provider: string, accountId: string): Promise<ConnectionRow | undefined> =>
  db.selectFrom('integration_connections').selectAll().where('provider', '=', provider).where('account_id', '=', accountId).executeTakeFirst();

/** Keeps the tokens of a completed connect, replacing an earlier connection and its error. */
export async function saveConnection(ctx: AppContext, provider: string, owner: OAuthStateOwner, tokens: OAuthTokens): Promise<void> {
  const columns = { ...sealedTokenColumns(ctx, tokens), error: null, connected_by: owner.userId, updated_at: new Date() };
  await ctx.db
    .insertInto('integration_connections')
    .values({ account_id: owner.accountId, provider, ...columns })
    .onConflict((oc) => oc.columns(['account_id', 'provider']).doUpdateSet(columns))
    .execute();
}

export async function deleteConnection(db: Db, provider: string, accountId: string): Promise<void> {
  await db.deleteFrom('integration_connections').where('provider', '=', provider).where('account_id', '=', accountId).execute();
}

/**
 * The connection and a usable access token, refreshed under the row's lock when it is about to expire (`refresh` is
 * the provider's refresh grant, usually kit/oauth.ts's refreshGrant). A refusal that needs a person to act (a revoked
 * grant) is kept on the row as its error, until the next connect.
 */
export async function connectionAccess(
  ctx: AppContext,
  row: ConnectionRow,
  vendor: string,
  refresh: (refreshToken: string) => Promise<OAuthTokens | ProviderFailure>,
): Promise<Access<ConnectionRow>> {
  const thisRow = (db: Db) => db.updateTable('integration_connections').where('provider', '=', row.provider).where('account_id', '=', row.account_id);
  const access = await accessWithRefresh(ctx, row, {
    lock: (trx) => trx.selectFrom('integration_connections').selectAll().where('provider', '=', row.provider).where('account_id', '=', row.account_id).forUpdate().executeTakeFirst(),
    save: async (trx, columns) => {
      await thisRow(trx).set({ ...columns, updated_at: new Date() }).execute();
    },
    refresh,
    gone: { kind: 'broken', message: `${vendor} was disconnected.` },
    unreadable: { kind: 'broken', message: `The saved ${vendor} access can no longer be read (the encryption key changed). Reconnect ${vendor}.` },
  });
  if ('failure' in access && access.failure.kind === 'broken') await thisRow(ctx.db).set({ error: access.failure.message, updated_at: new Date() }).execute();
  return access;
}
