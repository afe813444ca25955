import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TeamsIntegrationsTable } from '../../db/schema.ts';

export type TeamsIntegrationRow = Selectable<TeamsIntegrationsTable>;

export async function findTeamsIntegration(db: Db, accountId: string): Promise<TeamsIntegrationRow | undefined> {
  return db.selectFrom('teams_integrations').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** A new sign-in replaces the Graph tokens and keeps the team, channel and webhook already chosen. */
export async function saveTeamsSignIn(db: Db, row: Insertable<TeamsIntegrationsTable>): Promise<void> {
  const { account_id: _account, ...tokens } = row;
  await db
    .insertInto('teams_integrations')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...tokens, updated_at: new Date() }))
    .execute();
}

export async function updateTeamsIntegration(db: Db, accountId: string, values: Updateable<TeamsIntegrationsTable>): Promise<TeamsIntegrationRow | undefined> {
  return db.updateTable('teams_integrations').set({ ...values, updated_at: new Date() }).where('account_id', '=', accountId).returningAll().executeTakeFirst();
}

/** Marks the webhook broken, unless another webhook was saved since `webhookEncrypted` was read. */
export async function setTeamsError(db: Db, accountId: string, webhookEncrypted: string, error: string): Promise<void> {
  await db.updateTable('teams_integrations').set({ error, updated_at: new Date() }).where('account_id', '=', accountId).where('webhook_url_encrypted', '=', webhookEncrypted).execute();
}

export async function deleteTeamsIntegration(db: Db, accountId: string): Promise<TeamsIntegrationRow | undefined> {
  return db.deleteFrom('teams_integrations').where('account_id', '=', accountId).returningAll().executeTakeFirst();
}

/** The integration when new recordings should be posted: turned on, a webhook saved and no error. */
export async function postableTeamsIntegration(db: Db, accountId: string): Promise<TeamsIntegrationRow | undefined> {
  return db
    .selectFrom('teams_integrations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('enabled', '=', true)
    .where('error', 'is', null)
    .where('webhook_url_encrypted', 'is not', null)
    .executeTakeFirst();
}
