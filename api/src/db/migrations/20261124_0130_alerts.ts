import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The outbox: written in the transaction of the change it describes; the dispatcher fans it out once.
  await db.schema
    .createTable('alert_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    // No foreign key: the event and its delivery log outlive a deleted submission.
    .addColumn('submission_id', 'uuid')
    // Only for events aimed at one target (a webhook endpoint's test event): { channel, target }.
    .addColumn('only', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fanned_out_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('alert_events_pending').on('alert_events').column('created_at').where(sql<boolean>`fanned_out_at is null`).execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    // After a rotation the old secret also signs until it expires, so receivers can switch without dropping events.
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled').check(sql`status in ('enabled', 'paused', 'disabled')`))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhook_endpoints_account').on('webhook_endpoints').column('account_id').execute();

  // One row per (event, channel, target): the unit of retry, idempotency and the delivery log.
  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('alert_events.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'succeeded', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Also the lease of a 'sending' row: a process that dies mid-attempt leaves it to be retried after this.
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_status', 'integer')
    .addColumn('last_excerpt', 'text')
    .addColumn('duration_ms', 'integer')
    // The body as first sent: retries send the same bytes under the same id.
    .addColumn('payload', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('alert_deliveries_once', ['event_id', 'channel', 'target'])
    .execute();
  await db.schema
    .createIndex('alert_deliveries_due')
    .on('alert_deliveries')
    .column('next_attempt_at')
    .where(sql<boolean>`status in ('pending', 'sending')`)
    .execute();
  await db.schema.createIndex('alert_deliveries_target').on('alert_deliveries').columns(['channel', 'target', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('alert_events').execute();
}
