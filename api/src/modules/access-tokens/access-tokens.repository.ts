import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AccessTokensTable } from '../../db/schema.ts';

export async function insertToken(db: Db, row: Insertable<AccessTokensTable>): Promise<string> {
  const { id } = await db.insertInto('access_tokens').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function countActiveTokens(db: Db, userId: string): Promise<number> {
  const { count } = await db.selectFrom('access_tokens').select((eb) => eb.fn.countAll<string>().as('count')).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
  return Number(count);
}

/** Unrevoked tokens with their owners, newest first: one user's, or (userId undefined) the whole account's. */
export function listTokens(db: Db, accountId: string, userId?: string) {
  let query = db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .select(['access_tokens.id', 'access_tokens.name', 'access_tokens.scope', 'access_tokens.prefix', 'access_tokens.created_at', 'access_tokens.expires_at', 'access_tokens.last_used_at', 'users.id as owner_id', 'users.name as owner_name', 'users.email as owner_email'])
    .where('access_tokens.account_id', '=', accountId)
    .where('access_tokens.revoked_at', 'is', null);
  if (userId) query = query.where('access_tokens.user_id', '=', userId);
  return query.orderBy('access_tokens.created_at', 'desc').orderBy('access_tokens.id').execute();
}
export type TokenListRow = Awaited<ReturnType<typeof listTokens>>[number];

/** The token behind a hash, whatever its state, with what a request needs of its user. Read on every call: no cache. */
export function findTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .select([
      'access_tokens.id as token_id',
      'access_tokens.scope',
      'access_tokens.expires_at',
      'access_tokens.revoked_at',
      'access_tokens.last_used_at',
      'users.id',
      'users.account_id',
      'users.role',
      'users.is_sysadmin',
      'users.email',
      'users.name',
      'users.disabled_at',
    ])
    .where('access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchLastUsed(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
}

/** Revokes one unrevoked token of the account (of `userId` when given); false when there is no such token. */
export async function revokeToken(db: Db, accountId: string, id: string, userId?: string): Promise<boolean> {
  let query = db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', id).where('account_id', '=', accountId).where('revoked_at', 'is', null);
  if (userId) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeUserTokens(db: Db, userId: string): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
