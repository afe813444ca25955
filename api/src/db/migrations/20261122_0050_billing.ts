import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // New accounts start a 30-day trial without a card (spec §9); accounts created before billing existed get none.
  await sql`alter table accounts alter column trial_ends_at set default (now() + interval '30 days')`.execute(db);

  // The account's side of Stripe. Plan and interval stay on accounts; this holds what they were derived from.
  await db.schema
    .createTable('account_billing')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('stripe_customer_id', 'text', (c) => c.unique())
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('stripe_schedule_id', 'text')
    .addColumn('pending_plan', 'text')
    .addColumn('pending_interval', 'text')
    .addColumn('pending_change_at', 'timestamptz')
    .addColumn('trial_ending_notified_at', 'timestamptz')
    .addColumn('synced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_billing_subscription').on('account_billing').column('stripe_subscription_id').execute();

  // Checkout sessions this product opened, so /checkout/success can tell "paid, waiting for Stripe" from "done".
  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('billing_interval', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('checkout_sessions_account').on('checkout_sessions').column('account_id').execute();

  // One row per Stripe event id: a redelivered event finds its row and is not processed again.
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();

  // Counted submissions that retention deleted, per account and month, so deleting old videos never gives
  // quota back within the month they were counted in.
  await db.schema
    .createTable('usage_retired')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_retired_pk', ['account_id', 'month'])
    .execute();

  // Submissions refused because the monthly limit was reached. Their uploads stay stored; the owner can accept
  // them after upgrading (or when the month turns over).
  await db.schema
    .createTable('held_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('request_id', 'uuid', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('held_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('released_at', 'timestamptz')
    .addColumn('submission_id', 'uuid')
    .execute();
  await db.schema.createIndex('held_submissions_account').on('held_submissions').columns(['account_id', 'held_at']).execute();

  // The 7-day warning before retention deletes a submission: sent once, and deletion waits for it.
  await db.schema
    .createTable('retention_warnings')
    .addColumn('submission_id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('warned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletes_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retention_warnings').execute();
  await db.schema.dropTable('held_submissions').execute();
  await db.schema.dropTable('usage_retired').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('checkout_sessions').execute();
  await db.schema.dropTable('account_billing').execute();
  await sql`alter table accounts alter column trial_ends_at drop default`.execute(db);
}
