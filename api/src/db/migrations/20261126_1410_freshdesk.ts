import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One Freshdesk helpdesk (its domain, acme.freshdesk.com) per Showback account, connected with an admin's API key
  // (Freshdesk's REST API has no OAuth). The key is sealed (team-chat/secret-box.ts) and never returned.
  await db.schema
    .createTable('freshdesk_connections')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('api_key_encrypted', 'text', (c) => c.notNull())
    // Who the key belongs to (GET /api/v2/agents/me at connect): the card says whose key posts the notes.
    .addColumn('agent_name', 'text', (c) => c.notNull())
    .addColumn('agent_email', 'text', (c) => c.notNull())
    // Set when Freshdesk refuses the key for good; no note is attempted until connected again.
    .addColumn('error', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // The Freshdesk app's token (docs/freshdesk.md, "How the app signs in"): issued by an owner or admin on the card,
    // pasted into the app's secure installation parameter; the app acts as that member. Only its hash is kept.
    .addColumn('app_token_hash', 'text', (c) => c.unique())
    .addColumn('app_token_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('app_token_issued_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Requests made from a ticket and the notes written back are one thing for every helpdesk: `site` is the
  // Zendesk subdomain or the Freshdesk domain the ticket lives in.
  await sql`alter table zendesk_ticket_requests rename to helpdesk_ticket_requests`.execute(db);
  await sql`alter table helpdesk_ticket_requests rename column subdomain to site`.execute(db);
  await sql`alter table helpdesk_ticket_requests add column helpdesk text not null default 'zendesk' check (helpdesk in ('zendesk', 'freshdesk'))`.execute(db);
  await sql`alter table helpdesk_ticket_requests alter column helpdesk drop default`.execute(db);
  await sql`alter index zendesk_ticket_requests_ticket rename to helpdesk_ticket_requests_ticket`.execute(db);
  await sql`alter table zendesk_notes rename to helpdesk_notes`.execute(db);
  await sql`alter index zendesk_notes_submission rename to helpdesk_notes_submission`.execute(db);
  // The helpdesk's id of the note (Freshdesk's conversation id), so that news edits it in place.
  await db.schema.alterTable('helpdesk_notes').addColumn('note_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from helpdesk_ticket_requests where helpdesk <> 'zendesk'`.execute(db);
  await db.schema.alterTable('helpdesk_notes').dropColumn('note_id').execute();
  await sql`alter index helpdesk_notes_submission rename to zendesk_notes_submission`.execute(db);
  await sql`alter table helpdesk_notes rename to zendesk_notes`.execute(db);
  await sql`alter index helpdesk_ticket_requests_ticket rename to zendesk_ticket_requests_ticket`.execute(db);
  await db.schema.alterTable('helpdesk_ticket_requests').dropColumn('helpdesk').execute();
  await sql`alter table helpdesk_ticket_requests rename column site to subdomain`.execute(db);
  await sql`alter table helpdesk_ticket_requests rename to zendesk_ticket_requests`.execute(db);
  await db.schema.dropTable('freshdesk_connections').execute();
}
