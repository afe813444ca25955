import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('contact_form'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // Kept hashed: enough to rate-limit a sender without storing their address.
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'timestamptz')
    .addColumn('notify_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_requests_ip_created').on('support_requests').columns(['ip_hash', 'created_at']).execute();
  await db.schema.createIndex('support_requests_created').on('support_requests').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_requests').execute();
}
