import { Type, type Static } from 'typebox';

/**
 * Reviewing a recording together (`/api/v1/submissions/{id}/comments…`, `…/review`): comments pinned to a moment of
 * the video, one level of replies, @mentions of team members, and the recording's review state and assignee. Who may
 * do what is in docs/team.md; the rules in docs/reviewing-recordings.md.
 */
export const REVIEW_STATES = ['open', 'in_progress', 'resolved'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const ReviewStateSchema = Type.Union([Type.Literal('open'), Type.Literal('in_progress'), Type.Literal('resolved')], { description: 'open → in_progress → resolved; a resolved recording is reopened by setting open or in_progress.' });

export const COMMENT_LIMITS = { maxBodyLength: 5000, maxMentions: 20, maxAtMs: 24 * 60 * 60 * 1000 } as const;

const id = Type.String({ format: 'uuid' });
const dateTime = Type.String({ format: 'date-time' });
const Person = Type.Object({ id, name: Type.String() });

export const CommentAuthorSchema = Type.Object({
  /** member: someone of the team; guest: an outside viewer who verified their email on a share link. */
  kind: Type.Union([Type.Literal('member'), Type.Literal('guest')]),
  /** The member's id; null for a guest or a member who has since left. */
  user_id: Type.Union([id, Type.Null()]),
  name: Type.String(),
  /** A guest's verified email; null for members. */
  email: Type.Union([Type.String(), Type.Null()]),
});

export const CommentSchema = Type.Object(
  {
    id,
    /** The comment this one replies to; null for a comment that starts a thread. */
    parent_id: Type.Union([id, Type.Null()]),
    author: CommentAuthorSchema,
    body: Type.String(),
    /** The moment of the video it is pinned to, in milliseconds; null: about the whole recording. */
    at_ms: Type.Union([Type.Integer(), Type.Null()]),
    /** Team members the comment @mentions. */
    mentions: Type.Array(Person),
    created_at: dateTime,
    edited_at: Type.Union([dateTime, Type.Null()]),
    /** Whether the asking person may edit it (their own) and delete it (their own, or any as an owner or admin). */
    can_edit: Type.Boolean(),
    can_delete: Type.Boolean(),
  },
  { $id: 'Comment' },
);
export type Comment = Static<typeof CommentSchema>;

export const ReviewSchema = Type.Object(
  {
    state: ReviewStateSchema,
    assignee: Type.Union([Person, Type.Null()]),
  },
  { $id: 'Review' },
);
export type Review = Static<typeof ReviewSchema>;

/** One line of the review's history: a state change or an assignment. */
export const ReviewChangeSchema = Type.Object({
  id,
  change: Type.Union([Type.Literal('state'), Type.Literal('assignee')]),
  /** A state, or the assignee's name (null: nobody). */
  before: Type.Union([Type.String(), Type.Null()]),
  after: Type.Union([Type.String(), Type.Null()]),
  by: Type.String(),
  at: dateTime,
});
export type ReviewChange = Static<typeof ReviewChangeSchema>;

export const CommentThreadSchema = Type.Object(
  {
    /** Oldest first; replies carry their parent's id. */
    items: Type.Array(CommentSchema),
    review: ReviewSchema,
    history: Type.Array(ReviewChangeSchema),
  },
  { $id: 'CommentThread' },
);
export type CommentThread = Static<typeof CommentThreadSchema>;

/** The thread as a share link's verified guest sees it, with whom they may @mention: its participants, by name. */
export const SharedCommentThreadSchema = Type.Object(
  {
    ...CommentThreadSchema.properties,
    mentionable: Type.Array(Person),
  },
  { $id: 'SharedCommentThread' },
);
export type SharedCommentThread = Static<typeof SharedCommentThreadSchema>;

const Body = Type.String({ minLength: 1, maxLength: COMMENT_LIMITS.maxBodyLength, description: 'Plain text; an @mention is written as @Name and listed in mentions.' });
const Mentions = Type.Array(id, { maxItems: COMMENT_LIMITS.maxMentions, uniqueItems: true, description: "Ids of team members the comment mentions (from /api/v1/team); each is emailed once, and told in Slack when it is connected." });

export const CreateCommentSchema = Type.Object(
  {
    body: Body,
    at_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: COMMENT_LIMITS.maxAtMs, description: 'Pin it to this moment of the video, in milliseconds.' })),
    /** Reply to this comment (a comment that starts a thread; replies are one level deep). */
    parent_id: Type.Optional(id),
    mentions: Type.Optional(Mentions),
  },
  { additionalProperties: false, $id: 'CreateComment' },
);
export type CreateComment = Static<typeof CreateCommentSchema>;

export const UpdateCommentSchema = Type.Object(
  {
    body: Body,
    /** Replaces the list; members newly mentioned are told, those mentioned before are not told again. */
    mentions: Type.Optional(Mentions),
  },
  { additionalProperties: false, $id: 'UpdateComment' },
);
export type UpdateComment = Static<typeof UpdateCommentSchema>;

export const UpdateReviewSchema = Type.Object(
  {
    state: Type.Optional(ReviewStateSchema),
    /** A member of the team, or null to unassign. */
    assignee_user_id: Type.Optional(Type.Union([id, Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1, $id: 'UpdateReview' },
);
export type UpdateReview = Static<typeof UpdateReviewSchema>;

/** The asking person's recordings with comments they have not read (by others, since they last opened the recording). */
export const UnreadCommentsSchema = Type.Object(
  { items: Type.Array(Type.Object({ submission_id: id, unread: Type.Integer() })) },
  { $id: 'UnreadComments' },
);
export type UnreadComments = Static<typeof UnreadCommentsSchema>;
