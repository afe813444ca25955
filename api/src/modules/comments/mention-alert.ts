import type { AlertEventRow } from '../../alerts/alert-channel.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { findSubmission } from '../submissions/submissions.repository.ts';
import { findComment, membersAmong } from './comments.repository.ts';

/** What a comment.mentioned event carries (comments.service.ts writes it). */
interface MentionData {
  comment_id: string;
  user_ids: string[];
}

/** What the channels say about a mention: the comment, its recording and who was named. */
export interface MentionAlert {
  comment: { id: string; body: string; at_ms: number | null; author: string; guest: boolean };
  request_title: string;
  /** The recording page, at the comment's moment when it is pinned to one. */
  link: string;
  mentioned: { id: string; name: string; email: string }[];
}

const dataOf = (event: AlertEventRow): MentionData => event.data as unknown as MentionData;

/** The members a mention is for, who are still enabled members of the account. */
export async function mentionedMembers(db: Db, event: AlertEventRow): Promise<{ id: string; name: string; email: string }[]> {
  return membersAmong(db, event.account_id, dataOf(event).user_ids);
}

/** The mention, or undefined when the comment or its recording was deleted meanwhile. */
export async function buildMentionAlert(ctx: AppContext, event: AlertEventRow): Promise<MentionAlert | undefined> {
  if (!event.submission_id) return undefined;
  const submission = await findSubmission(ctx.db, event.account_id, event.submission_id);
  const comment = submission && (await findComment(ctx.db, event.account_id, submission.id, dataOf(event).comment_id));
  if (!submission || !comment) return undefined;
  const at = comment.at_ms === null ? '' : `?t=${Math.floor(comment.at_ms / 1000)}`;
  return {
    comment: { id: comment.id, body: comment.body, at_ms: comment.at_ms, author: comment.author_name, guest: comment.author_kind === 'guest' },
    request_title: submission.request_title,
    link: `${ctx.config.publicUrl}/my/recordings/${submission.id}${at}`,
    mentioned: await mentionedMembers(ctx.db, event),
  };
}
