import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { isProviderFailure, type ProviderFailure } from './provider-failure.ts';
import { openSecret, sealSecret } from './secret-box.ts';

/** A token is refreshed this long before the provider says it expires, so a call never starts with one about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

/** What an OAuth token endpoint answers. */
export interface OAuthTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

/** The token columns every OAuth connection table has: sealed tokens and when the access token expires. */
export interface TokenColumns {
  access_token_encrypted: string;
  refresh_token_encrypted: string | null;
  access_token_expires_at: Date | null;
}

export const sealedTokenColumns = (ctx: AppContext, tokens: OAuthTokens): TokenColumns => ({
  access_token_encrypted: sealSecret(ctx, tokens.access_token),
  refresh_token_encrypted: tokens.refresh_token ? sealSecret(ctx, tokens.refresh_token) : null,
  access_token_expires_at: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
});

/** The columns as read: Teams' access token column may be empty. */
type StoredTokens = Omit<TokenColumns, 'access_token_encrypted'> & { access_token_encrypted: string | null };

const fresh = (row: StoredTokens): boolean =>
  row.access_token_expires_at === null || !row.refresh_token_encrypted || new Date(row.access_token_expires_at).getTime() - REFRESH_MARGIN_MS >= Date.now();

export type Access<R> = { row: R; token: string } | { failure: ProviderFailure };

export interface RefreshOptions<R> {
  /** The connection row again, `FOR UPDATE` inside `trx`; undefined when it was deleted meanwhile. */
  lock: (trx: Db) => Promise<R | undefined>;
  /** Writes the new token columns to the locked row. */
  save: (trx: Db, columns: TokenColumns) => Promise<void>;
  /** The refresh_token grant at the provider: new tokens or the provider's failure. */
  refresh: (refreshToken: string, row: R) => Promise<OAuthTokens | ProviderFailure>;
  gone: ProviderFailure;
  unreadable: ProviderFailure;
}

/**
 * The connection and a usable access token. Providers that rotate refresh tokens (Zendesk, Linear, Jira, Microsoft) spend one
 * when it is used, so an expiring token is refreshed under a lock on the connection row: a second process waits, then finds
 * the new token instead of spending the old refresh token again. A provider that answers without a new refresh token
 * keeps the current one valid.
 */
export async function accessWithRefresh<R extends StoredTokens>(ctx: AppContext, row: R, options: RefreshOptions<R>): Promise<Access<R>> {
  const opened = (current: R): Access<R> => {
    const token = current.access_token_encrypted ? openSecret(ctx, current.access_token_encrypted) : undefined;
    return token ? { row: current, token } : { failure: options.unreadable };
  };
  if (fresh(row)) return opened(row);
  return ctx.db.transaction().execute(async (trx): Promise<Access<R>> => {
    const locked = await options.lock(trx);
    if (!locked) return { failure: options.gone };
    if (fresh(locked)) return opened(locked);
    const refresh = openSecret(ctx, locked.refresh_token_encrypted!);
    if (!refresh) return { failure: options.unreadable };
    const tokens = await options.refresh(refresh, locked);
    if (isProviderFailure(tokens)) return { failure: tokens };
    const columns = sealedTokenColumns(ctx, tokens);
    const next = { ...columns, refresh_token_encrypted: columns.refresh_token_encrypted ?? locked.refresh_token_encrypted };
    await options.save(trx, next);
    return { row: { ...locked, ...next }, token: tokens.access_token };
  });
}

/** The connection tables with one row per account (older than the kit's connection store, connections.ts). */
type AccountConnectionTable = 'zendesk_connections' | 'linear_connections' | 'jira_connections' | 'teams_integrations';

/** `lock` and `save` of accessWithRefresh for the account's row of such a table. */
export function accountRow<T extends AccountConnectionTable>(table: T, accountId: string): Pick<RefreshOptions<Selectable<Database[T]>>, 'lock' | 'save'> {
  const name: AccountConnectionTable = table;
  return {
    lock: async (trx) => (await trx.selectFrom(name).selectAll().where('account_id', '=', accountId).forUpdate().executeTakeFirst()) as Selectable<Database[T]> | undefined,
    save: async (trx, columns) => {
      await trx.updateTable(name).set({ ...columns, updated_at: new Date() }).where('account_id', '=', accountId).execute();
    },
  };
}
