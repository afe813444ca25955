import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk', 'linear'))`.execute(db);

  // One Linear workspace per Showback account, connected by OAuth; issues go to the chosen team. Tokens are sealed
  // (team-chat/secret-box.ts); Linear's access tokens live ~24 h and come with a refresh token that rotates.
  await db.schema
    .createTable('linear_connections')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('organization_name', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('team_key', 'text')
    .addColumn('team_name', 'text')
    .addColumn('access_token_encrypted', 'text', (c) => c.notNull())
    .addColumn('refresh_token_encrypted', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    // Set when Linear refuses for good (token revoked, app removed): escalation says so until reconnected.
    .addColumn('error', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The Linear issue a recording was escalated to (one per recording): what the recording's page shows, kept up to
  // date by Linear's webhooks (looked up by issue_id).
  await db.schema
    .createTable('linear_issues')
    .addColumn('submission_id', 'uuid', (c) => c.primaryKey().references('submissions.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('issue_id', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('state_name', 'text', (c) => c.notNull())
    .addColumn('state_type', 'text', (c) => c.notNull())
    .addColumn('attachment_id', 'text')
    .addColumn('escalations', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('linear_issues_issue').on('linear_issues').columns(['organization_id', 'issue_id']).execute();

  // Linear-Delivery ids already handled: a redelivery (or the same one reaching two processes) changes nothing twice.
  await db.schema
    .createTable('linear_webhook_deliveries')
    .addColumn('delivery_id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('linear_webhook_deliveries').execute();
  await db.schema.dropTable('linear_issues').execute();
  await db.schema.dropTable('linear_connections').execute();
  await sql`delete from integration_oauth_states where provider = 'linear'`.execute(db);
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk'))`.execute(db);
}
