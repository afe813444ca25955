import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Personal access tokens (modules/access-tokens): only the SHA-256 of the token is kept. A removed member's go with
  // the user row; a disabled user's are revoked with the disabling (auth/credential-lifecycle.ts), and every request
  // also checks the user is enabled. Revoked rows stay, so log lines naming a token id can still be traced to a person.
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('read', 'write')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('access_tokens_account_idx').on('access_tokens').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').columns(['user_id', 'created_at']).execute();

  // A frame of a recording's video at a moment, made once for the MCP server's frame tool and kept beside the video;
  // the rows name the stored files, so deleting the recording deletes them too.
  await db.schema
    .createTable('submission_frames')
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('at_ms', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('submission_frames_pkey', ['submission_id', 'at_ms'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('submission_frames').execute();
  await db.schema.dropTable('access_tokens').execute();
}
