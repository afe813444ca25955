import { sql, type Kysely } from 'kysely';

// The customer may follow up on their own request from /support: a reply is the staff's or the customer's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('support_replies')
    .addColumn('author', 'text', (c) => c.notNull().defaultTo('staff').check(sql`author in ('staff', 'customer')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('support_replies').dropColumn('author').execute();
}
