import { sql, type Kysely } from 'kysely';

/**
 * Recordings processed before transcription existed get a transcript row saying so, instead of "transcribing" for
 * ever: the review page then offers Try again (POST …/transcript), which transcribes and summarises them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into transcripts (submission_id, account_id, status, error)
    select s.id, s.account_id, 'failed', 'This recording was made before transcripts existed.'
    from submissions s
    where s.video_key is not null and not exists (select 1 from transcripts t where t.submission_id = s.id)
  `.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the rows are ordinary failed transcripts.
}
