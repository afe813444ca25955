import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per account, created the first time the owner opens /my/widget or a session needs it.
  await db.schema
    .createTable('widget_settings')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull().unique())
    .addColumn('request_id', 'uuid', (c) => c.references('recording_requests.id').onDelete('set null'))
    .addColumn('appearance', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A row per origin (exact, or `scheme://*.domain[:port]`), so a CORS preflight, which carries no key, can be
  // answered with one indexed lookup of the origin and its wildcard candidates.
  await db.schema
    .createTable('widget_origins')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('widget_origins_pk', ['account_id', 'origin'])
    .execute();
  await db.schema.createIndex('widget_origins_origin').on('widget_origins').column('origin').execute();

  await db.schema
    .createTable('widget_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('recording_requests.id').onDelete('cascade'))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('instructions_html', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('widget_sessions_expires').on('widget_sessions').column('expires_at').execute();

  // The host page's events of a submission, one row each, in time order by offset (then seq).
  await db.schema
    .createTable('submission_events')
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('offset_ms', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('console', 'error', 'network', 'navigation')`))
    .addColumn('level', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('submission_events_pk', ['submission_id', 'seq'])
    .execute();

  // What came with a widget submission besides the events.
  await db.schema
    .createTable('submission_context')
    .addColumn('submission_id', 'uuid', (c) => c.primaryKey().references('submissions.id').onDelete('cascade'))
    .addColumn('origin', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('identity', 'jsonb')
    .addColumn('dropped_events', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['submission_context', 'submission_events', 'widget_sessions', 'widget_origins', 'widget_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
