import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The customer's actions on the host page (clicks, field changes, keys, submits, tab and focus changes, scrolls).
  await sql`alter table submission_events drop constraint submission_events_kind_check`.execute(db);
  await sql`alter table submission_events add constraint submission_events_kind_check check (kind in ('console', 'error', 'network', 'navigation', 'action'))`.execute(db);
  // Steps to reproduce as the summary wrote them (a model's, its citations checked; else built from the events).
  await db.schema.alterTable('summaries').addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('summaries').dropColumn('steps').execute();
  await sql`delete from submission_events where kind = 'action'`.execute(db);
  await sql`alter table submission_events drop constraint submission_events_kind_check`.execute(db);
  await sql`alter table submission_events add constraint submission_events_kind_check check (kind in ('console', 'error', 'network', 'navigation'))`.execute(db);
}
