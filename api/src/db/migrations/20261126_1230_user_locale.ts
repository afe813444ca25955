import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The language of the browser a user last signed in with (BCP 47, "de-DE"): the dates in their emails follow it.
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
