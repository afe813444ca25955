import { sql, type Kysely } from 'kysely';

// "Waiting for staff" (the overview's unread chats, the chats list's Unread only) compares a conversation's latest
// customer message with the staff's read position: one probe of this index per conversation, instead of reading
// every message ever sent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('chat_messages_customer').on('chat_messages').columns(['conversation_id', 'id']).where(sql.ref('author'), '=', 'customer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_messages_customer').execute();
}
