import { ADMIN_USER_SORTS, type AdminUser, type AdminUserQuery } from '@showback/contract';
import { useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { Pagination } from '../recordings/Pagination.tsx';
import { listUsers } from './adminApi.ts';
import { useQueryParams } from './useQueryParams.ts';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';

const PER_PAGE = 25;
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : t('adminArea.never'));

/** /donkey/users: every user, searchable by name or email, sortable, system admins filterable (?q=&sort=&sysadmin=&page=). */
export function AdminUsersPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminUserQuery['sort']>;
  const sysadmin = params.get('sysadmin') === 'true';
  const page = Number(params.get('page') ?? '1') || 1;
  const [search, setSearch] = useState(q);
  const [items, setItems] = useState<AdminUser[] | undefined>(undefined);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    listUsers({ ...(q ? { q } : {}), sort, ...(sysadmin ? { sysadmin: true } : {}), page, per_page: PER_PAGE }).then(
      (list) => {
        setItems(list.items);
        setTotal(list.total);
      },
      () => setFailed(true),
    );
  }, [q, sort, sysadmin, page]);

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminArea.usersTitle')} subtitle={t('adminArea.usersIntro')} />
      <form className={helpdesk.row} role="search" onSubmit={(e) => (e.preventDefault(), update({ q: search.trim(), page: undefined }))}>
        <TextField label={t('helpdesk.admin.search')} placeholder={t('adminArea.searchUsers')} value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={ADMIN_USER_SORTS.map((s) => ({ value: s, label: t(`adminArea.sorts.${s}`) }))} />
        <Checkbox label={t('adminArea.sysadminOnly')} checked={sysadmin} onChange={(e) => update({ sysadmin: e.target.checked ? 'true' : undefined, page: undefined })} />
        <Button type="submit" variant="secondary">{t('helpdesk.admin.search')}</Button>
      </form>
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <Card className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('adminArea.columns.name')}</th>
              <th scope="col">{t('adminArea.columns.email')}</th>
              <th scope="col">{t('adminArea.columns.account')}</th>
              <th scope="col">{t('adminArea.columns.role')}</th>
              <th scope="col">{t('adminArea.columns.created')}</th>
              <th scope="col">{t('adminArea.columns.lastActive')}</th>
            </tr>
          </thead>
          <tbody>
            {items?.length === 0 && (
              <tr>
                <td colSpan={6}>{t('adminArea.none')}</td>
              </tr>
            )}
            {items?.map((user) => (
              <tr key={user.id}>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>
                  {user.account_name} <span className={helpdesk.meta}>({user.plan})</span>
                </td>
                <td>
                  {user.role}
                  {user.is_sysadmin && <span className={helpdesk.meta}> · {t('adminArea.sysadmin')}</span>}
                </td>
                <td>{date(user.created_at)}</td>
                <td>{date(user.last_active_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
    </div>
  );
}
