import { sql, type Kysely } from 'kysely';

/**
 * Share links (docs/reviewing-recordings.md#sharing): a recording shown to people without a Showback account. Only
 * the SHA-256 of a link's token, of a one-time code and of a viewer's session is stored; revoked links stay, so the
 * owner still sees who opened them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per account that changed the defaults; no row: sharing limited to verified people, outside messages
  // linking to a link for the account's domains (docs/product-decisions.md).
  await db.schema
    .createTable('account_sharing')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('off', 'verified', 'on')`))
    .addColumn('domains', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('outside_links', 'text', (c) => c.notNull().check(sql`outside_links in ('domain', 'issue')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('share_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('audience', 'text', (c) => c.notNull().check(sql`audience in ('anyone', 'domain', 'people')`))
    // The named people's addresses (lower case) of a 'people' link; empty otherwise.
    .addColumn('emails', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('allow_comments', 'boolean', (c) => c.notNull().defaultTo(false))
    // 'outside': made by Showback for issues, notes and chat posts (share-links/outside-link.ts), found again by
    // outside_key ('domain', or 'issue:<channel>'); its token is derived from the id, so it can be written again.
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('manual').check(sql`purpose in ('manual', 'outside')`))
    .addColumn('outside_key', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('share_links_submission_idx').on('share_links').columns(['submission_id', 'created_at']).execute();

  await db.schema
    .createTable('share_link_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('share_link_id', 'uuid', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('share_link_codes_link_email_idx').on('share_link_codes').columns(['share_link_id', 'email', 'created_at']).execute();

  await db.schema
    .createTable('share_link_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('share_link_id', 'uuid', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('share_link_views')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('share_link_id', 'uuid', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('share_link_views_link_idx').on('share_link_views').columns(['share_link_id', 'viewed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['share_link_views', 'share_link_sessions', 'share_link_codes', 'share_links', 'account_sharing']) await db.schema.dropTable(table).execute();
}
