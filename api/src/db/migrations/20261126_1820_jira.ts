import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk', 'linear', 'github', 'intercom', 'jira'))`.execute(db);

  // One Jira Cloud site per Showback account, connected by OAuth 2.0 (3LO); issues go to the chosen project and issue
  // type. Tokens are sealed (team-chat/secret-box.ts); Atlassian's access tokens live an hour and the refresh token
  // rotates on every use. webhook_id is the dynamic webhook registered for the project (it expires after 30 days).
  await db.schema
    .createTable('jira_connections')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('cloud_id', 'text', (c) => c.notNull())
    .addColumn('site_name', 'text', (c) => c.notNull())
    .addColumn('site_url', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('project_key', 'text')
    .addColumn('project_name', 'text')
    .addColumn('issue_type_id', 'text')
    .addColumn('issue_type_name', 'text')
    .addColumn('webhook_id', 'text')
    .addColumn('webhook_expires_at', 'timestamptz')
    .addColumn('access_token_encrypted', 'text', (c) => c.notNull())
    .addColumn('refresh_token_encrypted', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    .addColumn('error', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The Jira issue a recording was escalated to (one per recording), its status kept up to date by the webhook.
  await db.schema
    .createTable('jira_issues')
    .addColumn('submission_id', 'uuid', (c) => c.primaryKey().references('submissions.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('cloud_id', 'text', (c) => c.notNull())
    .addColumn('issue_id', 'text', (c) => c.notNull())
    .addColumn('issue_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status_name', 'text', (c) => c.notNull())
    .addColumn('status_category', 'text', (c) => c.notNull())
    .addColumn('escalations', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('jira_issues_issue').on('jira_issues').columns(['cloud_id', 'issue_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jira_issues').execute();
  await db.schema.dropTable('jira_connections').execute();
  await sql`delete from integration_oauth_states where provider = 'jira'`.execute(db);
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk', 'linear', 'github', 'intercom'))`.execute(db);
}
