import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Review state and owner of a recording (modules/comments/review-state.ts). On the submission row: the list shows
  // and filters them, and an update bumps the list version like any other (migration 0310).
  await db.schema
    .alterTable('submissions')
    .addColumn('review_state', 'text', (c) => c.notNull().defaultTo('open').check(sql`review_state in ('open', 'in_progress', 'resolved')`))
    .addColumn('assignee_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('submissions_account_review_state').on('submissions').columns(['account_id', 'review_state', 'created_at']).execute();
  await db.schema.createIndex('submissions_assignee').on('submissions').column('assignee_user_id').where(sql.ref('assignee_user_id'), 'is not', null).execute();

  // Comments: by a member (author_user_id) or by an outside guest, a verified share-link viewer (guest_email, and the
  // link they came through; the share links are another table, so no foreign key here). A removed member's comments
  // stay with the name they had. parent_id: one level of replies.
  await db.schema
    .createTable('submission_comments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('parent_id', 'uuid', (c) => c.references('submission_comments.id').onDelete('cascade'))
    .addColumn('author_kind', 'text', (c) => c.notNull().check(sql`author_kind in ('member', 'guest')`))
    .addColumn('author_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('guest_email', 'text')
    .addColumn('share_link_id', 'uuid')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'integer', (c) => c.check(sql`at_ms >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('edited_at', 'timestamptz')
    .addCheckConstraint('submission_comments_guest_has_email', sql`author_kind = 'member' or guest_email is not null`)
    .execute();
  await db.schema.createIndex('submission_comments_submission').on('submission_comments').columns(['submission_id', 'created_at']).execute();

  // Who a comment mentions: the "mentions me" filter and the notification read them.
  await db.schema
    .createTable('submission_comment_mentions')
    .addColumn('comment_id', 'uuid', (c) => c.notNull().references('submission_comments.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('submission_comment_mentions_pkey', ['comment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('submission_comment_mentions_user').on('submission_comment_mentions').columns(['user_id', 'submission_id']).execute();

  // When each person last read a recording's comments: the list's unread marker.
  await db.schema
    .createTable('submission_comment_reads')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('submission_comment_reads_pkey', ['user_id', 'submission_id'])
    .execute();

  // The review's own history: every state change and assignment, who made it and when (the recording page shows it).
  await db.schema
    .createTable('submission_review_log')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The order of the changes: a state and an assignee set by one request share their transaction's now().
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull().check(sql`change in ('state', 'assignee')`))
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('submission_review_log_submission').on('submission_review_log').columns(['submission_id', 'seq']).execute();

  // What an outbox event says beyond its recording (a state change's before and after, the comment of a mention):
  // the event is rendered later, when the recording may have changed again.
  await db.schema.alterTable('alert_events').addColumn('data', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_events').dropColumn('data').execute();
  await db.schema.dropTable('submission_review_log').execute();
  await db.schema.dropTable('submission_comment_reads').execute();
  await db.schema.dropTable('submission_comment_mentions').execute();
  await db.schema.dropTable('submission_comments').execute();
  await db.schema.dropIndex('submissions_assignee').execute();
  await db.schema.dropIndex('submissions_account_review_state').execute();
  await db.schema.alterTable('submissions').dropColumn('assignee_user_id').dropColumn('review_state').execute();
}
