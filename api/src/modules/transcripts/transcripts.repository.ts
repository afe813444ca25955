import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { TranscriptSegment } from '@showback/contract';
import type { Database, TranscriptsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type TranscriptRow = Omit<Selectable<TranscriptsTable>, 'search'>;

const COLUMNS = ['submission_id', 'account_id', 'status', 'engine', 'no_speech_reason', 'attempts', 'error', 'segments', 'text', 'created_at', 'updated_at'] as const;

/**
 * Transcripts stored before recognisers reported confidence have segments without it: the recogniser did not say,
 * so they are not unsure, and nobody edited them.
 */
function withConfidence(row: TranscriptRow | undefined): TranscriptRow | undefined {
  if (!row) return row;
  const segments = row.segments.map((segment): TranscriptSegment => ({ ...segment, confidence: segment.confidence ?? null, unsure: segment.unsure ?? false, edited: segment.edited ?? false }));
  return { ...row, segments };
}

export async function findTranscript(db: Db, accountId: string, submissionId: string): Promise<TranscriptRow | undefined> {
  return withConfidence(await db.selectFrom('transcripts').select(COLUMNS).where('account_id', '=', accountId).where('submission_id', '=', submissionId).executeTakeFirst());
}

/** For the job, which works on any account's submission. */
export async function findTranscriptById(db: Db, submissionId: string): Promise<TranscriptRow | undefined> {
  return withConfidence(await db.selectFrom('transcripts').select(COLUMNS).where('submission_id', '=', submissionId).executeTakeFirst());
}

/** Creates the row or updates it; a submission deleted meanwhile leaves nothing (the insert's foreign key fails quietly). */
export async function saveTranscript(db: Db, submissionId: string, accountId: string, values: Updateable<TranscriptsTable>): Promise<void> {
  await db
    .insertInto('transcripts')
    .columns(['submission_id', 'account_id', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('submissions')
        .select([eb.val(submissionId).as('submission_id'), eb.val(accountId).as('account_id'), eb.val(values.status ?? 'pending').as('status')])
        .where('id', '=', submissionId),
    )
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .execute();
  await db.updateTable('transcripts').set({ ...values, updated_at: sql`now()` }).where('submission_id', '=', submissionId).execute();
}
