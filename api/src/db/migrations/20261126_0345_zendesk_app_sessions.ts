import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The Zendesk app's own sessions (docs/zendesk.md, "How the app signs in"). A row starts as an approval: the agent,
  // signed in to Showback in a window of its own, approved the app's `challenge` (SHA-256 of a verifier only the app
  // knows) for a few minutes. The app's exchange of the verifier sets `token_hash` and clears the challenge, once.
  await db.schema
    .createTable('zendesk_app_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subdomain', 'text', (c) => c.notNull())
    .addColumn('challenge', 'text', (c) => c.unique())
    .addColumn('exchange_by', 'timestamptz', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('zendesk_app_sessions_account').on('zendesk_app_sessions').column('account_id').execute();

  // When the customer first opened the link of a request made from a ticket: the sidebar's "opened".
  await db.schema.alterTable('zendesk_ticket_requests').addColumn('opened_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('zendesk_ticket_requests').dropColumn('opened_at').execute();
  await db.schema.dropTable('zendesk_app_sessions').execute();
}
