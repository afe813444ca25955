import type { AdminSupportRequest } from '@showback/contract';
import { useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { displayStatus, getInboxRequest, listSupportInbox, replyToRequest, setRequestStatus } from '../support/supportApi.ts';
import { AdminSearchForm } from './AdminTable.tsx';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import styles from '../support/Helpdesk.module.css';
import { formatDateTime } from '../../ui/formatters.ts';
import '../../messages/en/helpdesk.ts';

const PER_PAGE = 25;
type StatusFilter = '' | 'open' | 'closed';
type SourceFilter = '' | 'contact_form' | 'support_page';

/**
 * /donkey/support-requests: the staff inbox. Filters and the open request live in the URL (?status=&source=&q=&page=&id=),
 * so a link from the team's email opens the request and the back button works.
 */
export function AdminSupportRequestsPage() {
  const { params, update } = useQueryParams();
  // Open requests are the work to do, so the inbox starts there; ?status=any shows every one.
  const statusParam = params.get('status') ?? 'open';
  const status = (statusParam === 'any' ? '' : statusParam) as StatusFilter;
  const source = (params.get('source') ?? '') as SourceFilter;
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const selectedId = params.get('id');
  const [selected, setSelected] = useState<AdminSupportRequest | undefined>(undefined);
  const { items, total, failed, reload } = useAdminList({ ...(status ? { status } : {}), ...(source ? { source } : {}), ...(q ? { q } : {}), page, per_page: PER_PAGE }, listSupportInbox);


  useEffect(() => {
    if (!selectedId) return setSelected(undefined);
    getInboxRequest(selectedId).then(setSelected, () => setSelected(undefined));
  }, [selectedId]);

  const changed = (updated: AdminSupportRequest) => {
    setSelected(updated);
    void reload();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('helpdesk.admin.supportTitle')} subtitle={t('helpdesk.admin.supportIntro')} />
      <AdminSearchForm initial={q} placeholder={t('helpdesk.admin.searchPlaceholder')} onSearch={(text) => update({ q: text, page: undefined })}>
        <SelectField
          label={t('helpdesk.admin.statusFilter')}
          value={statusParam}
          onChange={(e) => update({ status: e.target.value === 'open' ? undefined : e.target.value, page: undefined })}
          options={[{ value: 'open', label: t('helpdesk.status.open') }, { value: 'closed', label: t('helpdesk.status.closed') }, { value: 'any', label: t('helpdesk.admin.any') }]}
        />
        <SelectField
          label={t('helpdesk.admin.sourceFilter')}
          value={source}
          onChange={(e) => update({ source: e.target.value, page: undefined })}
          options={[{ value: '', label: t('helpdesk.admin.any') }, { value: 'contact_form', label: t('helpdesk.admin.sources.contact_form') }, { value: 'support_page', label: t('helpdesk.admin.sources.support_page') }]}
        />
      </AdminSearchForm>
      {failed && <Banner tone="error">{t('helpdesk.admin.actionFailed')}</Banner>}
      <div className={styles.split}>
        <section className={styles.stack} aria-label={t('helpdesk.admin.supportTitle')}>
          <p className={styles.muted}>{t('helpdesk.admin.total', { count: total })}</p>
          {items?.length === 0 && <EmptyState title={t('helpdesk.admin.none')} />}
          <ul className={styles.list}>
            {items?.map((item) => {
              const shown = displayStatus(item);
              return (
                <li key={item.id}>
                  <button type="button" className={styles.item} aria-current={item.id === selectedId} onClick={() => update({ id: item.id })}>
                    <span className={styles.spread}>
                      <span className={styles.itemTitle}>{item.subject}</span>
                      <span className={styles.badge} data-status={shown}>{t(`helpdesk.status.${shown}`)}</span>
                    </span>
                    <span className={styles.meta}>{item.name} · {item.email} · {formatDateTime(item.created_at)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
        </section>
        {selected ? <InboxRequest key={selected.id} request={selected} onChange={changed} /> : <EmptyState title={t('helpdesk.admin.pick')} />}
      </div>
    </div>
  );
}

function InboxRequest({ request, onChange }: { request: AdminSupportRequest; onChange: (updated: AdminSupportRequest) => void }) {
  const toast = useToast();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<AdminSupportRequest>, done?: string) => {
    setBusy(true);
    try {
      onChange(await action());
      if (done) toast.show({ tone: 'success', message: done });
    } catch {
      toast.show({ tone: 'error', message: t('helpdesk.admin.actionFailed') });
    } finally {
      setBusy(false);
    }
  };
  const send = (close: boolean) =>
    act(async () => {
      const updated = await replyToRequest(request.id, reply, close);
      setReply('');
      return updated;
    }, t('helpdesk.admin.replySent', { email: request.email }));
  const confirm = useConfirm();
  const closeRequest = async () => {
    if (await confirm({ title: t('helpdesk.admin.closeConfirm'), text: t('helpdesk.admin.closeText'), confirmLabel: t('helpdesk.admin.close') })) await act(() => setRequestStatus(request.id, 'closed'));
  };

  return (
    <Card className={styles.stack} aria-label={request.subject}>
      <div className={styles.spread}>
        <h2 className={styles.heading}>{request.subject}</h2>
        <span className={styles.badge} data-status={displayStatus(request)}>{t(`helpdesk.status.${displayStatus(request)}`)}</span>
      </div>
      <dl className={styles.muted}>
        <dt>{t('helpdesk.admin.from')}</dt>
        <dd>{request.name} &lt;{request.email}&gt;</dd>
        {request.account_name && (
          <>
            <dt>{t('helpdesk.admin.account')}</dt>
            <dd>{request.account_name}</dd>
          </>
        )}
        {request.company && (
          <>
            <dt>{t('helpdesk.admin.company')}</dt>
            <dd>{request.company}</dd>
          </>
        )}
        <dt>{t('helpdesk.admin.received')}</dt>
        <dd>{formatDateTime(request.created_at)} · {t(`helpdesk.admin.sources.${request.source}`)}</dd>
      </dl>
      {request.notify_error && <Banner tone="warning">{t('helpdesk.admin.notifyError', { error: request.notify_error })}</Banner>}
      <p className={styles.text}>{request.message}</p>
      {request.replies.map((r) => (
        <div key={r.id} className={styles.reply} data-author={r.author}>
          <p className={styles.meta}>
            {r.author_name} · {formatDateTime(r.created_at)}
            {r.author === 'customer' && ` · ${t('helpdesk.admin.followUp')}`}
          </p>
          <p className={styles.text}>{r.body}</p>
        </div>
      ))}
      <TextAreaField label={t('helpdesk.admin.reply')} value={reply} maxLength={5000} onChange={(e) => setReply(e.target.value)} />
      <div className={styles.row}>
        <Button busy={busy} disabled={reply.trim() === ''} onClick={() => void send(false)}>{t('helpdesk.admin.sendReply')}</Button>
        {request.status === 'open' && <Button variant="secondary" busy={busy} disabled={reply.trim() === ''} onClick={() => void send(true)}>{t('helpdesk.admin.sendAndClose')}</Button>}
        {request.status === 'open' ? (
          <Button variant="secondary" busy={busy} onClick={() => void closeRequest()}>{t('helpdesk.admin.close')}</Button>
        ) : (
          <Button variant="secondary" busy={busy} onClick={() => void act(() => setRequestStatus(request.id, 'open'))}>{t('helpdesk.admin.reopen')}</Button>
        )}
      </div>
    </Card>
  );
}
