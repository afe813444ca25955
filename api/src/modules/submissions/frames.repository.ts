import type { Db } from '../../db/database.ts';

export async function findFrameKey(db: Db, submissionId: string, atMs: number): Promise<string | undefined> {
  const row = await db.selectFrom('submission_frames').select('key').where('submission_id', '=', submissionId).where('at_ms', '=', atMs).executeTakeFirst();
  return row?.key;
}

/** Two callers making the same frame at once both store the same bytes under the same key: the first row stays. */
export async function insertFrame(db: Db, submissionId: string, atMs: number, key: string): Promise<void> {
  await db.insertInto('submission_frames').values({ submission_id: submissionId, at_ms: atMs, key }).onConflict((oc) => oc.doNothing()).execute();
}

export async function listFrameKeys(db: Db, submissionId: string): Promise<string[]> {
  return (await db.selectFrom('submission_frames').select('key').where('submission_id', '=', submissionId).execute()).map((row) => row.key);
}
