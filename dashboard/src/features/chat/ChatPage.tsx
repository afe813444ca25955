import type { ChatMessage } from '@showback/contract';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessages } from './ChatMessages.tsx';
import { getChat, markChatRead, sendChatMessage, withMessage } from './chatApi.ts';
import { chatUnreadAtom } from './chatUnreadAtom.ts';
import { useChatEvents } from './useChatEvents.ts';
import styles from '../support/Helpdesk.module.css';
import { last } from '../../app/last.ts';
import '../../messages/en/titles.ts';
import '../../messages/en/helpdesk.ts';

/** The staff messages after the customer's read position. */
const unreadAfter = (messages: ChatMessage[], readId: number) => messages.filter((m) => m.author === 'staff' && m.id > readId).length;

/** /chat: the signed-in user's live conversation with the Showback team, in every open tab at once. */
export function ChatPage() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [readId, setReadId] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const state = await getChat();
      setMessages(state.messages);
      // The server counts what is unread; the position is the newest message minus that many staff messages.
      const staff = state.messages.filter((m) => m.author === 'staff');
      setReadId(state.unread_count === 0 ? (last(state.messages)?.id ?? 0) : (staff[staff.length - state.unread_count - 1]?.id ?? 0));
      setLoaded(true);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  const status = useChatEvents('chat/events', {
    onReady: () => void load(),
    onMessage: (message) => setMessages((list) => withMessage(list, message)),
    onRead: (read) => {
      if (read.reader === 'customer') setReadId((id) => Math.max(id, read.up_to_id));
    },
  });

  const unread = unreadAfter(messages, readId);
  const newest = last(messages)?.id ?? 0;
  const setNavUnread = useSetAtom(chatUnreadAtom);
  useEffect(() => {
    if (loaded) setNavUnread(unread);
  }, [loaded, unread, setNavUnread]);
  // What this tab shows while visible counts as read; other tabs hear of it and clear their count.
  useEffect(() => {
    const markIfVisible = () => {
      if (unread > 0 && document.visibilityState === 'visible') {
        setReadId(newest);
        markChatRead(newest).catch(() => setReadId(readId));
      }
    };
    markIfVisible();
    document.addEventListener('visibilitychange', markIfVisible);
    return () => document.removeEventListener('visibilitychange', markIfVisible);
  }, [unread, newest, readId]);

  const send = async (body: string) => {
    const message = await sendChatMessage(body);
    setMessages((list) => withMessage(list, message));
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('titles.chat')}
        subtitle={t('helpdesk.chat.intro')}
        actions={
          <span className={styles.row}>
            {unread > 0 && <span className={styles.unread}>{t('helpdesk.chat.unread', { count: unread })}</span>}
            <span className={styles.meta} role="status">{status === 'live' ? t('helpdesk.chat.live') : t('helpdesk.chat.reconnecting')}</span>
          </span>
        }
      />
      {failed && <Banner tone="error">{t('helpdesk.chat.loadFailed')}</Banner>}
      <Card className={styles.stack}>
        {loaded && messages.length === 0 ? <EmptyState title={t('helpdesk.chat.empty')} /> : <ChatMessages messages={messages} mine="customer" label={t('titles.chat')} />}
        <ChatComposer onSend={send} />
      </Card>
    </div>
  );
}
