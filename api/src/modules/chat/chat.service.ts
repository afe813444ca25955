import type { AdminChatDetail, AdminChatList, AdminChatQuery, AdminChatSummary, ChatMessage, ChatState, ChatUnread } from '@showback/contract';
import { CHAT_LIMITS } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { chatAwayEmailJob } from '../../jobs/chat-away-email.job.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { recordAdminAction } from '../admin/audit-log.repository.ts';
import { notifyChat, toChatMessage } from './chat-hub.ts';
import * as repo from './chat.repository.ts';

/** Per person: quick typing, not a script. */
export const CHAT_RATE = { max: 30, windowMs: 60_000 } as const;

function cleanBody(body: string): string {
  const text = body.trim();
  if (text === '') throw validationFailed({ body: ["can't be blank"] });
  return text;
}

export async function getState(ctx: AppContext, user: SessionUser): Promise<ChatState> {
  const conversation = await repo.findConversationOfUser(ctx.db, user.id);
  if (!conversation) return { conversation_id: null, unread_count: 0, messages: [] };
  const [messages, unread] = await Promise.all([
    repo.latestMessages(ctx.db, conversation.id, CHAT_LIMITS.history),
    repo.countUnread(ctx.db, conversation.id, 'staff', conversation.customer_read_id),
  ]);
  return { conversation_id: conversation.id, unread_count: unread, messages: messages.map(toChatMessage) };
}

export async function getUnread(ctx: AppContext, user: SessionUser): Promise<ChatUnread> {
  const conversation = await repo.findConversationOfUser(ctx.db, user.id);
  return { unread_count: conversation ? await repo.countUnread(ctx.db, conversation.id, 'staff', conversation.customer_read_id) : 0 };
}

/** Stores the message and, at its commit, tells every process's open streams. */
export async function sendAsCustomer(ctx: AppContext, user: SessionUser, body: string): Promise<ChatMessage> {
  const text = cleanBody(body);
  const recent = await ctx.db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_user_id', '=', user.id)
    .where('created_at', '>=', new Date(Date.now() - CHAT_RATE.windowMs))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= CHAT_RATE.max) throw new AppError('RATE_LIMITED', 'You are sending messages very quickly. Please wait a moment.');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const conversation = await repo.conversationForUser(trx, user.id);
    const message = await repo.insertMessage(trx, { conversationId: conversation.id, author: 'customer', authorUserId: user.id, authorName: user.name, body: text });
    await notifyChat(trx, { kind: 'message', conversation_id: conversation.id, user_id: user.id, message_id: message.id });
    return message;
  });
  return toChatMessage(row);
}

export async function markReadAsCustomer(ctx: AppContext, user: SessionUser, upToId: number): Promise<void> {
  const conversation = await repo.findConversationOfUser(ctx.db, user.id);
  if (!conversation) throw notFound('Conversation');
  await ctx.db.transaction().execute(async (trx) => {
    const readId = await repo.markRead(trx, conversation.id, 'customer', upToId);
    await notifyChat(trx, { kind: 'read', user_id: user.id, conversation_id: conversation.id, reader: 'customer', up_to_id: readId });
  });
}

function toSummary(row: repo.StaffConversationRow, last: repo.MessageRow | undefined): AdminChatSummary {
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    account_name: row.account_name,
    last_message: last ? toChatMessage(last) : null,
    unread_count: row.unread_count,
  };
}

export async function listForStaff(ctx: AppContext, query: AdminChatQuery): Promise<AdminChatList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listForStaff(ctx.db, { page, perPage, q: query.q, unread: query.unread });
  const last = await repo.lastMessages(ctx.db, rows.map((r) => r.id));
  return { items: rows.map((row) => toSummary(row, last.get(row.id))), total, page, per_page: perPage };
}

export async function getForStaff(ctx: AppContext, id: string): Promise<AdminChatDetail> {
  const row = await repo.findForStaff(ctx.db, id);
  if (!row) throw notFound('Conversation');
  const messages = await repo.latestMessages(ctx.db, id, CHAT_LIMITS.history);
  return { conversation: toSummary(row, messages.at(-1)), messages: messages.map(toChatMessage) };
}

/**
 * A staff reply: stored, audited and announced together; an email job follows CHAT_AWAY_EMAIL_SECONDS later in case
 * the customer does not read it on /chat by then.
 */
export async function sendAsStaff(ctx: AppContext, staff: SessionUser, conversationId: string, body: string): Promise<ChatMessage> {
  const text = cleanBody(body);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const conversation = await repo.findForStaff(trx, conversationId);
    if (!conversation) throw notFound('Conversation');
    const message = await repo.insertMessage(trx, { conversationId, author: 'staff', authorUserId: staff.id, authorName: staff.name, body: text });
    await recordAdminAction(trx, staff, { action: 'chat.reply', targetType: 'chat_conversation', targetId: conversationId, after: { message_id: message.id } });
    await notifyChat(trx, { kind: 'message', conversation_id: conversationId, user_id: conversation.user_id, message_id: message.id });
    return message;
  });
  await ctx.queue.send(chatAwayEmailJob, { conversation_id: conversationId }, { startAfterSeconds: ctx.config.chatAwayEmailSeconds });
  return toChatMessage(row);
}

export async function markReadAsStaff(ctx: AppContext, conversationId: string, upToId: number): Promise<void> {
  const conversation = await repo.findForStaff(ctx.db, conversationId);
  if (!conversation) throw notFound('Conversation');
  await ctx.db.transaction().execute(async (trx) => {
    const readId = await repo.markRead(trx, conversationId, 'staff', upToId);
    await notifyChat(trx, { kind: 'read', user_id: conversation.user_id, conversation_id: conversationId, reader: 'staff', up_to_id: readId });
  });
}
