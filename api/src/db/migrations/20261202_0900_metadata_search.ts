import { sql, type Kysely } from 'kysely';

/**
 * The recordings list filters by the host page's metadata (`meta=plan:enterprise`, a jsonb containment `@>`):
 * jsonb_path_ops indexes exactly that operator, smaller and faster than the default jsonb_ops.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index submission_context_metadata on submission_context using gin (metadata jsonb_path_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index submission_context_metadata`.execute(db);
}
