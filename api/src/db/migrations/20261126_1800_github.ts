import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk', 'linear', 'github'))`.execute(db);

  // One GitHub user's access per Showback account, connected through the OAuth app; issues go to the chosen
  // repository. The token is sealed (team-chat/secret-box.ts); an OAuth app's tokens do not expire.
  await db.schema
    .createTable('github_connections')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('github_user_id', 'bigint', (c) => c.notNull())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('repository_id', 'bigint')
    .addColumn('repository_full_name', 'text')
    .addColumn('repository_private', 'boolean')
    // The repository's `issues` webhook Showback added (null: it could not, the person is not an admin there).
    .addColumn('webhook_id', 'bigint')
    .addColumn('access_token_encrypted', 'text', (c) => c.notNull())
    // Set when GitHub refuses for good (token revoked, OAuth app's access removed): escalation says so until reconnected.
    .addColumn('error', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The GitHub issue a recording was escalated to (one per recording), kept up to date by the `issues` webhook
  // (looked up by the repository's id, which survives a rename, and the number).
  await db.schema
    .createTable('github_issues')
    .addColumn('submission_id', 'uuid', (c) => c.primaryKey().references('submissions.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('repository_id', 'bigint', (c) => c.notNull())
    .addColumn('repository_full_name', 'text', (c) => c.notNull())
    .addColumn('issue_number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('state_reason', 'text')
    .addColumn('escalations', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('github_issues_issue').on('github_issues').columns(['repository_id', 'issue_number']).execute();

  // X-GitHub-Delivery ids already handled: a redelivery (or the same one reaching two processes) changes nothing twice.
  await db.schema
    .createTable('github_webhook_deliveries')
    .addColumn('delivery_id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('github_webhook_deliveries').execute();
  await db.schema.dropTable('github_issues').execute();
  await db.schema.dropTable('github_connections').execute();
  await sql`delete from integration_oauth_states where provider = 'github'`.execute(db);
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk', 'linear'))`.execute(db);
}
