import { ADMIN_SUBMISSION_SORTS, PROCESSING_STATUSES, SUBMISSION_SOURCES, type AdminSubmissionDetail, type AdminSubmissionQuery } from '@showback/contract';
import { useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { formatBytes, formatDateTime, formatDuration } from '../../ui/formatters.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { AccountCell, AccountFilterNote } from './AccountFilter.tsx';
import { getSubmission, listSubmissions, reprocessSubmission } from './adminOperationsApi.ts';
import { AdminSearchForm, AdminTable } from './AdminTable.tsx';
import { adminDate } from './AdminUsersPage.tsx';
import { useAdminAction } from './useAdminAction.ts';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminOps.ts';
import '../../messages/en/adminArea.ts';

const PER_PAGE = 25;

/** The open submission (?id=): everything about its processing, and the re-run of a failed one. */
function SubmissionDetail({ detail, onRerun, onClose }: { detail: AdminSubmissionDetail; onRerun: () => void; onClose: () => void }) {
  const s = 'adminOps.submissions';
  const rows: [string, string][] = [
    [t(`${s}.columns.request`), detail.request_title],
    [t(`${s}.columns.account`), detail.account_name],
    [t(`${s}.recipient`), [detail.recipient_name, detail.recipient_email].filter(Boolean).join(' · ') || t('adminArea.never')],
    [t(`${s}.columns.source`), t(`${s}.sources.${detail.source}`)],
    [t(`${s}.type`), detail.mime_type],
    [t(`${s}.columns.size`), formatBytes(detail.size_bytes)],
    [t(`${s}.columns.duration`), formatDuration(detail.duration_ms)],
    [t(`${s}.dimensions`), detail.width && detail.height ? `${detail.width} × ${detail.height}` : t('adminArea.never')],
    [t(`${s}.attempts`), String(detail.processing_attempts)],
    [t(`${s}.columns.created`), formatDateTime(detail.created_at)],
    [t(`${s}.processedAt`), detail.processed_at ? formatDateTime(detail.processed_at) : t('adminArea.never')],
  ];
  return (
    <Card className={helpdesk.stack}>
      <div className={helpdesk.spread}>
        <h2 className={helpdesk.heading}>
          {t(`${s}.detailTitle`)} <code>{detail.id.slice(0, 8)}</code> · {t(`${s}.statuses.${detail.status}`)}
        </h2>
        <Button size="small" variant="ghost" onClick={onClose}>{t(`${s}.close`)}</Button>
      </div>
      <dl className={helpdesk.stack}>
        {rows.map(([label, value]) => (
          <div key={label} className={helpdesk.row}>
            <dt className={helpdesk.muted}>{label}</dt>
            <dd className={helpdesk.text}>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={helpdesk.heading}>{t(`${s}.error`)}</h3>
      <p className={helpdesk.text}>{detail.processing_error ?? t(`${s}.noError`)}</p>
      {detail.status === 'failed' && (
        <div>
          <Button onClick={onRerun}>{t(`${s}.rerun`)}</Button>
        </div>
      )}
    </Card>
  );
}

/** /donkey/submissions: every recording with its processing state (?q=&status=&source=&account_id=&sort=&page=&id=). */
export function AdminSubmissionsPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const status = (params.get('status') ?? '') as AdminSubmissionQuery['status'] | '';
  const source = (params.get('source') ?? '') as AdminSubmissionQuery['source'] | '';
  const accountId = params.get('account_id') ?? '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminSubmissionQuery['sort']>;
  const page = Number(params.get('page') ?? '1') || 1;
  const openId = params.get('id');
  const query = { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(source ? { source } : {}), ...(accountId ? { account_id: accountId } : {}), sort, page, per_page: PER_PAGE };
  const { items, total, failed, reload } = useAdminList(query, listSubmissions);
  const [detail, setDetail] = useState<AdminSubmissionDetail | undefined>(undefined);
  const [detailFailed, setDetailFailed] = useState(false);
  const loadDetail = async () => {
    if (!openId) return;
    try {
      setDetail(await getSubmission(openId));
      setDetailFailed(false);
    } catch {
      setDetailFailed(true);
    }
  };
  useEffect(() => {
    setDetail(undefined);
    void loadDetail();
  }, [openId]);
  const act = useAdminAction(async () => Promise.all([reload(), loadDetail()]));
  const rerun = (id: string) => act({ title: t('adminOps.submissions.rerunTitle'), text: t('adminOps.submissions.rerunConfirm'), confirmLabel: t('adminOps.submissions.rerun'), tone: 'primary' }, () => reprocessSubmission(id), t('adminOps.submissions.rerunDone'));
  const filtered = Boolean(q || status || source || accountId);
  const c = (key: 'request' | 'account' | 'source' | 'status' | 'size' | 'duration' | 'created') => t(`adminOps.submissions.columns.${key}`);

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminOps.submissions.title')} subtitle={t('adminOps.submissions.intro')} />
      <AdminSearchForm initial={q} placeholder={t('adminOps.submissions.search')} onSearch={(text) => update({ q: text, page: undefined })}>
        <SelectField label={t('adminOps.submissions.status')} value={status} onChange={(e) => update({ status: e.target.value, page: undefined })} options={[{ value: '', label: t('adminOps.any') }, ...PROCESSING_STATUSES.map((v) => ({ value: v, label: t(`adminOps.submissions.statuses.${v}`) }))]} />
        <SelectField label={t('adminOps.submissions.source')} value={source} onChange={(e) => update({ source: e.target.value, page: undefined })} options={[{ value: '', label: t('adminOps.any') }, ...SUBMISSION_SOURCES.map((v) => ({ value: v, label: t(`adminOps.submissions.sources.${v}`) }))]} />
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={ADMIN_SUBMISSION_SORTS.map((v) => ({ value: v, label: t(`adminOps.sorts.${v}`) }))} />
      </AdminSearchForm>
      <AccountFilterNote accountId={accountId} name={items?.[0]?.account_name} onClear={() => update({ account_id: undefined, page: undefined })} />
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      {detailFailed && <Banner tone="error">{t('adminOps.submissions.detailFailed')}</Banner>}
      {detail && <SubmissionDetail detail={detail} onRerun={() => void rerun(detail.id)} onClose={() => update({ id: undefined })} />}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <AdminTable columns={[c('request'), c('account'), c('source'), c('status'), c('size'), c('duration'), c('created'), t('adminArea.actions')]} empty={items?.length === 0} {...(filtered ? {} : { emptyText: t('adminOps.submissions.empty') })}>
        {items?.map((submission) => (
          <tr key={submission.id} aria-current={submission.id === openId ? 'true' : undefined}>
            <td>
              {submission.request_title}
              {submission.recipient_email && <div className={helpdesk.meta}>{submission.recipient_email}</div>}
            </td>
            <td>
              <AccountCell id={submission.account_id} name={submission.account_name} onPick={(id) => update({ account_id: id, page: undefined })} />
            </td>
            <td>{t(`adminOps.submissions.sources.${submission.source}`)}</td>
            <td>
              {t(`adminOps.submissions.statuses.${submission.status}`)}
              {submission.status === 'failed' && submission.processing_error && <div className={helpdesk.meta}>{submission.processing_error}</div>}
            </td>
            <td>{formatBytes(submission.size_bytes)}</td>
            <td>{formatDuration(submission.duration_ms)}</td>
            <td>{adminDate(submission.created_at)}</td>
            <td className={helpdesk.row}>
              <Button size="small" variant="secondary" aria-label={`${t('adminOps.submissions.details')} ${submission.request_title}`} onClick={() => update({ id: submission.id })}>
                {t('adminOps.submissions.details')}
              </Button>
              {submission.status === 'failed' && (
                <Button size="small" variant="secondary" aria-label={`${t('adminOps.submissions.rerun')} ${submission.request_title}`} onClick={() => void rerun(submission.id)}>
                  {t('adminOps.submissions.rerun')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
    </div>
  );
}
