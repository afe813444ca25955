import type { Kysely } from 'kysely';

// The admin dashboard counts and lists by creation time across all accounts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('submissions_created').on('submissions').column('created_at').execute();
  await db.schema.createIndex('users_created').on('users').column('created_at').execute();
  await db.schema.createIndex('accounts_created').on('accounts').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('accounts_created').execute();
  await db.schema.dropIndex('users_created').execute();
  await db.schema.dropIndex('submissions_created').execute();
}
