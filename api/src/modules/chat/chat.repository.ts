import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ChatConversationsTable, ChatMessagesTable } from '../../db/schema.ts';
import { likePattern, type Page } from '../support/support.repository.ts';

export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;
export type StaffConversationRow = ConversationRow & { user_name: string; user_email: string; account_name: string; unread_count: number };

export async function findConversationOfUser(db: Db, userId: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('chat_conversations').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The user's conversation, created on their first message (two tabs sending at once get the same one). */
export async function conversationForUser(db: Db, userId: string): Promise<ConversationRow> {
  await db.insertInto('chat_conversations').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  return (await findConversationOfUser(db, userId))!;
}

export async function insertMessage(db: Db, message: { conversationId: string; author: 'customer' | 'staff'; authorUserId: string; authorName: string; body: string }): Promise<MessageRow> {
  const row = await db
    .insertInto('chat_messages')
    .values({ conversation_id: message.conversationId, author: message.author, author_user_id: message.authorUserId, author_name: message.authorName, body: message.body })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The author has read everything up to their own message.
  const readColumn = message.author === 'customer' ? 'customer_read_id' : 'staff_read_id';
  await db
    .updateTable('chat_conversations')
    .set({ last_message_at: row.created_at, [readColumn]: sql`greatest(${sql.ref(readColumn)}, ${row.id})` })
    .where('id', '=', message.conversationId)
    .execute();
  return row;
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The latest `limit` messages, oldest first. */
export async function latestMessages(db: Db, conversationId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse();
}

export async function countUnread(db: Db, conversationId: string, author: 'customer' | 'staff', afterId: number): Promise<number> {
  const { n } = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('author', '=', author)
    .where('id', '>', afterId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Moves a read position forward (never back: tabs report out of order), up to a message of this conversation. */
export async function markRead(db: Db, conversationId: string, reader: 'customer' | 'staff', upToId: number): Promise<number> {
  const column = reader === 'customer' ? 'customer_read_id' : 'staff_read_id';
  const { max } = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .where('conversation_id', '=', conversationId)
    .where('id', '<=', upToId)
    .executeTakeFirstOrThrow();
  const row = await db
    .updateTable('chat_conversations')
    .set({ [column]: sql`greatest(${sql.ref(column)}, ${Number(max ?? 0)})` })
    .where('id', '=', conversationId)
    .returning(column)
    .executeTakeFirstOrThrow();
  return Number((row as Record<string, number>)[column]);
}

/** A conversation whose latest customer message the staff have not read (migration 0222 indexes the lookup). */
export const waitingForStaff = sql<boolean>`chat_conversations.staff_read_id < (select max(m.id) from chat_messages m where m.conversation_id = chat_conversations.id and m.author = 'customer')`;

const unreadForStaff = sql<number>`(select count(*) from chat_messages m where m.conversation_id = chat_conversations.id and m.author = 'customer' and m.id > chat_conversations.staff_read_id)`;

function staffConversations(db: Db) {
  return db
    .selectFrom('chat_conversations')
    .innerJoin('users', 'users.id', 'chat_conversations.user_id')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .where('chat_conversations.last_message_at', 'is not', null);
}

export async function listForStaff(db: Db, filter: Page & { q?: string; unread?: boolean }): Promise<{ rows: StaffConversationRow[]; total: number }> {
  // Filtered and paged on chat_conversations alone (a search finds its users through their trigram indexes); the
  // names and unread counts are read for the page's rows only, so a deep page skips index entries, not joined rows.
  let base = db.selectFrom('chat_conversations').where('chat_conversations.last_message_at', 'is not', null);
  const q = filter.q?.trim();
  if (q) base = base.where('chat_conversations.user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where((w) => w.or([w('users.email', 'ilike', likePattern(q)), w('users.name', 'ilike', likePattern(q))])));
  if (filter.unread) base = base.where(waitingForStaff);
  const page = base.select('chat_conversations.id').orderBy('chat_conversations.last_message_at', 'desc').orderBy('chat_conversations.id').limit(filter.perPage).offset((filter.page - 1) * filter.perPage);
  const [rows, { n }] = await Promise.all([
    staffConversations(db)
      .selectAll('chat_conversations')
      .select(['users.name as user_name', 'users.email as user_email', 'accounts.name as account_name', unreadForStaff.as('unread_count')])
      .where('chat_conversations.id', 'in', page)
      .orderBy('chat_conversations.last_message_at', 'desc')
      .orderBy('chat_conversations.id')
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, unread_count: Number(r.unread_count) })), total: Number(n) };
}

export async function findForStaff(db: Db, id: string): Promise<StaffConversationRow | undefined> {
  const row = await staffConversations(db)
    .selectAll('chat_conversations')
    .select(['users.name as user_name', 'users.email as user_email', 'accounts.name as account_name', unreadForStaff.as('unread_count')])
    .where('chat_conversations.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, unread_count: Number(row.unread_count) };
}

/** The last message of each conversation, for the staff list. */
export async function lastMessages(db: Db, conversationIds: string[]): Promise<Map<string, MessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('chat_messages').select((e) => e.fn.max('id').as('id')).where('conversation_id', 'in', conversationIds).groupBy('conversation_id'))
    .execute();
  return new Map(rows.map((r) => [r.conversation_id, r]));
}

/**
 * Staff messages older than `olderThan` the customer has neither read nor been emailed about, handed to `send` (newer
 * ones have a job of their own to come); the emailed position moves
 * past them when `send` resolves. The conversation stays locked meanwhile, so two workers running the same check send
 * one email, and a failed send (it throws) leaves the messages for the job's retry.
 */
export async function withUnemailedStaffMessages(db: Db, conversationId: string, olderThan: Date, send: (customer: { email: string; name: string }, messages: MessageRow[]) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const conversation = await trx
      .selectFrom('chat_conversations')
      .innerJoin('users', 'users.id', 'chat_conversations.user_id')
      .select(['chat_conversations.customer_read_id', 'chat_conversations.customer_emailed_id', 'users.email', 'users.name'])
      .where('chat_conversations.id', '=', conversationId)
      .forUpdate('chat_conversations')
      .executeTakeFirst();
    if (!conversation) return;
    const after = Math.max(conversation.customer_read_id, conversation.customer_emailed_id);
    const rows = await trx.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).where('author', '=', 'staff').where('id', '>', after).where('created_at', '<=', olderThan).orderBy('id').execute();
    if (rows.length === 0) return;
    await send({ email: conversation.email, name: conversation.name }, rows);
    await trx.updateTable('chat_conversations').set({ customer_emailed_id: rows.at(-1)!.id }).where('id', '=', conversationId).execute();
  });
}
