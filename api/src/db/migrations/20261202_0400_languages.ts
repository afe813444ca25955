import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The recorder's language the owner chose for a link (null: the customer's browser decides).
  await db.schema.alterTable('recording_requests').addColumn('language', 'text').execute();
  // The language the recorder spoke to the customer: shown to the owner, given to transcription.
  await db.schema.alterTable('submissions').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('language').execute();
  await db.schema.alterTable('recording_requests').dropColumn('language').execute();
}
