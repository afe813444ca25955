import type { AdminAlertDelivery } from '@showback/contract';
import { useEffect, useState } from 'react';
import { api } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { DeliveryTable } from '../integrations/DeliveryTable.tsx';
import styles from '../integrations/Integrations.module.css';

/** /donkey/webhook-deliveries and /donkey/notification-deliveries: every account's newest deliveries of those channels. */
export function AdminAlertDeliveriesPage({ kind }: { kind: 'webhooks' | 'notifications' }) {
  const [items, setItems] = useState<AdminAlertDelivery[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const channel = kind === 'webhooks' ? 'webhook' : 'email,slack,teams,zapier';
    api.get<{ items: AdminAlertDelivery[] }>('admin/alert-deliveries', { query: { channel } }).then((r) => setItems(r.items), () => setFailed(true));
  }, [kind]);
  return (
    <div className={styles.page}>
      <PageHeader title={t(`adminAlerts.${kind}Title`)} subtitle={t('adminAlerts.subtitle')} />
      {failed && <Banner tone="error">{t('adminAlerts.loadFailed')}</Banner>}
      <Card className={styles.section}>
        {items?.length === 0 && <p className={styles.muted}>{t('adminAlerts.empty')}</p>}
        {items && items.length > 0 && (
          <div className={styles.log}>
            <DeliveryTable items={items} withAccount />
          </div>
        )}
      </Card>
    </div>
  );
}

export const AdminWebhookDeliveriesPage = () => <AdminAlertDeliveriesPage kind="webhooks" />;
export const AdminNotificationDeliveriesPage = () => <AdminAlertDeliveriesPage kind="notifications" />;
