import type { AdminAlertDelivery } from '@showback/contract';
import { useEffect, useState } from 'react';
import { api } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import styles from '../integrations/Integrations.module.css';

const time = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '—');

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
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('integrationsApp.webhooks.logTime')}</th>
                  <th>{t('adminAlerts.account')}</th>
                  <th>{t('adminAlerts.channel')}</th>
                  <th>{t('integrationsApp.webhooks.logEvent')}</th>
                  <th>{t('integrationsApp.webhooks.logStatus')}</th>
                  <th>{t('integrationsApp.webhooks.logAttempts')}</th>
                  <th>{t('integrationsApp.webhooks.logResponse')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((d) => (
                  <tr key={d.id}>
                    <td>{time(d.last_attempt_at ?? d.created_at)}</td>
                    <td>{d.account_name}</td>
                    <td>{d.channel}</td>
                    <td>{d.event_type}</td>
                    <td>
                      <span className={`${styles.badge} ${styles[d.status]}`}>{t(`integrationsApp.webhooks.deliveryStatus.${d.status}`)}</span>
                      {d.last_status !== null && <span className={styles.code}> {d.last_status}</span>}
                    </td>
                    <td>{d.attempts}</td>
                    <td className={styles.excerpt}>{d.last_excerpt ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

export const AdminWebhookDeliveriesPage = () => <AdminAlertDeliveriesPage kind="webhooks" />;
export const AdminNotificationDeliveriesPage = () => <AdminAlertDeliveriesPage kind="notifications" />;
