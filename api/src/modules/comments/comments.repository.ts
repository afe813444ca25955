import { sql, type Insertable, type Selectable } from 'kysely';
import type { ReviewState } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import type { SubmissionCommentsTable, SubmissionReviewLogTable } from '../../db/schema.ts';

export type CommentRow = Selectable<SubmissionCommentsTable>;

export async function listComments(db: Db, accountId: string, submissionId: string): Promise<CommentRow[]> {
  return db.selectFrom('submission_comments').selectAll().where('account_id', '=', accountId).where('submission_id', '=', submissionId).orderBy('created_at').orderBy('id').execute();
}

export async function findComment(db: Db, accountId: string, submissionId: string, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('submission_comments').selectAll().where('account_id', '=', accountId).where('submission_id', '=', submissionId).where('id', '=', id).executeTakeFirst();
}

export async function insertComment(db: Db, values: Insertable<SubmissionCommentsTable>): Promise<CommentRow> {
  return db.insertInto('submission_comments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCommentBody(db: Db, id: string, body: string): Promise<CommentRow> {
  return db.updateTable('submission_comments').set({ body, edited_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('submission_comments').where('id', '=', id).execute();
}

/** Mentions of the given comments with the member's current name. */
export async function mentionsOf(db: Db, commentIds: string[]): Promise<{ comment_id: string; id: string; name: string }[]> {
  if (commentIds.length === 0) return [];
  return db
    .selectFrom('submission_comment_mentions as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.comment_id', 'u.id', 'u.name'])
    .where('m.comment_id', 'in', commentIds)
    .orderBy('u.name')
    .execute();
}

/** Replaces a comment's mentions; answers the members newly mentioned (those to tell). */
export async function setMentions(db: Db, comment: Pick<CommentRow, 'id' | 'submission_id'>, userIds: string[]): Promise<string[]> {
  const before = await db.selectFrom('submission_comment_mentions').select('user_id').where('comment_id', '=', comment.id).execute();
  const had = new Set(before.map((r) => r.user_id));
  const gone = [...had].filter((id) => !userIds.includes(id));
  if (gone.length) await db.deleteFrom('submission_comment_mentions').where('comment_id', '=', comment.id).where('user_id', 'in', gone).execute();
  const added = userIds.filter((id) => !had.has(id));
  if (added.length) await db.insertInto('submission_comment_mentions').values(added.map((user_id) => ({ comment_id: comment.id, user_id, submission_id: comment.submission_id }))).execute();
  return added;
}

/** Of `userIds`, the enabled members of the account, with their names. */
export async function membersAmong(db: Db, accountId: string, userIds: string[]): Promise<{ id: string; name: string; email: string }[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['id', 'name', 'email']).where('account_id', '=', accountId).where('id', 'in', userIds).where('disabled_at', 'is', null).execute();
}

/** The recording's enabled members who took part: who asked for it, shared it, commented on it, or have it assigned. */
export async function participants(db: Db, accountId: string, submissionId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('disabled_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('share_links').select('created_by').where('submission_id', '=', submissionId).where('created_by', 'is not', null).$narrowType<{ created_by: string }>()),
        eb('id', 'in', eb.selectFrom('submission_comments').select('author_user_id').where('submission_id', '=', submissionId).where('author_user_id', 'is not', null).$narrowType<{ author_user_id: string }>()),
        eb('id', 'in', eb.selectFrom('submissions as s').innerJoin('recording_requests as r', 'r.id', 's.request_id').select('r.created_by').where('s.id', '=', submissionId).where('r.created_by', 'is not', null).$narrowType<{ created_by: string }>()),
        eb('id', 'in', eb.selectFrom('submissions').select('assignee_user_id').where('id', '=', submissionId).where('assignee_user_id', 'is not', null).$narrowType<{ assignee_user_id: string }>()),
      ]),
    )
    .orderBy('name')
    .execute();
}

export async function markRead(db: Db, userId: string, submissionId: string): Promise<void> {
  await db
    .insertInto('submission_comment_reads')
    .values({ user_id: userId, submission_id: submissionId, read_at: sql<Date>`now()` as never })
    .onConflict((oc) => oc.columns(['user_id', 'submission_id']).doUpdateSet({ read_at: sql`now()` }))
    .execute();
}

/** Per recording of the account, the comments by others the person has not read since they last opened it. */
export async function unreadCounts(db: Db, accountId: string, userId: string): Promise<{ submission_id: string; unread: number }[]> {
  const rows = await db
    .selectFrom('submission_comments as c')
    .leftJoin('submission_comment_reads as r', (join) => join.onRef('r.submission_id', '=', 'c.submission_id').on('r.user_id', '=', userId))
    .select(['c.submission_id', sql<number>`count(*)::int`.as('unread')])
    .where('c.account_id', '=', accountId)
    .where((eb) => eb.or([eb('c.author_user_id', 'is', null), eb('c.author_user_id', '!=', userId)]))
    .where(sql<boolean>`r.read_at is null or c.created_at > r.read_at`)
    .groupBy('c.submission_id')
    .execute();
  return rows.map((r) => ({ submission_id: r.submission_id, unread: Number(r.unread) }));
}

export async function reviewOf(db: Db, accountId: string, submissionId: string): Promise<{ review_state: ReviewState; assignee_user_id: string | null; assignee_name: string | null } | undefined> {
  return db
    .selectFrom('submissions as s')
    .leftJoin('users as u', 'u.id', 's.assignee_user_id')
    .select(['s.review_state', 's.assignee_user_id', 'u.name as assignee_name'])
    .where('s.account_id', '=', accountId)
    .where('s.id', '=', submissionId)
    .executeTakeFirst();
}

export async function setReview(db: Db, submissionId: string, values: { review_state?: ReviewState; assignee_user_id?: string | null }): Promise<void> {
  await db.updateTable('submissions').set({ ...values, updated_at: sql`now()` }).where('id', '=', submissionId).execute();
}

export async function logReviewChange(db: Db, values: Insertable<SubmissionReviewLogTable>): Promise<void> {
  await db.insertInto('submission_review_log').values(values).execute();
}

/** The review's history, oldest first, an assignee's id given as their current name. */
export async function reviewHistory(db: Db, accountId: string, submissionId: string) {
  return db
    .selectFrom('submission_review_log as l')
    .leftJoin('users as b', (join) => join.on(sql<boolean>`l.change = 'assignee' and b.id::text = l.before`))
    .leftJoin('users as a', (join) => join.on(sql<boolean>`l.change = 'assignee' and a.id::text = l.after`))
    .select(['l.id', 'l.change', 'l.before', 'l.after', 'l.actor_name', 'l.created_at', 'b.name as before_name', 'a.name as after_name'])
    .where('l.account_id', '=', accountId)
    .where('l.submission_id', '=', submissionId)
    .orderBy('l.seq')
    .execute();
}
