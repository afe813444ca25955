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
