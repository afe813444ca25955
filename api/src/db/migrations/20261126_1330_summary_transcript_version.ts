import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The transcript's updated_at a summary was written from: a correction after it asks for a rebuild (summarize-submission).
  await db.schema.alterTable('summaries').addColumn('transcript_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('summaries').dropColumn('transcript_at').execute();
}
