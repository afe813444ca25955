import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk', 'linear', 'github', 'intercom'))`.execute(db);
  // One Intercom workspace per Showback account, connected by OAuth. Intercom's access tokens do not expire and come
  // with no refresh token; the token is sealed (team-chat/secret-box.ts) and never returned.
  await db.schema
    .createTable('intercom_connections')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    // The workspace (GET /me's app.id_code) and its name, as the card shows them.
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('workspace_name', 'text', (c) => c.notNull())
    // Where the workspace is hosted (GET /me's app.region at connect): every later call goes to that region's API.
    .addColumn('region', 'text', (c) => c.notNull().check(sql`region in ('us', 'eu', 'au')`))
    // The admin who authorised: notes are posted as them (a note needs an admin_id).
    .addColumn('admin_id', 'text', (c) => c.notNull())
    .addColumn('admin_name', 'text', (c) => c.notNull())
    .addColumn('admin_email', 'text', (c) => c.notNull())
    .addColumn('access_token_encrypted', 'text', (c) => c.notNull())
    // Set when Intercom refuses the token for good (app uninstalled, access revoked); no note is attempted until reconnected.
    .addColumn('error', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A conversation's requests and notes ride on the helpdesk tables: `site` is the workspace id.
  await sql`alter table helpdesk_ticket_requests drop constraint helpdesk_ticket_requests_helpdesk_check`.execute(db);
  await sql`alter table helpdesk_ticket_requests add constraint helpdesk_ticket_requests_helpdesk_check check (helpdesk in ('zendesk', 'freshdesk', 'intercom'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from helpdesk_ticket_requests where helpdesk = 'intercom'`.execute(db);
  await sql`alter table helpdesk_ticket_requests drop constraint helpdesk_ticket_requests_helpdesk_check`.execute(db);
  await sql`alter table helpdesk_ticket_requests add constraint helpdesk_ticket_requests_helpdesk_check check (helpdesk in ('zendesk', 'freshdesk'))`.execute(db);
  await db.schema.dropTable('intercom_connections').execute();
  await sql`delete from integration_oauth_states where provider = 'intercom'`.execute(db);
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk', 'linear', 'github'))`.execute(db);
}
