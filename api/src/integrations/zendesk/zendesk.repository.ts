import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ZendeskConnectionsTable } from '../../db/schema.ts';

export type ZendeskConnectionRow = Selectable<ZendeskConnectionsTable>;

export async function findZendeskConnection(db: Db, accountId: string): Promise<ZendeskConnectionRow | undefined> {
  return db.selectFrom('zendesk_connections').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Connecting again (the same or another Zendesk) replaces the tokens and clears an error. */
export async function saveZendeskConnection(db: Db, row: Insertable<ZendeskConnectionsTable>): Promise<void> {
  const { account_id: _account, ...rest } = row;
  await db
    .insertInto('zendesk_connections')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...rest, error: null, updated_at: new Date() }))
    .execute();
}

export async function updateZendeskConnection(db: Db, accountId: string, values: Updateable<ZendeskConnectionsTable>): Promise<void> {
  await db.updateTable('zendesk_connections').set({ ...values, updated_at: new Date() }).where('account_id', '=', accountId).execute();
}

/** Marks the connection broken, unless it was replaced (reconnected) since `accessEncrypted` was read. */
export async function setZendeskError(db: Db, accountId: string, accessEncrypted: string, error: string): Promise<void> {
  await db.updateTable('zendesk_connections').set({ error, updated_at: new Date() }).where('account_id', '=', accountId).where('access_token_encrypted', '=', accessEncrypted).execute();
}

export async function deleteZendeskConnection(db: Db, accountId: string): Promise<ZendeskConnectionRow | undefined> {
  return db.deleteFrom('zendesk_connections').where('account_id', '=', accountId).returningAll().executeTakeFirst();
}
