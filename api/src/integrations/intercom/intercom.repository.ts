import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { IntercomConnectionsTable } from '../../db/schema.ts';

export type IntercomConnectionRow = Selectable<IntercomConnectionsTable>;

export async function findIntercomConnection(db: Db, accountId: string): Promise<IntercomConnectionRow | undefined> {
  return db.selectFrom('intercom_connections').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Connecting again (the same or another workspace) replaces the token and clears an error. */
export async function saveIntercomConnection(db: Db, row: Insertable<IntercomConnectionsTable>): Promise<void> {
  const { account_id: _account, ...rest } = row;
  await db
    .insertInto('intercom_connections')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...rest, error: null, updated_at: new Date() }))
    .execute();
}

/** Marks the connection broken, unless a new token was saved since `tokenEncrypted` was read. */
export async function setIntercomError(db: Db, accountId: string, tokenEncrypted: string, error: string): Promise<void> {
  await db.updateTable('intercom_connections').set({ error, updated_at: new Date() }).where('account_id', '=', accountId).where('access_token_encrypted', '=', tokenEncrypted).execute();
}

export async function deleteIntercomConnection(db: Db, accountId: string): Promise<IntercomConnectionRow | undefined> {
  return db.deleteFrom('intercom_connections').where('account_id', '=', accountId).returningAll().executeTakeFirst();
}
