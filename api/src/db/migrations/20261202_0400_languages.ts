import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The recorder's language the owner chose for a link (null: the customer's browser decides).
  await db.schema.alterTable('recording_requests').addColumn('language', 'text').execute();
  // The language the recorder spoke to the customer: shown to the owner, given to transcription.
  await db.schema.alterTable('submissions').addColumn('language', 'text').execute();
  // The embedded recogniser knows English only: a transcript of another language says so instead of guessing.
  await sql`alter table transcripts drop constraint transcripts_no_speech_reason_check`.execute(db);
  await sql`alter table transcripts add constraint transcripts_no_speech_reason_check check (no_speech_reason in ('no_audio', 'silence', 'unsupported_language'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from transcripts where no_speech_reason = 'unsupported_language'`.execute(db);
  await sql`alter table transcripts drop constraint transcripts_no_speech_reason_check`.execute(db);
  await sql`alter table transcripts add constraint transcripts_no_speech_reason_check check (no_speech_reason in ('no_audio', 'silence'))`.execute(db);
  await db.schema.alterTable('submissions').dropColumn('language').execute();
  await db.schema.alterTable('recording_requests').dropColumn('language').execute();
}
