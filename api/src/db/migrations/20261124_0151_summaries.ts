import { sql, type Kysely } from 'kysely';

/** One summary per submission, written by the summarize-submission job once the transcript has settled. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('summaries')
    .addColumn('submission_id', 'uuid', (c) => c.primaryKey().references('submissions.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'ready')`))
    .addColumn('kind', 'text', (c) => c.check(sql`kind in ('model', 'digest')`))
    .addColumn('engine', 'text')
    .addColumn('goal', 'text')
    .addColumn('lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('summaries').execute();
}
