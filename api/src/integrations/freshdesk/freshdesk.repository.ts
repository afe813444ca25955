import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FreshdeskConnectionsTable } from '../../db/schema.ts';

export type FreshdeskConnectionRow = Selectable<FreshdeskConnectionsTable>;

export async function findFreshdeskConnection(db: Db, accountId: string): Promise<FreshdeskConnectionRow | undefined> {
  return db.selectFrom('freshdesk_connections').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Connecting again (a new key, or another helpdesk) replaces the key and clears an error. */
export async function saveFreshdeskConnection(db: Db, row: Insertable<FreshdeskConnectionsTable>): Promise<void> {
  const { account_id: _account, ...rest } = row;
  await db
    .insertInto('freshdesk_connections')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...rest, error: null, updated_at: new Date() }))
    .execute();
}

/** Marks the connection broken, unless a new key was saved since `keyEncrypted` was read. */
export async function setFreshdeskError(db: Db, accountId: string, keyEncrypted: string, error: string): Promise<void> {
  await db.updateTable('freshdesk_connections').set({ error, updated_at: new Date() }).where('account_id', '=', accountId).where('api_key_encrypted', '=', keyEncrypted).execute();
}

export async function deleteFreshdeskConnection(db: Db, accountId: string): Promise<boolean> {
  return (await db.deleteFrom('freshdesk_connections').where('account_id', '=', accountId).executeTakeFirst()).numDeletedRows > 0n;
}
