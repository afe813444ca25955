import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Tags added to a ticket with each note, so the helpdesk's own triggers, views and SLAs can act (space-separated).
  await db.schema.alterTable('zendesk_connections').addColumn('note_tags', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('zendesk_connections').dropColumn('note_tags').execute();
}
