import { ADMIN_REQUEST_SORTS, LINK_STATES, type AdminRecordingRequestQuery } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AccountCell, AccountFilterNote } from './AccountFilter.tsx';
import { listRecordingRequests, revokeRequestLink } from './adminOperationsApi.ts';
import { AdminSearchForm, AdminTable } from './AdminTable.tsx';
import { adminDate } from './AdminUsersPage.tsx';
import { useAdminAction } from './useAdminAction.ts';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminOps.ts';
import '../../messages/en/adminArea.ts';

const PER_PAGE = 25;

/** /donkey/recording-requests: every account's requests with their link's state (?q=&link_state=&account_id=&sort=&page=). */
export function AdminRecordingRequestsPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const linkState = (params.get('link_state') ?? '') as AdminRecordingRequestQuery['link_state'] | '';
  const accountId = params.get('account_id') ?? '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminRecordingRequestQuery['sort']>;
  const page = Number(params.get('page') ?? '1') || 1;
  const query = { ...(q ? { q } : {}), ...(linkState ? { link_state: linkState } : {}), ...(accountId ? { account_id: accountId } : {}), sort, page, per_page: PER_PAGE };
  const { items, total, failed, reload } = useAdminList(query, listRecordingRequests);
  const act = useAdminAction(reload);
  const filtered = Boolean(q || linkState || accountId);
  const c = (key: 'title' | 'account' | 'owner' | 'link' | 'created' | 'submissions') => t(`adminOps.requests.columns.${key}`);

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminOps.requests.title')} subtitle={t('adminOps.requests.intro')} />
      <AdminSearchForm initial={q} placeholder={t('adminOps.requests.search')} onSearch={(text) => update({ q: text, page: undefined })}>
        <SelectField label={t('adminOps.requests.linkState')} value={linkState} onChange={(e) => update({ link_state: e.target.value, page: undefined })} options={[{ value: '', label: t('adminOps.any') }, ...LINK_STATES.map((s) => ({ value: s, label: t(`adminOps.requests.states.${s}`) }))]} />
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={ADMIN_REQUEST_SORTS.map((s) => ({ value: s, label: t(`adminOps.sorts.${s}`) }))} />
      </AdminSearchForm>
      <AccountFilterNote accountId={accountId} name={items?.[0]?.account_name} onClear={() => update({ account_id: undefined, page: undefined })} />
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <AdminTable columns={[c('title'), c('account'), c('owner'), c('link'), c('submissions'), c('created'), t('adminArea.actions')]} empty={items?.length === 0} {...(filtered ? {} : { emptyText: t('adminOps.requests.empty') })}>
        {items?.map((request) => (
          <tr key={request.id}>
            <td>{request.title}</td>
            <td>
              <AccountCell id={request.account_id} name={request.account_name} onPick={(id) => update({ account_id: id, page: undefined })} />
            </td>
            <td>{request.owner_email ?? t('adminArea.never')}</td>
            <td>
              {t(`adminOps.requests.states.${request.link_state}`)}
              {request.revoked_links > 0 && <div className={helpdesk.meta}>{t('adminOps.requests.revoked', { count: request.revoked_links })}</div>}
            </td>
            <td>{request.submission_count}</td>
            <td>{adminDate(request.created_at)}</td>
            <td>
              <Button
                size="small"
                variant="secondary"
                aria-label={`${t('adminOps.requests.revoke')} ${request.title}`}
                onClick={() => void act({ title: t('adminOps.requests.revokeTitle', { title: request.title }), text: t('adminOps.requests.revokeConfirm'), confirmLabel: t('adminOps.requests.revoke') }, () => revokeRequestLink(request.id), t('adminOps.requests.revokeDone', { title: request.title }))}
              >
                {t('adminOps.requests.revoke')}
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
    </div>
  );
}
