import type { ChatMessage } from '@showback/contract';
import { useEffect, useRef } from 'react';
import styles from '../support/Helpdesk.module.css';
import { formatDateTime } from '../../ui/formatters.ts';

/** The conversation, oldest first, kept scrolled to the newest message. Bodies are text, never markup. */
export function ChatMessages({ messages, mine, label }: { messages: ChatMessage[]; mine: ChatMessage['author']; label: string }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length]);
  return (
    <ol ref={list} className={styles.messages} role="log" aria-live="polite" aria-label={label}>
      {messages.map((message) => (
        <li key={message.id} className={styles.bubble} data-mine={message.author === mine}>
          <span className={styles.meta}>{message.author_name} · {formatDateTime(message.created_at)}</span>
          <p className={styles.text}>{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
