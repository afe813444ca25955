import { type AdminZapierQuery } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { deleteZapierSubscription, listZapierSubscriptions } from './adminOperationsApi.ts';
import { AdminSearchForm, AdminTable } from './AdminTable.tsx';
import { adminDate } from './AdminUsersPage.tsx';
import { useAdminAction } from './useAdminAction.ts';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminOps.ts';
import '../../messages/en/adminArea.ts';

const PER_PAGE = 25;

/** /donkey/zapier-subscriptions: every account's zaps listening for new recordings (?q=&sort=&page=). */
export function AdminZapierSubscriptionsPage() {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminZapierQuery['sort']>;
  const page = Number(params.get('page') ?? '1') || 1;
  const { items, total, failed, reload } = useAdminList({ ...(q ? { q } : {}), sort, page, per_page: PER_PAGE }, listZapierSubscriptions);
  const act = useAdminAction(reload);
  const c = (key: 'account' | 'hookUrl' | 'event' | 'since') => t(`adminOps.zapier.columns.${key}`);

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminOps.zapier.title')} subtitle={t('adminOps.zapier.intro')} />
      <AdminSearchForm initial={q} placeholder={t('adminOps.zapier.search')} onSearch={(text) => update({ q: text, page: undefined })}>
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={(['newest', 'oldest'] as const).map((s) => ({ value: s, label: t(`adminOps.sorts.${s}`) }))} />
      </AdminSearchForm>
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <AdminTable columns={[c('account'), c('hookUrl'), c('event'), c('since'), t('adminArea.actions')]} empty={items?.length === 0} {...(q ? {} : { emptyText: t('adminOps.zapier.empty') })}>
        {items?.map((subscription) => (
          <tr key={subscription.id}>
            <td>{subscription.account_name}</td>
            <td className={helpdesk.text}>{subscription.hookUrl}</td>
            <td>{subscription.event}</td>
            <td>{adminDate(subscription.created_at)}</td>
            <td>
              <Button
                size="small"
                variant="danger"
                aria-label={`${t('adminOps.zapier.delete')} ${subscription.hookUrl}`}
                onClick={() => void act({ title: t('adminOps.zapier.deleteTitle', { account: subscription.account_name }), text: t('adminOps.zapier.deleteConfirm'), confirmLabel: t('adminOps.zapier.delete') }, () => deleteZapierSubscription(subscription.id), t('adminOps.zapier.deleteDone'))}
              >
                {t('adminOps.zapier.delete')}
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
    </div>
  );
}
