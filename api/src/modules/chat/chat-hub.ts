import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { ChatMessage, ChatRead } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { findMessage, type MessageRow } from './chat.repository.ts';
import { iso } from '../../db/iso.ts';

/** The NOTIFY channel of chat: every API process listens and passes what it hears to its own open event streams. */
export const CHAT_CHANNEL = 'showback_chat';

/** What travels in a NOTIFY (ids only: a message may be longer than a NOTIFY payload can be). */
export type ChatNotice =
  | { kind: 'message'; conversation_id: string; user_id: string; message_id: number }
  | ({ kind: 'read'; user_id: string } & ChatRead);

export interface ChatSubscriber {
  /** The customer whose conversation this stream follows; null for staff, who follow every conversation. */
  userId: string | null;
  send(event: 'message' | 'read' | 'resync', data: unknown): void;
  end(): void;
}

/** Tells every process (this one included) at the commit of `db`'s transaction, never after a rollback. */
export async function notifyChat(db: Db, notice: ChatNotice): Promise<void> {
  await sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(notice)})`.execute(db);
}

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  conversation_id: row.conversation_id,
  author: row.author,
  author_name: row.author_name,
  body: row.body,
  created_at: iso(row.created_at),
});

/**
 * The event streams open in this process. It listens on CHAT_CHANNEL from the first subscriber on (Postgres: one
 * connection of its own, hearing every process; PGlite: the one embedded database) and loads each new message once
 * for all the streams that should see it.
 */
export class ChatHub {
  private readonly subscribers = new Set<ChatSubscriber>();
  private listening: Promise<() => Promise<void>> | undefined;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves once notices reach the subscriber, so a message committed after that is never missed. */
  async subscribe(subscriber: ChatSubscriber): Promise<() => void> {
    this.listening ??= this.ctx.database.listen(CHAT_CHANNEL, (payload) => void this.hear(payload));
    await this.listening;
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private async hear(payload: string | undefined): Promise<void> {
    if (this.closed) return;
    if (payload === undefined) {
      // The LISTEN connection came back: whatever was sent meanwhile is lost, so clients reload.
      for (const subscriber of this.subscribers) subscriber.send('resync', {});
      return;
    }
    try {
      const notice = JSON.parse(payload) as ChatNotice;
      const audience = [...this.subscribers].filter((s) => s.userId === null || s.userId === notice.user_id);
      if (audience.length === 0) return;
      if (notice.kind === 'read') {
        const read: ChatRead = { conversation_id: notice.conversation_id, reader: notice.reader, up_to_id: notice.up_to_id };
        for (const subscriber of audience) subscriber.send('read', read);
        return;
      }
      const row = await findMessage(this.ctx.db, notice.message_id);
      if (!row) return;
      const message = toChatMessage(row);
      for (const subscriber of audience) subscriber.send('message', message);
    } catch (error) {
      this.log.warn({ err: error }, 'chat notice could not be delivered');
    }
  }

  /** Ends every stream (the server is shutting down; browsers reconnect to another process) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    const unlisten = await this.listening?.catch(() => undefined);
    await unlisten?.();
  }
}
