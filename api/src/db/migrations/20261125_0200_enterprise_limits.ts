import type { Kysely } from 'kysely';

// An enterprise plan's limits are negotiated per account and set by a system admin. Null: no limit (the default).
// Other plans ignore these columns: their limits are the plan table's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('enterprise_submission_limit', 'integer')
    .addColumn('enterprise_retention_days', 'integer')
    .addColumn('enterprise_seats', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('enterprise_submission_limit').dropColumn('enterprise_retention_days').dropColumn('enterprise_seats').execute();
}
