import { ADMIN_USER_SORTS, type AdminUser, type AdminUserQuery } from '@showback/contract';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { userAtom } from '../auth/userAtom.ts';
import { SelectField } from '../../ui/TextField.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { listUsers, setSysadmin, setUserDisabled } from './adminApi.ts';
import { AdminSearchForm, AdminTable } from './AdminTable.tsx';
import { useAdminAction } from './useAdminAction.ts';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import helpdesk from '../support/Helpdesk.module.css';
import { formatDate } from '../../ui/formatters.ts';
import '../../messages/en/adminArea.ts';

const PER_PAGE = 25;
export const adminDate = (iso: string | null) => (iso ? formatDate(iso) : t('adminArea.never'));

/** /donkey/users: every user, searchable by name or email, sortable, system admins filterable (?q=&sort=&sysadmin=&page=). */
export function AdminUsersPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminUserQuery['sort']>;
  const sysadmin = params.get('sysadmin') === 'true';
  const page = Number(params.get('page') ?? '1') || 1;
  const me = useAtomValue(userAtom);
  const { items, total, failed, reload } = useAdminList({ ...(q ? { q } : {}), sort, ...(sysadmin ? { sysadmin: true } : {}), page, per_page: PER_PAGE }, listUsers);
  const c = (key: 'name' | 'email' | 'account' | 'role' | 'created' | 'lastActive') => t(`adminArea.columns.${key}`);
  const act = useAdminAction(reload);
  const toggleDisabled = (user: AdminUser) =>
    act(user.disabled ? undefined : { title: t('adminArea.disableTitle', { email: user.email }), text: t('adminArea.disableConfirm'), confirmLabel: t('adminArea.disable') }, () => setUserDisabled(user.id, !user.disabled), t(user.disabled ? 'adminArea.enabledDone' : 'adminArea.disabledDone', { email: user.email }));
  const toggleSysadmin = (user: AdminUser) =>
    act({ title: t(user.is_sysadmin ? 'adminArea.sysadminRevokeTitle' : 'adminArea.sysadminGrantTitle', { email: user.email }), text: t('adminArea.sysadminConfirm'), confirmLabel: t(user.is_sysadmin ? 'adminArea.sysadminRevoke' : 'adminArea.sysadminGrant') }, () => setSysadmin(user.id, !user.is_sysadmin), t('adminArea.sysadminDone', { email: user.email }));

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminArea.usersTitle')} subtitle={t('adminArea.usersIntro')} />
      <AdminSearchForm initial={q} placeholder={t('adminArea.searchUsers')} onSearch={(text) => update({ q: text, page: undefined })}>
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={ADMIN_USER_SORTS.map((s) => ({ value: s, label: t(`adminArea.sorts.${s}`) }))} />
        <Checkbox label={t('adminArea.sysadminOnly')} checked={sysadmin} onChange={(e) => update({ sysadmin: e.target.checked ? 'true' : undefined, page: undefined })} />
      </AdminSearchForm>
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <AdminTable columns={[c('name'), c('email'), c('account'), c('role'), c('created'), c('lastActive'), t('adminArea.actions')]} empty={items?.length === 0}>
        {items?.map((user) => (
          <tr key={user.id}>
            <td>
              <Link to={`/donkey/users/${user.id}`}>{user.name}</Link>
            </td>
            <td>{user.email}</td>
            <td>
              {user.account_name} <span className={helpdesk.meta}>({user.plan})</span>
            </td>
            <td>
              {user.role}
              {user.is_sysadmin && <span className={helpdesk.meta}> · {t('adminArea.sysadmin')}</span>}
              {user.disabled && <span className={helpdesk.meta}> · {t('adminArea.disabled')}</span>}
            </td>
            <td>{adminDate(user.created_at)}</td>
            <td>{adminDate(user.last_active_at)}</td>
            <td className={helpdesk.row}>
              {user.id !== me?.id && (
                <Button size="small" variant="secondary" aria-label={`${t(user.disabled ? 'adminArea.enable' : 'adminArea.disable')} ${user.email}`} onClick={() => void toggleDisabled(user)}>
                  {t(user.disabled ? 'adminArea.enable' : 'adminArea.disable')}
                </Button>
              )}
              <Button size="small" variant="secondary" aria-label={`${t(user.is_sysadmin ? 'adminArea.revokeSysadmin' : 'adminArea.grantSysadmin')} ${user.email}`} onClick={() => void toggleSysadmin(user)}>
                {t(user.is_sysadmin ? 'adminArea.revokeSysadmin' : 'adminArea.grantSysadmin')}
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
    </div>
  );
}
