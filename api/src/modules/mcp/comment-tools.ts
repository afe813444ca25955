import { AddCommentInputSchema, RecordingInputSchema, SetStateInputSchema } from '@showback/contract';
import { addComment, getThread, updateReview } from '../comments/comments.service.ts';
import { defineTool, jsonAnswer, seconds } from './mcp-tool.ts';

export const listCommentsTool = defineTool({
  name: 'list_comments',
  title: "A recording's comments and review state",
  description:
    "Answers the team's comments on a recording, oldest first (`at_seconds`: the moment of the video a comment is pinned to; `parent_id`: the comment it replies to; `author.kind`: member, or guest for an outside viewer of a share link), " +
    'and where the review stands: `state` (open, in_progress, resolved) and `assignee`.',
  input: RecordingInputSchema,
  permission: 'recordings.read',
  async run(ctx, user, input) {
    const thread = await getThread(ctx, { kind: 'member', member: user }, input.recording_id);
    return jsonAnswer({
      state: thread.review.state,
      assignee: thread.review.assignee,
      comments: thread.items.map((c) => ({ id: c.id, parent_id: c.parent_id, author: { kind: c.author.kind, name: c.author.name }, at_seconds: c.at_ms === null ? null : seconds(c.at_ms), body: c.body, created_at: c.created_at })),
    });
  },
});

export const addCommentTool = defineTool({
  name: 'add_comment',
  title: 'Comment on a recording',
  description: 'Adds a comment to a recording as the token\'s person, optionally pinned to a moment (`at_seconds`) or replying to a comment (`reply_to`, from list_comments). Needs a token with the write scope.',
  input: AddCommentInputSchema,
  permission: 'recordings.comment',
  async run(ctx, user, input) {
    const comment = await addComment(
      ctx,
      { kind: 'member', member: user },
      input.recording_id,
      { body: input.body, ...(input.at_seconds !== undefined ? { at_ms: Math.round(input.at_seconds * 1000) } : {}), ...(input.reply_to ? { parent_id: input.reply_to } : {}) },
    );
    return jsonAnswer({ id: comment.id, parent_id: comment.parent_id, at_seconds: comment.at_ms === null ? null : seconds(comment.at_ms), created_at: comment.created_at });
  },
});

export const setStateTool = defineTool({
  name: 'set_state',
  title: "Set a recording's review state",
  description: 'Moves the review of a recording to open, in_progress or resolved (webhooks and helpdesk notes are told). Needs a token with the write scope.',
  input: SetStateInputSchema,
  permission: 'recordings.review',
  async run(ctx, user, input) {
    return jsonAnswer(await updateReview(ctx, user, input.recording_id, { state: input.state }));
  },
});
