import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, SummariesTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type SummaryRow = Selectable<SummariesTable>;

export async function findSummary(db: Db, accountId: string, submissionId: string): Promise<SummaryRow | undefined> {
  return db.selectFrom('summaries').selectAll().where('account_id', '=', accountId).where('submission_id', '=', submissionId).executeTakeFirst();
}

export async function findSummaryById(db: Db, submissionId: string): Promise<SummaryRow | undefined> {
  return db.selectFrom('summaries').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
}

/** Creates or replaces the submission's summary (nothing when the submission is gone). */
export async function saveSummary(db: Db, submissionId: string, accountId: string, values: Updateable<SummariesTable>): Promise<void> {
  await db
    .insertInto('summaries')
    .columns(['submission_id', 'account_id', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('submissions')
        .select([eb.val(submissionId).as('submission_id'), eb.val(accountId).as('account_id'), eb.val(values.status ?? 'pending').as('status')])
        .where('id', '=', submissionId),
    )
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .execute();
  await db.updateTable('summaries').set({ ...values, updated_at: sql`now()` }).where('submission_id', '=', submissionId).execute();
}
