import type { Kysely } from 'kysely';

// A system admin may disable a user: they cannot sign in, and their sessions stop at once. Null: enabled.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
