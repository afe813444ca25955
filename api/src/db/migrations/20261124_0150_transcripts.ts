import { sql, type Kysely } from 'kysely';

/**
 * One transcript per submission, written by the transcribe-submission job. `search` is a generated tsvector of the
 * text (english stemming), so the recordings list finds spoken words with the same query on Postgres and PGlite.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transcripts')
    .addColumn('submission_id', 'uuid', (c) => c.primaryKey().references('submissions.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'processing', 'ready', 'no_speech', 'failed')`))
    .addColumn('engine', 'text')
    .addColumn('no_speech_reason', 'text', (c) => c.check(sql`no_speech_reason in ('no_audio', 'silence')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('segments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search', sql`tsvector`, (c) => c.generatedAlwaysAs(sql`to_tsvector('english', text)`).stored())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index transcripts_search on transcripts using gin (search)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transcripts').execute();
}
