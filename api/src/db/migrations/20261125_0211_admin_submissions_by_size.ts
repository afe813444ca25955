import { sql, type Kysely } from 'kysely';

// /donkey/submissions sorted by size ("Largest first"): the size a list item shows, the MP4's or else the upload's,
// in the list's order, so a page reads 25 index entries instead of sorting every submission.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index submissions_size_order on submissions ((coalesce(size_bytes, original_size)) desc nulls last, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('submissions_size_order').execute();
}
