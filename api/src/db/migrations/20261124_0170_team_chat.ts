import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One OAuth round trip: bound to the person who started it, used once, short-lived. Only a hash of the state is kept.
  await db.schema
    .createTable('integration_oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('slack', 'teams')`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // One Slack workspace per account. Secrets (the bot token) are stored encrypted (integrations/secret-box.ts).
  await db.schema
    .createTable('slack_integrations')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('team_name', 'text', (c) => c.notNull())
    .addColumn('bot_token_encrypted', 'text', (c) => c.notNull())
    .addColumn('default_channel_id', 'text')
    .addColumn('default_channel_name', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    // Set when Slack refuses for good (token revoked, channel gone); no post is attempted until it is fixed.
    .addColumn('error', 'text')
    // Slack's error code behind `error`: a channel problem clears when another channel is picked, a token problem only on reconnect.
    .addColumn('error_code', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('teams_integrations')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    // Microsoft Graph access for listing teams and channels; absent on an account connected before Graph was set up.
    .addColumn('access_token_encrypted', 'text')
    .addColumn('refresh_token_encrypted', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    .addColumn('team_id', 'text')
    .addColumn('team_name', 'text')
    .addColumn('channel_id', 'text')
    .addColumn('channel_name', 'text')
    .addColumn('webhook_url_encrypted', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('error', 'text')
    .addColumn('connected_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('teams_integrations').execute();
  await db.schema.dropTable('slack_integrations').execute();
  await db.schema.dropTable('integration_oauth_states').execute();
}
