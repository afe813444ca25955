import { Type, type Static, type TSchema } from 'typebox';
import { MAX_PAGE } from './recording.ts';

/**
 * Support requests (spec §2 /support, /donkey/support-requests). The public contact form and /support write to one
 * inbox; staff (system admins) answer there and each reply is emailed to the sender.
 */
export const SUPPORT_LIMITS = { subject: 160, message: 5000, messageMin: 10, reply: 5000, search: 200 } as const;
export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export const SUPPORT_SOURCES = ['contact_form', 'support_page'] as const;
/** Who wrote a reply: the product's staff, or the customer following up on their own request. */
export const SUPPORT_REPLY_AUTHORS = ['staff', 'customer'] as const;

const NullableText = Type.Union([Type.String(), Type.Null()]);
const Uuid = Type.String({ format: 'uuid' });

/** One page of a list: the items, how many there are in all, and which page of what size this is. */
export const pageOf = <T extends TSchema>(item: T, $id: string) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }, { $id });

/** `page` and `per_page` of the admin lists (25 a page unless asked). */
export const adminPageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
};

export const NewSupportRequestSchema = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: SUPPORT_LIMITS.subject }),
    message: Type.String({ minLength: SUPPORT_LIMITS.messageMin, maxLength: SUPPORT_LIMITS.message }),
    /** One recording of the sender's account the staff may need to see. */
    submission_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { $id: 'NewSupportRequest', additionalProperties: false },
);
export type NewSupportRequestBody = Static<typeof NewSupportRequestSchema>;

export const SupportReplySchema = Type.Object(
  {
    id: Type.String(),
    author: Type.Enum(SUPPORT_REPLY_AUTHORS),
    author_name: Type.String(),
    body: Type.String(),
    created_at: Type.String(),
  },
  { $id: 'SupportReply' },
);
export type SupportReply = Static<typeof SupportReplySchema>;

const supportRequestFields = {
  id: Type.String(),
  source: Type.Enum(SUPPORT_SOURCES),
  /** The contact form has no subject: its topic stands in. */
  subject: Type.String(),
  message: Type.String(),
  status: Type.Enum(SUPPORT_STATUSES),
  submission_id: NullableText,
  created_at: Type.String(),
  last_reply_at: NullableText,
  replies: Type.Array(SupportReplySchema),
};

export const SupportRequestSchema = Type.Object(supportRequestFields, { $id: 'SupportRequest' });

/** A customer's follow-up on their own request (reopens it). */
export const SupportFollowUpBodySchema = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: SUPPORT_LIMITS.reply }) },
  { $id: 'SupportFollowUpBody', additionalProperties: false },
);
export type SupportFollowUpBody = Static<typeof SupportFollowUpBodySchema>;
export type SupportRequest = Static<typeof SupportRequestSchema>;

export const SupportRequestListSchema = pageOf(SupportRequestSchema, 'SupportRequestList');
export type SupportRequestList = Static<typeof SupportRequestListSchema>;

// ---------------------------------------------------------------- staff inbox (/donkey/support-requests)

export const AdminSupportRequestSchema = Type.Object(
  {
    ...supportRequestFields,
    name: Type.String(),
    email: Type.String(),
    company: NullableText,
    topic: Type.String(),
    user_id: NullableText,
    account_id: NullableText,
    account_name: NullableText,
    /** Why the email to the team failed, when it did. */
    notify_error: NullableText,
  },
  { $id: 'AdminSupportRequest' },
);
export type AdminSupportRequest = Static<typeof AdminSupportRequestSchema>;

export const AdminSupportRequestListSchema = pageOf(AdminSupportRequestSchema, 'AdminSupportRequestList');
export type AdminSupportRequestList = Static<typeof AdminSupportRequestListSchema>;

export const AdminSupportQuerySchema = Type.Object({
  status: Type.Optional(Type.Enum(SUPPORT_STATUSES)),
  source: Type.Optional(Type.Enum(SUPPORT_SOURCES)),
  /** Matches the sender's name or email, the subject or the message. */
  q: Type.Optional(Type.String({ maxLength: SUPPORT_LIMITS.search })),
  ...adminPageFields,
});
export type AdminSupportQuery = Static<typeof AdminSupportQuerySchema>;

export const AdminSupportReplyBodySchema = Type.Object(
  {
    body: Type.String({ minLength: 1, maxLength: SUPPORT_LIMITS.reply }),
    /** Close the request with this reply (the usual end of a conversation). */
    close: Type.Optional(Type.Boolean()),
  },
  { $id: 'AdminSupportReplyBody', additionalProperties: false },
);
export type AdminSupportReplyBody = Static<typeof AdminSupportReplyBodySchema>;

export const AdminSupportStatusBodySchema = Type.Object(
  { status: Type.Enum(SUPPORT_STATUSES) },
  { $id: 'AdminSupportStatusBody', additionalProperties: false },
);
export type AdminSupportStatusBody = Static<typeof AdminSupportStatusBodySchema>;
