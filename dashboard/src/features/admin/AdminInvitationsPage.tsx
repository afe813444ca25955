import { ADMIN_INVITATION_SORTS, INVITATION_STATES, type AdminInvitationQuery } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { listInvitations, revokeInvitation } from './adminOperationsApi.ts';
import { AdminSearchForm, AdminTable } from './AdminTable.tsx';
import { adminDate } from './AdminUsersPage.tsx';
import { useAdminAction } from './useAdminAction.ts';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminOps.ts';
import '../../messages/en/adminArea.ts';

const PER_PAGE = 25;

/** /donkey/invitations: every account's team invitations and their state (?q=&status=&sort=&page=). */
export function AdminInvitationsPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const status = (params.get('status') ?? '') as AdminInvitationQuery['status'] | '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminInvitationQuery['sort']>;
  const page = Number(params.get('page') ?? '1') || 1;
  const { items, total, failed, reload } = useAdminList({ ...(q ? { q } : {}), ...(status ? { status } : {}), sort, page, per_page: PER_PAGE }, listInvitations);
  const act = useAdminAction(reload);
  const c = (key: 'email' | 'account' | 'role' | 'status' | 'invitedBy' | 'created' | 'expires') => t(`adminOps.invitations.columns.${key}`);

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminOps.invitations.title')} subtitle={t('adminOps.invitations.intro')} />
      <AdminSearchForm initial={q} placeholder={t('adminOps.invitations.search')} onSearch={(text) => update({ q: text, page: undefined })}>
        <SelectField label={t('adminOps.invitations.status')} value={status} onChange={(e) => update({ status: e.target.value, page: undefined })} options={[{ value: '', label: t('adminOps.any') }, ...INVITATION_STATES.map((s) => ({ value: s, label: t(`adminOps.invitations.statuses.${s}`) }))]} />
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={ADMIN_INVITATION_SORTS.map((s) => ({ value: s, label: t(`adminOps.sorts.${s}`) }))} />
      </AdminSearchForm>
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <AdminTable columns={[c('email'), c('account'), c('role'), c('status'), c('invitedBy'), c('created'), c('expires'), t('adminArea.actions')]} empty={items?.length === 0} {...(q || status ? {} : { emptyText: t('adminOps.invitations.empty') })}>
        {items?.map((invitation) => (
          <tr key={invitation.id}>
            <td>{invitation.email}</td>
            <td>{invitation.account_name}</td>
            <td>{invitation.role}</td>
            <td>{t(`adminOps.invitations.statuses.${invitation.status}`)}</td>
            <td>{invitation.invited_by_email ?? t('adminArea.never')}</td>
            <td>{adminDate(invitation.created_at)}</td>
            <td>{adminDate(invitation.expires_at)}</td>
            <td>
              {(invitation.status === 'pending' || invitation.status === 'expired') && (
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`${t('adminOps.invitations.revoke')} ${invitation.email}`}
                  onClick={() => void act({ title: t('adminOps.invitations.revokeTitle', { email: invitation.email }), text: t('adminOps.invitations.revokeConfirm'), confirmLabel: t('adminOps.invitations.revoke') }, () => revokeInvitation(invitation.id), t('adminOps.invitations.revokeDone', { email: invitation.email }))}
                >
                  {t('adminOps.invitations.revoke')}
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
