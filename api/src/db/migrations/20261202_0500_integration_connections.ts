import { sql, type Kysely } from 'kysely';

/**
 * The integration kit's connection store: an OAuth connection per account and provider, for a provider that needs no
 * columns of its own (integrations/kit/connections.ts). Providers are declared in code, so the OAuth states no longer
 * list them: a new provider needs no migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table integration_oauth_states drop constraint integration_oauth_states_provider_check`.execute(db);

  await db.schema
    .createTable('integration_connections')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // Sealed (kit/secret-box.ts); the access token is refreshed under a lock on this row (kit/oauth-tokens.ts).
    .addColumn('access_token_encrypted', 'text', (c) => c.notNull())
    .addColumn('refresh_token_encrypted', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    // Set when the provider refuses for good (token revoked): the integration says so until reconnected.
    .addColumn('error', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('integration_connections_pkey', ['account_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('integration_connections').execute();
  await sql`delete from integration_oauth_states where provider not in ('slack', 'teams', 'zendesk', 'linear', 'github', 'intercom', 'jira')`.execute(db);
  await sql`alter table integration_oauth_states add constraint integration_oauth_states_provider_check check (provider in ('slack', 'teams', 'zendesk', 'linear', 'github', 'intercom', 'jira'))`.execute(db);
}
