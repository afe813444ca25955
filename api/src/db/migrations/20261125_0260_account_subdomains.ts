import { sql, type Kysely } from 'kysely';

// One branded subdomain per account (modules/subdomains). Names are stored as claimed (lowercase by the rules); the
// unique index on lower(name) still makes two claims differing only in case collide, whatever inserted them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_subdomains')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // First time the account held it on a plan that includes it; null: only ever a trial's preview, which lapses.
    .addColumn('activated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index account_subdomains_name on account_subdomains (lower(name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_subdomains').execute();
}
