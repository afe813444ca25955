import type { AdminZapierSubscriptionList } from '@showback/contract';
import { useEffect, useState } from 'react';
import { api } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import styles from '../integrations/Integrations.module.css';

/** /donkey/zapier-subscriptions: every account's zaps listening for new recordings. */
export function AdminZapierSubscriptionsPage() {
  const [items, setItems] = useState<AdminZapierSubscriptionList['items'] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.get<AdminZapierSubscriptionList>('admin/zapier-subscriptions').then((r) => setItems(r.items), () => setFailed(true));
  }, []);
  return (
    <div className={styles.page}>
      <PageHeader title={t('adminAlerts.zapierTitle')} />
      {failed && <Banner tone="error">{t('adminAlerts.loadFailed')}</Banner>}
      <Card className={styles.section}>
        {items?.length === 0 && <p className={styles.muted}>{t('adminAlerts.empty')}</p>}
        {items && items.length > 0 && (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('adminAlerts.account')}</th>
                <th>{t('adminAlerts.hookUrl')}</th>
                <th>{t('adminAlerts.since')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id}>
                  <td>{s.account_name}</td>
                  <td className={styles.excerpt}>{s.hookUrl}</td>
                  <td>{new Date(s.created_at).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
