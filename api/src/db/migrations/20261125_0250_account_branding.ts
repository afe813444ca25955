import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// How an account looks to the people it asks for recordings: one row per account, created on the first change.
// A table of its own rather than columns on accounts: nothing but the recorder and recipient emails reads it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_branding')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    // Null: the account's own name is shown.
    .addColumn('business_name', 'text')
    // '#rrggbb', lower case; null: the product's green.
    .addColumn('brand_color', 'text')
    // Storage key of the re-encoded PNG; null: no logo.
    .addColumn('logo_key', 'text')
    .addColumn('logo_width', 'integer')
    .addColumn('logo_height', 'integer')
    // The owner's wish; the recorder shows "Powered by" anyway while the plan does not allow hiding it.
    .addColumn('hide_powered_by', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_branding').execute();
}
