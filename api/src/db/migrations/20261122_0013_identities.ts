import { sql, type Kysely } from 'kysely';

/** Sign-in identities at OpenID providers (Google, Slack): one provider subject belongs to one user. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('identities_provider_subject', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('identities_user_id').on('identities').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('identities').execute();
}
