import type { Kysely } from 'kysely';

// The admin lists of recording requests, submissions by status, invitations, deliveries and Zapier subscriptions,
// newest first across all accounts.
const INDEXES = [
  ['recording_requests_created', 'recording_requests', ['created_at']],
  ['submissions_status_created', 'submissions', ['status', 'created_at']],
  ['invitations_created', 'invitations', ['created_at']],
  ['alert_deliveries_created', 'alert_deliveries', ['created_at']],
  ['zapier_subscriptions_created', 'zapier_subscriptions', ['created_at']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns([...columns]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
