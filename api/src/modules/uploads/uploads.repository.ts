import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function insertUpload(
  db: Kysely<Database>,
  values: { id: string; request_id: string; account_id: string; filename: string | null; filetype: string },
): Promise<void> {
  await db.insertInto('uploads').values(values).execute();
}

export async function uploadExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Uploads started before a moment that no submission uses and billing does not hold (a held submission keeps its
 * upload until the owner accepts it): abandoned recordings.
 */
export async function findAbandonedUploads(db: Kysely<Database>, startedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads as u')
    .select('u.id')
    .where('u.created_at', '<', startedBefore)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('submissions as s').select('s.id').whereRef('s.upload_id', '=', 'u.id'))))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('held_submissions as h').select('h.id').whereRef('h.upload_id', '=', 'u.id'))))
    .orderBy('u.created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the row unless a submission or a hold took the upload meanwhile; true when it was deleted. */
export async function deleteAbandonedUpload(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('uploads as u')
    .where('u.id', '=', id)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('submissions as s').select('s.id').whereRef('s.upload_id', '=', 'u.id'))))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('held_submissions as h').select('h.id').whereRef('h.upload_id', '=', 'u.id'))))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
