import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recording_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('instructions_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('microphone', 'text', (c) => c.notNull().check(sql`microphone in ('off', 'optional', 'required')`))
    .addColumn('max_duration_seconds', 'integer', (c) => c.notNull().check(sql`max_duration_seconds between 10 and 3600`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('field_name', 'text', (c) => c.notNull().defaultTo('off').check(sql`field_name in ('off', 'optional', 'required')`))
    .addColumn('field_email', 'text', (c) => c.notNull().defaultTo('off').check(sql`field_email in ('off', 'optional', 'required')`))
    .addColumn('field_note', 'text', (c) => c.notNull().defaultTo('off').check(sql`field_note in ('off', 'optional', 'required')`))
    .addColumn('redirect_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'archived')`))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('recording_requests_account').on('recording_requests').columns(['account_id', 'created_at']).execute();

  // Tokens replaced by a revoke, so an old link answers "revoked" rather than "unknown".
  await db.schema
    .createTable('revoked_request_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('recording_requests.id').onDelete('cascade'))
    .addColumn('revoked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Which request a tus upload belongs to; bytes and offsets live in the tus data store.
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('recording_requests.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('filename', 'text')
    .addColumn('filetype', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('uploads_request').on('uploads').column('request_id').execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('recording_requests.id').onDelete('cascade'))
    .addColumn('client_submission_id', 'uuid', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('link', 'widget', 'file')`))
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text')
    .addColumn('recipient_email', 'text')
    .addColumn('note', 'text')
    .addColumn('environment', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('instructions_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_duration_ms', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('size_bytes', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'processing', 'ready', 'failed')`))
    .addColumn('processing_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processing_error', 'text')
    .addColumn('processed_at', 'timestamptz')
    .addColumn('watermark', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('original_key', 'text')
    .addColumn('original_size', 'bigint')
    .addColumn('video_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('counted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('submissions_client_id_unique', ['account_id', 'client_submission_id'])
    .execute();
  await db.schema.createIndex('submissions_account_created').on('submissions').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('submissions_request').on('submissions').column('request_id').execute();
  await db.schema.createIndex('submissions_account_counted').on('submissions').columns(['account_id', 'counted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('submissions').execute();
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('revoked_request_tokens').execute();
  await db.schema.dropTable('recording_requests').execute();
}
