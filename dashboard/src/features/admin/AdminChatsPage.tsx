import type { AdminChatDetail } from '@showback/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ChatComposer } from '../chat/ChatComposer.tsx';
import { ChatMessages } from '../chat/ChatMessages.tsx';
import { getStaffChat, listChats, markStaffRead, sendStaffMessage, withMessage } from '../chat/chatApi.ts';
import { useChatEvents } from '../chat/useChatEvents.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { AdminSearchForm } from './AdminTable.tsx';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import styles from '../support/Helpdesk.module.css';
import { last } from '../../app/last.ts';
import '../../messages/en/helpdesk.ts';
import '../../messages/en/adminArea.ts';

const PER_PAGE = 25;

/** /donkey/chats: every customer conversation, newest activity first, live; the open one is answered on the right. */
export function AdminChatsPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const unreadOnly = params.get('unread') === 'true';
  const page = Number(params.get('page') ?? '1') || 1;
  const selectedId = params.get('id');
  const [detail, setDetail] = useState<AdminChatDetail | undefined>(undefined);
  const { items, total, failed, reload: loadList } = useAdminList({ ...(q ? { q } : {}), ...(unreadOnly ? { unread: true } : {}), page, per_page: PER_PAGE }, listChats);
  const selected = useRef(selectedId);
  selected.current = selectedId;

  const loadDetail = useCallback(async () => {
    const id = selected.current;
    if (!id) return setDetail(undefined);
    try {
      setDetail(await getStaffChat(id));
    } catch {
      setDetail(undefined);
    }
  }, []);
  useEffect(() => {
    void loadDetail();
  }, [selectedId, loadDetail]);

  const status = useChatEvents('admin/chats/events', {
    onReady: () => {
      void loadList();
      void loadDetail();
    },
    onMessage: (message) => {
      if (message.conversation_id === selected.current) setDetail((d) => d && { ...d, messages: withMessage(d.messages, message) });
      void loadList();
    },
    onRead: (read) => {
      if (read.reader === 'staff') void loadList();
    },
  });

  // The open conversation is read by whoever has it on screen.
  const newestCustomer = last(detail?.messages.filter((m) => m.author === 'customer'))?.id ?? 0;
  useEffect(() => {
    if (detail && newestCustomer > 0) markStaffRead(detail.conversation.id, newestCustomer).catch(() => undefined);
  }, [detail?.conversation.id, newestCustomer]);

  return (
    <div className={styles.page}>
      <PageHeader title={t('helpdesk.admin.chatsTitle')} subtitle={t('helpdesk.admin.chatsIntro')} actions={<span className={styles.meta} role="status">{status === 'live' ? t('helpdesk.chat.live') : t('helpdesk.chat.reconnecting')}</span>} />
      <AdminSearchForm initial={q} placeholder={t('adminArea.searchUsers')} onSearch={(text) => update({ q: text, page: undefined })}>
        <Checkbox label={t('helpdesk.admin.unreadOnly')} checked={unreadOnly} onChange={(e) => update({ unread: e.target.checked ? 'true' : undefined, page: undefined })} />
      </AdminSearchForm>
      {failed && <Banner tone="error">{t('helpdesk.admin.actionFailed')}</Banner>}
      <div className={styles.split}>
        <section className={styles.stack} aria-label={t('helpdesk.admin.chatsTitle')}>
          {items?.length === 0 && <EmptyState title={t('helpdesk.admin.chatsNone')} />}
          <ul className={styles.list}>
            {items?.map((item) => (
              <li key={item.id}>
                <button type="button" className={styles.item} aria-current={item.id === selectedId} onClick={() => update({ id: item.id })}>
                  <span className={styles.spread}>
                    <span className={styles.itemTitle}>{item.user_name}</span>
                    {item.unread_count > 0 && <span className={styles.unread}>{item.unread_count}</span>}
                  </span>
                  <span className={styles.meta}>{item.user_email} · {item.account_name}</span>
                  {item.last_message && <span className={[styles.meta, styles.text].join(' ')}>{item.last_message.body.slice(0, 120)}</span>}
                </button>
              </li>
            ))}
          </ul>
          <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
        </section>
        {detail ? (
          <Card className={styles.stack} aria-label={detail.conversation.user_name}>
            <div>
              <h2 className={styles.heading}>{detail.conversation.user_name}</h2>
              <p className={styles.muted}>{detail.conversation.user_email} · {detail.conversation.account_name}</p>
            </div>
            <ChatMessages messages={detail.messages} mine="staff" label={detail.conversation.user_name} />
            <ChatComposer
              onSend={async (body) => {
                const message = await sendStaffMessage(detail.conversation.id, body);
                setDetail((d) => d && { ...d, messages: withMessage(d.messages, message) });
              }}
            />
          </Card>
        ) : (
          <EmptyState title={t('helpdesk.admin.pickChat')} />
        )}
      </div>
    </div>
  );
}
