import { ADMIN_ACCOUNT_SORTS, PLAN_IDS, type AdminAccountQuery } from '@showback/contract';
import { Link } from 'react-router';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { listAccounts } from './adminApi.ts';
import { AdminSearchForm, AdminTable } from './AdminTable.tsx';
import { adminDate } from './AdminUsersPage.tsx';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminArea.ts';

const PER_PAGE = 25;

/** /donkey/accounts: every account, searchable by name or a member's email, by plan, sortable (?q=&plan=&sort=&page=). */
export function AdminAccountsPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const plan = (params.get('plan') ?? '') as AdminAccountQuery['plan'] | '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminAccountQuery['sort']>;
  const page = Number(params.get('page') ?? '1') || 1;
  const { items, total, failed } = useAdminList({ ...(q ? { q } : {}), ...(plan ? { plan } : {}), sort, page, per_page: PER_PAGE }, listAccounts);
  const c = (key: 'name' | 'plan' | 'trialEnds' | 'users' | 'recordings' | 'created') => t(`adminArea.columns.${key}`);

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminArea.accountsTitle')} subtitle={t('adminArea.accountsIntro')} />
      <AdminSearchForm initial={q} placeholder={t('adminArea.searchAccounts')} onSearch={(text) => update({ q: text, page: undefined })}>
        <SelectField label={t('adminArea.plan')} value={plan} onChange={(e) => update({ plan: e.target.value, page: undefined })} options={[{ value: '', label: t('adminArea.anyPlan') }, ...PLAN_IDS.map((p) => ({ value: p, label: p }))]} />
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={ADMIN_ACCOUNT_SORTS.map((s) => ({ value: s, label: t(`adminArea.sorts.${s}`) }))} />
      </AdminSearchForm>
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <AdminTable columns={[c('name'), c('plan'), c('trialEnds'), c('users'), c('recordings'), c('created')]} empty={items?.length === 0}>
        {items?.map((account) => (
          <tr key={account.id}>
            <td>
              <Link to={`/donkey/accounts/${account.id}`}>{account.name}</Link>
            </td>
            <td>{account.plan}</td>
            <td>{adminDate(account.trial_ends_at)}</td>
            <td>{account.user_count}</td>
            <td>{account.submission_count}</td>
            <td>{adminDate(account.created_at)}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
    </div>
  );
}
