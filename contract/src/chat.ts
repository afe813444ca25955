import { Type, type Static } from 'typebox';
import { adminPageFields, pageOf } from './support.ts';

/**
 * Live chat between a signed-in customer and the product's staff (spec §2 /chat, /donkey/chats). Messages are plain
 * text; new ones and read positions arrive as Server-Sent Events (`GET /api/v1/chat/events`, staff:
 * `GET /api/v1/admin/chats/events`), event names `message` (a ChatMessage) and `read` (a ChatRead).
 */
export const CHAT_LIMITS = { body: 4000, history: 200, search: 200 } as const;
const MessageId = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

export const ChatMessageSchema = Type.Object(
  {
    id: Type.Integer(),
    conversation_id: Type.String(),
    author: Type.Union([Type.Literal('customer'), Type.Literal('staff')]),
    author_name: Type.String(),
    body: Type.String(),
    created_at: Type.String(),
  },
  // No $id: it appears twice in AdminChatDetail (the list's last message and the messages), which one id cannot name.
  { description: 'One chat message; plain text, to be shown as text.' },
);
export type ChatMessage = Static<typeof ChatMessageSchema>;

/** A read position moved: `reader` has read every message up to `up_to_id`. */
export const ChatReadSchema = Type.Object(
  { conversation_id: Type.String(), reader: Type.Union([Type.Literal('customer'), Type.Literal('staff')]), up_to_id: Type.Integer() },
  { $id: 'ChatRead' },
);
export type ChatRead = Static<typeof ChatReadSchema>;

export const ChatStateSchema = Type.Object(
  {
    conversation_id: Type.Union([Type.String(), Type.Null()]),
    /** Staff messages the customer has not read. */
    unread_count: Type.Integer(),
    /** The latest CHAT_LIMITS.history messages, oldest first. */
    messages: Type.Array(ChatMessageSchema),
  },
  { $id: 'ChatState' },
);
export type ChatState = Static<typeof ChatStateSchema>;

/** The navigation's badge: how many staff messages the signed-in user has not read, without the messages. */
export const ChatUnreadSchema = Type.Object({ unread_count: Type.Integer({ minimum: 0 }) }, { $id: 'ChatUnread' });
export type ChatUnread = Static<typeof ChatUnreadSchema>;

export const ChatMessageBodySchema = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: CHAT_LIMITS.body }) },
  { $id: 'ChatMessageBody', additionalProperties: false },
);
export type ChatMessageBody = Static<typeof ChatMessageBodySchema>;

export const ChatReadBodySchema = Type.Object({ up_to_id: MessageId }, { $id: 'ChatReadBody', additionalProperties: false });
export type ChatReadBody = Static<typeof ChatReadBodySchema>;

// ---------------------------------------------------------------- staff (/donkey/chats)

export const AdminChatSummarySchema = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    user_name: Type.String(),
    user_email: Type.String(),
    account_name: Type.String(),
    last_message: Type.Union([ChatMessageSchema, Type.Null()]),
    /** Customer messages no staff member has read. */
    unread_count: Type.Integer(),
  },
  { $id: 'AdminChatSummary' },
);
export type AdminChatSummary = Static<typeof AdminChatSummarySchema>;

export const AdminChatListSchema = pageOf(AdminChatSummarySchema, 'AdminChatList');
export type AdminChatList = Static<typeof AdminChatListSchema>;

export const AdminChatQuerySchema = Type.Object({
  /** Matches the customer's name or email. */
  q: Type.Optional(Type.String({ maxLength: CHAT_LIMITS.search })),
  unread: Type.Optional(Type.Boolean()),
  ...adminPageFields,
});
export type AdminChatQuery = Static<typeof AdminChatQuerySchema>;

export const AdminChatDetailSchema = Type.Object(
  { conversation: AdminChatSummarySchema, messages: Type.Array(ChatMessageSchema) },
  { $id: 'AdminChatDetail' },
);
export type AdminChatDetail = Static<typeof AdminChatDetailSchema>;
