import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Requests from /support join the contact form's in one inbox: same table, source 'support_page', with a subject
  // and optionally one recording of the sender's account.
  await db.schema
    .alterTable('support_requests')
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('subject', 'text')
    .addColumn('submission_id', 'uuid', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('last_reply_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('support_requests_user_created').on('support_requests').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('support_requests_status_created').on('support_requests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('support_replies')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('support_request_id', 'uuid', (c) => c.notNull().references('support_requests.id').onDelete('cascade'))
    .addColumn('author_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // The customer hears of a reply by email; a failed send is kept here for the staff to see.
    .addColumn('emailed_at', 'timestamptz')
    .addColumn('email_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_replies_request_created').on('support_replies').columns(['support_request_id', 'created_at']).execute();

  // One conversation per customer with the product's staff. Read positions are message ids: ids only grow.
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('customer_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('staff_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
    // The last staff message the customer was emailed about, so an away customer gets one email per batch of replies.
    .addColumn('customer_emailed_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_conversations_last_message').on('chat_conversations').column('last_message_at').execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('customer', 'staff')`))
    .addColumn('author_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_messages_conversation_id').on('chat_messages').columns(['conversation_id', 'id']).execute();

  // What system admins did, with the state before and after: shown on the admin dashboard.
  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('admin_audit_log_created').on('admin_audit_log').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
  await db.schema.dropTable('support_replies').execute();
  await db.schema.dropIndex('support_requests_status_created').execute();
  await db.schema.dropIndex('support_requests_user_created').execute();
  await db.schema.alterTable('support_requests').dropColumn('last_reply_at').dropColumn('submission_id').dropColumn('subject').dropColumn('account_id').execute();
}
