import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SlackIntegrationsTable } from '../../db/schema.ts';

export type SlackIntegrationRow = Selectable<SlackIntegrationsTable>;

export async function findSlackIntegration(db: Db, accountId: string): Promise<SlackIntegrationRow | undefined> {
  return db.selectFrom('slack_integrations').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** A new install replaces the previous one of the account (another workspace or a fresh token) and clears its error. */
export async function saveSlackInstall(
  db: Db,
  install: { accountId: string; teamId: string; teamName: string; botTokenEncrypted: string; connectedBy: string },
): Promise<void> {
  const values = { team_id: install.teamId, team_name: install.teamName, bot_token_encrypted: install.botTokenEncrypted, connected_by: install.connectedBy, error: null, error_code: null, updated_at: new Date() };
  await db
    .insertInto('slack_integrations')
    .values({ account_id: install.accountId, ...values })
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet((eb) => ({
        ...values,
        // The same workspace keeps its channel; another workspace's channel ids mean nothing here.
        default_channel_id: eb.case().when('slack_integrations.team_id', '=', install.teamId).then(eb.ref('slack_integrations.default_channel_id')).else(null).end(),
        default_channel_name: eb.case().when('slack_integrations.team_id', '=', install.teamId).then(eb.ref('slack_integrations.default_channel_name')).else(null).end(),
      })),
    )
    .execute();
}

export async function updateSlackIntegration(db: Db, accountId: string, values: Updateable<SlackIntegrationsTable>): Promise<SlackIntegrationRow | undefined> {
  return db.updateTable('slack_integrations').set({ ...values, updated_at: new Date() }).where('account_id', '=', accountId).returningAll().executeTakeFirst();
}

/** Marks the integration broken, unless it changed since `tokenEncrypted` was read (a reconnect meanwhile wins). */
export async function setSlackError(db: Db, accountId: string, tokenEncrypted: string, failure: { code?: string; message: string }): Promise<void> {
  await db.updateTable('slack_integrations').set({ error: failure.message, error_code: failure.code ?? null, updated_at: new Date() }).where('account_id', '=', accountId).where('bot_token_encrypted', '=', tokenEncrypted).execute();
}

export async function deleteSlackIntegration(db: Db, accountId: string): Promise<SlackIntegrationRow | undefined> {
  return db.deleteFrom('slack_integrations').where('account_id', '=', accountId).returningAll().executeTakeFirst();
}

/** The integration when new recordings should be posted: connected, turned on, a channel picked and no error. */
export async function postableSlackIntegration(db: Db, accountId: string): Promise<SlackIntegrationRow | undefined> {
  return db
    .selectFrom('slack_integrations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('enabled', '=', true)
    .where('error', 'is', null)
    .where('default_channel_id', 'is not', null)
    .executeTakeFirst();
}
