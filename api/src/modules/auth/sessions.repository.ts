import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Insertable } from 'kysely';
import type { SessionsTable } from '../../db/schema.ts';

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<string> {
  const { id } = await db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * The most run query (a signed-in request whose session is not in the process's cache): built once, and a prepared
 * statement on Postgres.
 */
export const findSessionUserByTokenHash = preparedQuery('session_user', (db, v: { tokenHash: string; now: Date }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.persistent',
      'sessions.expires_at',
      'users.id',
      'users.account_id',
      'users.role',
      'users.is_sysadmin',
      'users.email',
      'users.name',
      'users.last_active_at',
    ])
    .where('sessions.token_hash', '=', v.tokenHash)
    .where('sessions.expires_at', '>', v.now)
    // A disabled user's sessions end at once, on every process, even one created by a provider sign-in.
    .where('users.disabled_at', 'is', null),
);

export async function extendSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

/** For the team's "last active": one write per user and hour, whichever of their sessions is used. */
export async function rememberLocale(db: Db, userId: string, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '!=', locale)])).execute();
}

export async function touchUserLastActive(db: Db, userId: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ last_active_at: now }).where('id', '=', userId).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}
