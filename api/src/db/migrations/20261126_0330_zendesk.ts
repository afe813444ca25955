import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk'))`.execute(db);

  // One Zendesk account (subdomain) per Showback account, connected by OAuth. Tokens are sealed (team-chat/secret-box.ts).
  await db.schema
    .createTable('zendesk_connections')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('subdomain', 'text', (c) => c.notNull())
    .addColumn('access_token_encrypted', 'text', (c) => c.notNull())
    // Zendesk's expiring tokens come with a rotating refresh token; older grants have neither.
    .addColumn('refresh_token_encrypted', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    // Set when Zendesk refuses for good (token revoked, app removed); no note is attempted until reconnected.
    .addColumn('error', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A recording request made from a Zendesk ticket: its recordings are written back to that ticket.
  await db.schema
    .createTable('zendesk_ticket_requests')
    .addColumn('request_id', 'uuid', (c) => c.primaryKey().references('recording_requests.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subdomain', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addColumn('requester_email', 'text')
    .addColumn('requester_name', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('zendesk_ticket_requests_ticket').on('zendesk_ticket_requests').columns(['account_id', 'subdomain', 'ticket_id']).execute();

  // Every internal note attempted: which recording, which ticket, which summary it carried (so an update posts only
  // news). The row is written before the call and `posted_at` after Zendesk's answer: a row without it whose answer
  // was lost is looked for among the ticket's comments before posting again, so a retry never posts twice.
  await db.schema
    .createTable('zendesk_notes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'uuid', (c) => c.notNull().unique().references('alert_deliveries.id').onDelete('cascade'))
    .addColumn('summary_updated_at', 'timestamptz')
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('zendesk_notes_submission').on('zendesk_notes').columns(['submission_id', 'ticket_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('zendesk_notes').execute();
  await db.schema.dropTable('zendesk_ticket_requests').execute();
  await db.schema.dropTable('zendesk_connections').execute();
  await sql`delete from integration_oauth_states where provider = 'zendesk'`.execute(db);
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams'))`.execute(db);
}
