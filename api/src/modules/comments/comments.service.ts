import { may, type Comment, type CommentThread, type CreateComment, type Review, type UnreadComments, type UpdateComment, type UpdateReview } from '@showback/contract';
import { recordAlertEvent } from '../../alerts/alert-events.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { SessionUser } from '../auth/sessions.service.ts';
import { getSubmissionRecord } from '../submissions/submissions.service.ts';
import * as repo from './comments.repository.ts';
import { iso } from '../../db/iso.ts';

/** Who acts: a signed-in member (session or access token). */
export type Member = Pick<SessionUser, 'id' | 'accountId' | 'role' | 'name'>;

/**
 * Who writes a comment: a member, or an outside guest who verified their email on a share link (the share links wire
 * guests in; a guest's comment shows as "outside guest" with the email).
 */
export type CommentAuthor = { kind: 'member'; member: Member } | { kind: 'guest'; accountId: string; email: string; name: string | null; shareLinkId: string | null };

const accountOf = (who: CommentAuthor): string => (who.kind === 'member' ? who.member.accountId : who.accountId);

/**
 * A comment as `viewer` sees it. A guest edits and deletes nothing (a guest's session may outlive their link's
 * audience; the team moderates); a guest's own comments are still marked as theirs by the author fields.
 */
function toComment(row: repo.CommentRow, mentions: { id: string; name: string }[], viewer: CommentAuthor): Comment {
  const own = viewer.kind === 'member' && row.author_kind === 'member' && row.author_user_id === viewer.member.id;
  return {
    id: row.id,
    parent_id: row.parent_id,
    author: { kind: row.author_kind, user_id: row.author_user_id, name: row.author_name, email: row.author_kind === 'guest' ? row.guest_email : null },
    body: row.body,
    at_ms: row.at_ms,
    mentions,
    created_at: iso(row.created_at),
    edited_at: row.edited_at ? iso(row.edited_at) : null,
    can_edit: own,
    can_delete: viewer.kind === 'member' && (own || may(viewer.member.role, 'comments.delete_any')),
  };
}

async function withMentions(db: Db, rows: repo.CommentRow[], viewer: CommentAuthor): Promise<Comment[]> {
  const mentions = await repo.mentionsOf(db, rows.map((r) => r.id));
  return rows.map((row) => toComment(row, mentions.filter((m) => m.comment_id === row.id).map(({ id, name }) => ({ id, name })), viewer));
}

/**
 * Whom a share link's guest may @mention on a recording: the members who took part in it (who shared it, commented
 * on it or have it assigned), by name only. A guest never gets the team's list or anyone's email.
 */
export async function guestMentionable(ctx: AppContext, accountId: string, submissionId: string): Promise<{ id: string; name: string }[]> {
  return (await repo.participants(ctx.db, accountId, submissionId)).map(({ id, name }) => ({ id, name }));
}

/** The members named, all of them enabled members of the account (for a guest: of its participants); anyone else is refused. */
async function checkedMentions(ctx: AppContext, author: CommentAuthor, submissionId: string, ids: string[] | undefined): Promise<string[]> {
  if (!ids?.length) return [];
  const accountId = accountOf(author);
  const named = author.kind === 'member' ? await repo.membersAmong(ctx.db, accountId, ids) : (await guestMentionable(ctx, accountId, submissionId)).filter((m) => ids.includes(m.id));
  if (named.length !== new Set(ids).size) throw validationFailed({ mentions: ['names someone who is not a member of this team'] });
  return ids;
}

/** Tells the members newly mentioned (not the author) by email, and in Slack when it is connected: the outbox. */
async function announceMentions(trx: Db, comment: repo.CommentRow, userIds: string[], authorId: string | null): Promise<void> {
  const told = userIds.filter((id) => id !== authorId);
  if (told.length === 0) return;
  await recordAlertEvent(trx, { accountId: comment.account_id, type: 'comment.mentioned', submissionId: comment.submission_id, data: { comment_id: comment.id, user_ids: told } });
}

async function review(ctx: AppContext, accountId: string, submissionId: string): Promise<Review> {
  const row = await repo.reviewOf(ctx.db, accountId, submissionId);
  if (!row) throw notFound('Submission');
  return { state: row.review_state, assignee: row.assignee_user_id ? { id: row.assignee_user_id, name: row.assignee_name ?? '' } : null };
}

/** The thread as `viewer` (a member, or a share link's guest) sees it. */
export async function getThread(ctx: AppContext, viewer: CommentAuthor, submissionId: string): Promise<CommentThread> {
  const accountId = accountOf(viewer);
  await getSubmissionRecord(ctx, accountId, submissionId);
  const rows = await repo.listComments(ctx.db, accountId, submissionId);
  const history = await repo.reviewHistory(ctx.db, accountId, submissionId);
  return {
    items: await withMentions(ctx.db, rows, viewer),
    review: await review(ctx, accountId, submissionId),
    history: history.map((h) => ({
      id: h.id,
      change: h.change,
      before: h.change === 'assignee' ? (h.before ? (h.before_name ?? 'a former member') : null) : h.before,
      after: h.change === 'assignee' ? (h.after ? (h.after_name ?? 'a former member') : null) : h.after,
      by: h.actor_name,
      at: iso(h.created_at),
    })),
  };
}

export async function addComment(ctx: AppContext, author: CommentAuthor, submissionId: string, input: CreateComment): Promise<Comment> {
  const accountId = accountOf(author);
  await getSubmissionRecord(ctx, accountId, submissionId);
  let parentId: string | null = null;
  if (input.parent_id) {
    const parent = await repo.findComment(ctx.db, accountId, submissionId, input.parent_id);
    if (!parent) throw validationFailed({ parent_id: ['is not a comment on this recording'] });
    // One level of replies: a reply to a reply joins its thread.
    parentId = parent.parent_id ?? parent.id;
  }
  const mentions = await checkedMentions(ctx, author, submissionId, input.mentions);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertComment(trx, {
      account_id: accountId,
      submission_id: submissionId,
      parent_id: parentId,
      author_kind: author.kind,
      author_user_id: author.kind === 'member' ? author.member.id : null,
      author_name: author.kind === 'member' ? author.member.name : (author.name ?? author.email),
      guest_email: author.kind === 'guest' ? author.email : null,
      share_link_id: author.kind === 'guest' ? author.shareLinkId : null,
      body: input.body.trim(),
      at_ms: input.at_ms ?? null,
    });
    const added = await repo.setMentions(trx, inserted, mentions);
    await announceMentions(trx, inserted, added, inserted.author_user_id);
    // Writing is reading: one's own comment never shows as unread.
    if (author.kind === 'member') await repo.markRead(trx, author.member.id, submissionId);
    return inserted;
  });
  return (await withMentions(ctx.db, [row], author))[0]!;
}

async function ownComment(ctx: AppContext, member: Member, submissionId: string, commentId: string): Promise<repo.CommentRow> {
  const row = await repo.findComment(ctx.db, member.accountId, submissionId, commentId);
  if (!row) throw notFound('Comment');
  return row;
}

/** Only the author edits a comment: a comment says what its author said. */
export async function editComment(ctx: AppContext, member: Member, submissionId: string, commentId: string, input: UpdateComment): Promise<Comment> {
  const row = await ownComment(ctx, member, submissionId, commentId);
  if (row.author_kind !== 'member' || row.author_user_id !== member.id) throw new AppError('FORBIDDEN', 'Only its author may edit a comment.');
  const mentions = input.mentions === undefined ? undefined : await checkedMentions(ctx, { kind: 'member', member }, submissionId, input.mentions);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const changed = await repo.updateCommentBody(trx, row.id, input.body.trim());
    if (mentions !== undefined) await announceMentions(trx, changed, await repo.setMentions(trx, changed, mentions), member.id);
    return changed;
  });
  return (await withMentions(ctx.db, [updated], { kind: 'member', member }))[0]!;
}

/** The author deletes their own; owners and admins any (moderation). A thread's replies go with it. */
export async function deleteComment(ctx: AppContext, member: Member, submissionId: string, commentId: string): Promise<void> {
  const row = await ownComment(ctx, member, submissionId, commentId);
  const own = row.author_kind === 'member' && row.author_user_id === member.id;
  if (!own && !may(member.role, 'comments.delete_any')) throw new AppError('FORBIDDEN', "Only its author, the account owner or an admin may delete a comment.");
  await repo.deleteComment(ctx.db, row.id);
}

export async function markRead(ctx: AppContext, member: Member, submissionId: string): Promise<void> {
  await getSubmissionRecord(ctx, member.accountId, submissionId);
  await repo.markRead(ctx.db, member.id, submissionId);
}

export async function unread(ctx: AppContext, member: Member): Promise<UnreadComments> {
  return { items: await repo.unreadCounts(ctx.db, member.accountId, member.id) };
}

/**
 * Sets the state (any state from any other: resolving an open duplicate, reopening a resolved one) and the assignee
 * (an enabled member, or nobody). Each real change is a line of the review's history and an outbox event
 * (submission.state_changed, submission.assigned) in the same transaction; setting what is already set changes nothing.
 */
export async function updateReview(ctx: AppContext, member: Member, submissionId: string, input: UpdateReview): Promise<Review> {
  const before = await review(ctx, member.accountId, submissionId);
  let assignee: { id: string; name: string } | null | undefined;
  if (input.assignee_user_id !== undefined) {
    if (input.assignee_user_id === null) assignee = null;
    else {
      const [found] = await repo.membersAmong(ctx.db, member.accountId, [input.assignee_user_id]);
      if (!found) throw validationFailed({ assignee_user_id: ['is not a member of this team'] });
      assignee = { id: found.id, name: found.name };
    }
  }
  const stateChanges = input.state !== undefined && input.state !== before.state;
  const assigneeChanges = assignee !== undefined && (assignee?.id ?? null) !== (before.assignee?.id ?? null);
  if (!stateChanges && !assigneeChanges) return before;
  const by = { id: member.id, name: member.name };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setReview(trx, submissionId, { ...(stateChanges ? { review_state: input.state! } : {}), ...(assigneeChanges ? { assignee_user_id: assignee?.id ?? null } : {}) });
    const log = { account_id: member.accountId, submission_id: submissionId, actor_user_id: member.id, actor_name: member.name };
    if (stateChanges) {
      await repo.logReviewChange(trx, { ...log, change: 'state', before: before.state, after: input.state! });
      await recordAlertEvent(trx, { accountId: member.accountId, type: 'submission.state_changed', submissionId, data: { change: { field: 'state', from: before.state, to: input.state, by } } });
    }
    if (assigneeChanges) {
      await repo.logReviewChange(trx, { ...log, change: 'assignee', before: before.assignee?.id ?? null, after: assignee?.id ?? null });
      await recordAlertEvent(trx, { accountId: member.accountId, type: 'submission.assigned', submissionId, data: { change: { field: 'assignee', from: before.assignee, to: assignee, by } } });
    }
  });
  return review(ctx, member.accountId, submissionId);
}
