import { type AdminAlertDeliveriesQuery } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { DeliveryTable } from '../integrations/DeliveryTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { listDeliveries, replayDelivery } from './adminOperationsApi.ts';
import { AdminSearchForm } from './AdminTable.tsx';
import { useAdminAction } from './useAdminAction.ts';
import { useAdminList } from './useAdminList.ts';
import { useQueryParams } from './useQueryParams.ts';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminOps.ts';
import '../../messages/en/adminArea.ts';

const PER_PAGE = 25;
const STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
const NOTIFICATION_CHANNELS = ['email', 'slack', 'teams', 'zapier'] as const;

/**
 * /donkey/webhook-deliveries and /donkey/notification-deliveries: every account's deliveries of those channels, newest
 * first, and the replay of a failed one (?q=&status=&channel=&sort=&page=).
 */
export function AdminAlertDeliveriesPage({ kind }: { kind: 'webhooks' | 'notifications' }) {
  const { params, update } = useQueryParams();
  const q = params.get('q') ?? '';
  const status = (params.get('status') ?? '') as AdminAlertDeliveriesQuery['status'] | '';
  const picked = params.get('channel') ?? '';
  const sort = (params.get('sort') ?? 'newest') as NonNullable<AdminAlertDeliveriesQuery['sort']>;
  const page = Number(params.get('page') ?? '1') || 1;
  const channel = kind === 'webhooks' ? 'webhook' : picked && (NOTIFICATION_CHANNELS as readonly string[]).includes(picked) ? picked : NOTIFICATION_CHANNELS.join(',');
  const { items, total, failed, reload } = useAdminList({ channel, ...(q ? { q } : {}), ...(status ? { status } : {}), sort, page, per_page: PER_PAGE }, listDeliveries);
  const act = useAdminAction(reload);
  const d = 'adminOps.deliveries';

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t(`${d}.${kind}Title`)} subtitle={t(`${d}.${kind}Intro`)} />
      <AdminSearchForm initial={q} placeholder={t(`${d}.search`)} onSearch={(text) => update({ q: text, page: undefined })}>
        {kind === 'notifications' && (
          <SelectField label={t(`${d}.channel`)} value={picked} onChange={(e) => update({ channel: e.target.value, page: undefined })} options={[{ value: '', label: t(`${d}.anyChannel`) }, ...NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: c }))]} />
        )}
        <SelectField label={t(`${d}.status`)} value={status} onChange={(e) => update({ status: e.target.value, page: undefined })} options={[{ value: '', label: t('adminOps.any') }, ...STATUSES.map((s) => ({ value: s, label: t(`${d}.statuses.${s}`) }))]} />
        <SelectField label={t('adminArea.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value, page: undefined })} options={(['newest', 'oldest'] as const).map((s) => ({ value: s, label: t(`adminOps.sorts.${s}`) }))} />
      </AdminSearchForm>
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <p className={helpdesk.muted}>{t('adminArea.total', { count: total })}</p>
      <Card className={styles.tableWrap}>
        {items?.length === 0 && <p className={helpdesk.muted}>{q || status || picked ? t('adminArea.none') : t(`${d}.${kind}Empty`)}</p>}
        {items && items.length > 0 && (
          <DeliveryTable items={items} withAccount canReplay={(delivery) => delivery.status === 'failed'} onReplay={(id) => void act({ title: t(`${d}.replayTitle`), text: t(`${d}.replayConfirm`), confirmLabel: t(`${d}.replay`), tone: 'primary' }, () => replayDelivery(id), t(`${d}.replayDone`))} />
        )}
      </Card>
      <Pagination page={page} perPage={PER_PAGE} total={total} onPage={(p) => update({ page: String(p) })} />
    </div>
  );
}

export const AdminWebhookDeliveriesPage = () => <AdminAlertDeliveriesPage kind="webhooks" />;
export const AdminNotificationDeliveriesPage = () => <AdminAlertDeliveriesPage kind="notifications" />;
