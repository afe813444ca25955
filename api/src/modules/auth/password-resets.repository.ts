import type { Db } from '../../db/database.ts';

export async function insertPasswordReset(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('password_resets').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute();
}

/** Whether the user a token (valid or not) was issued to is disabled now; undefined for an unknown token. */
export async function resetUserDisabled(db: Db, tokenHash: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('u.disabled_at')
    .where('r.token_hash', '=', tokenHash)
    // The user row: a disable committing meanwhile waits for this reset, or this reset for it.
    .forUpdate('u')
    .executeTakeFirst();
  return row && row.disabled_at !== null;
}

/** Marks the token used if it is still valid; returns its user. One caller wins when two race. */
export async function consumePasswordReset(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function invalidateUserResets(db: Db, userId: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
