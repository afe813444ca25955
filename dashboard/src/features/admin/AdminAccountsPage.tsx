import { ADMIN_ACCOUNT_SORTS, PLAN_IDS, type AdminAccount, type AdminAccountQuery } from '@showback/contract';
import { useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { Pagination } from '../recordings/Pagination.tsx';
import { listAccounts } from './adminApi.ts';
import { useQueryParams } from './useQueryParams.ts';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';

const PER_PAGE = 25;
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : t('adminArea.never'));

/** /donkey/accounts: every account, searchable by name or a member's email, by plan, sortable (?q=&plan=&sort=&page=). */
export function AdminAccountsPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const plan = (params.get('plan') ?? '') as AdminAccountQuery['plan'] | '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminAccountQuery['sort']>;
  const page = Number(params.get('page') ?? '1') || 1;
  const [search, setSearch] = useState(q);
  const [items, setItems] = useState<AdminAccount[] | undefined>(undefined);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    listAccounts({ ...(q ? { q } : {}), ...(plan ? { plan } : {}), sort, page, per_page: PER_PAGE }).then(
      (list) => {
        setItems(list.items);
        setTotal(list.total);
      },
      () => setFailed(true),
    );
  }, [q, plan, sort, page]);

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminArea.accountsTitle')} subtitle={t('adminArea.accountsIntro')} />
      <form className={helpdesk.row} role="search" onSubmit={(e) => (e.preventDefault(), update({ q: search.trim(), page: undefined }))}>
        <TextField label={t('helpdesk.admin.search')} placeholder={t('adminArea.searchAccounts')} value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label={t('adminArea.plan')} value={plan} onChange={(e) => update({ plan: e.target.value, page: undefined })} options={[{ value: '', label: t('adminArea.anyPlan') }, ...PLAN_IDS.map((p) => ({ value: p, label: p }))]} />
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={ADMIN_ACCOUNT_SORTS.map((s) => ({ value: s, label: t(`adminArea.sorts.${s}`) }))} />
        <Button type="submit" variant="secondary">{t('helpdesk.admin.search')}</Button>
      </form>
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <Card className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('adminArea.columns.name')}</th>
              <th scope="col">{t('adminArea.columns.plan')}</th>
              <th scope="col">{t('adminArea.columns.trialEnds')}</th>
              <th scope="col">{t('adminArea.columns.users')}</th>
              <th scope="col">{t('adminArea.columns.recordings')}</th>
              <th scope="col">{t('adminArea.columns.created')}</th>
            </tr>
          </thead>
          <tbody>
            {items?.length === 0 && (
              <tr>
                <td colSpan={6}>{t('adminArea.none')}</td>
              </tr>
            )}
            {items?.map((account) => (
              <tr key={account.id}>
                <td>{account.name}</td>
                <td>{account.plan}</td>
                <td>{date(account.trial_ends_at)}</td>
                <td>{account.user_count}</td>
                <td>{account.submission_count}</td>
                <td>{date(account.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
    </div>
  );
}
