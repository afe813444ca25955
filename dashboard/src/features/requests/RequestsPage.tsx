import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RecordingRequest, RequestStatus } from '@showback/contract';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { t } from '../../messages/t.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ListSkeleton } from '../../ui/ListSkeleton.tsx';
import { PER_PAGE, Pagination } from '../../ui/Pagination.tsx';
import { reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { RequestFormDialog } from './RequestFormDialog.tsx';
import { RequestItem, type RequestItemAction } from './RequestItem.tsx';
import { deleteRequest, listRequests, requestAction } from './requestsApi.ts';
import styles from './RequestsPage.module.css';
import '../../messages/en/requests.ts';
import '../../messages/en/common.ts';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'revoke' | 'delete'; request: RecordingRequest } | undefined;

export function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const status: RequestStatus = params.get('status') === 'archived' ? 'archived' : 'active';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, loading, reload } = useApiResource((signal) => listRequests({ status, page, per_page: PER_PAGE }, signal), [status, page]);
  // /my/requests?new=1 (the dashboard's call to action) opens the form straight away.
  const [dialog, setDialog] = useState<Dialog>(() => (params.get('new') === '1' ? { kind: 'create' } : undefined));
  const [busyId, setBusyId] = useState<string>();
  const toast = useToast();

  const go = (next: { status?: RequestStatus; page?: number }) => {
    const search = new URLSearchParams();
    const s = next.status ?? status;
    if (s === 'archived') search.set('status', s);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const closeDialog = () => {
    setDialog(undefined);
    if (params.has('new')) {
      const next = new URLSearchParams(params);
      next.delete('new');
      setParams(next, { replace: true });
    }
  };

  const runAction = async (action: 'archive' | 'unarchive', request: RecordingRequest) => {
    setBusyId(request.id);
    try {
      await requestAction(request.id, action);
      toast.show({ tone: 'success', message: action === 'archive' ? t('requests.archived_done') : t('requests.unarchived_done'), lifetimeMs: TOAST_LIFETIME.saved });
      reload();
    } catch (reason) {
      toast.show({ tone: 'error', message: reviewErrorMessage(reason, t('requests.actionFailed')) });
    } finally {
      setBusyId(undefined);
    }
  };

  const onAction = (action: RequestItemAction, request: RecordingRequest) => {
    if (action === 'archive' || action === 'unarchive') void runAction(action, request);
    else setDialog({ kind: action, request });
  };

  const onSaved = (_saved: RecordingRequest, created: boolean) => {
    closeDialog();
    toast.show({ tone: 'success', message: created ? t('requests.form.created') : t('requests.form.saved'), lifetimeMs: TOAST_LIFETIME.saved });
    if (created && (status !== 'active' || page !== 1)) go({ status: 'active', page: 1 });
    else reload();
  };

  const empty = data && data.items.length === 0 && data.total === 0;
  const create = (
    <Button onClick={() => setDialog({ kind: 'create' })}>
      + {t('requests.newRequest')}
    </Button>
  );

  return (
    <div className={styles.page}>
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} actions={create} />
      <div className={styles.tabs} role="group" aria-label={t('requests.filterLabel')}>
        {(['active', 'archived'] as const).map((s) => (
          <button key={s} type="button" className={styles.tab} aria-pressed={status === s} onClick={() => go({ status: s, page: 1 })}>
            {t(`requests.${s}`)}
          </button>
        ))}
      </div>

      {error !== undefined && !loading && (
        <Banner tone="error">
          {reviewErrorMessage(error, t('requests.loadFailed'))}{' '}
          <Button variant="ghost" size="small" onClick={reload}>
            {t('common.retry')}
          </Button>
        </Banner>
      )}
      {loading && !data && <ListSkeleton rows={3} />}
      {data && !empty && (
        <div aria-busy={loading}>
          <ul className={styles.list}>
            {data.items.map((request) => (
              <RequestItem key={request.id} request={request} busy={busyId === request.id} onAction={onAction} />
            ))}
          </ul>
          <Pagination page={data.page} perPage={data.per_page} total={data.total} onPage={(p) => go({ page: p })} />
        </div>
      )}
      {empty && status === 'active' && (
        <EmptyState title={t('requests.emptyTitle')} icon="✉" action={<Button onClick={() => setDialog({ kind: 'create' })}>{t('requests.createFirst')}</Button>}>
          {t('requests.emptyText')}
        </EmptyState>
      )}
      {empty && status === 'archived' && <EmptyState title={t('requests.emptyArchivedTitle')}>{t('requests.emptyArchivedText')}</EmptyState>}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <RequestFormDialog request={dialog.kind === 'edit' ? dialog.request : undefined} onClose={closeDialog} onSaved={onSaved} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'revoke'}
        title={t('requests.revokeTitle')}
        text={dialog?.kind === 'revoke' ? t('requests.revokeText', { title: dialog.request.title }) : ''}
        confirmLabel={t('requests.revokeConfirm')}
        onConfirm={async () => {
          if (dialog?.kind !== 'revoke') return;
          await requestAction(dialog.request.id, 'revoke');
          toast.show({ tone: 'success', message: t('requests.revoked_done') });
          reload();
        }}
        onClose={closeDialog}
        errorText={(reason) => reviewErrorMessage(reason, t('requests.actionFailed'))}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('requests.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('requests.deleteText', { title: dialog.request.title, count: dialog.request.submission_count }) : ''}
        confirmLabel={t('requests.deleteConfirm')}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await deleteRequest(dialog.request.id);
          toast.show({ tone: 'success', message: t('requests.deleted_done') });
          reload();
        }}
        onClose={closeDialog}
        errorText={(reason) => reviewErrorMessage(reason, t('requests.actionFailed'))}
      />
    </div>
  );
}
