import type { ZapierStatus, ZapierSubscription } from '@showback/contract';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { userAtom } from '../auth/userAtom.ts';
import { disconnectZapier, getZapierStatus, listZapierSubscriptions } from './zapierApi.ts';
import { ZapierCard } from './ZapierCard.tsx';
import { ZapierSetupSteps } from './ZapierSetupSteps.tsx';
import styles from './Integrations.module.css';

/** /my/zapier: whether Zapier is connected, with which key, the zaps listening, and how to connect. */
export function ZapierPage() {
  const user = useAtomValue(userAtom);
  const [status, setStatus] = useState<ZapierStatus | undefined>(undefined);
  const [subscriptions, setSubscriptions] = useState<ZapierSubscription[]>([]);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const manages = user?.role === 'owner' || user?.role === 'admin';

  const load = async () => {
    try {
      setStatus(await getZapierStatus());
      setSubscriptions(await listZapierSubscriptions());
    } catch {
      setFailed(true);
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const disconnect = async () => {
    if (!window.confirm(t('integrationsApp.zapierCard.disconnectConfirm'))) return;
    setBusy(true);
    try {
      await disconnectZapier();
      await load();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('integrationsApp.zapierCard.pageTitle')} subtitle={t('integrationsApp.zapierCard.pageIntro')} />
      {failed && <Banner tone="error">{t('integrationsApp.zapierCard.loadFailed')}</Banner>}
      <Card className={styles.section}>
        <table className={styles.table}>
          <tbody>
            <tr>
              <th scope="row">{t('integrationsApp.zapierCard.status')}</th>
              <td>{status?.connected ? t('integrationsApp.zapierCard.connected') : t('integrationsApp.zapierCard.notConnected')}</td>
            </tr>
            <tr>
              <th scope="row">{t('integrationsApp.zapierCard.keyPrefix')}</th>
              <td>{status?.key_prefix ? <code>{status.key_prefix}…</code> : '—'}</td>
            </tr>
            <tr>
              <th scope="row">{t('integrationsApp.zapierCard.subscriptions')}</th>
              <td>
                {subscriptions.length === 0
                  ? t('integrationsApp.zapierCard.noSubscriptions')
                  : subscriptions.map((s) => (
                      <div key={s.id}>
                        <code className={styles.url}>{s.hookUrl}</code> <span className={styles.muted}>{new Date(s.created_at).toLocaleString()}</span>
                      </div>
                    ))}
              </td>
            </tr>
          </tbody>
        </table>
        {manages && status?.connected && (
          <div className={styles.actions}>
            <Button variant="danger" size="small" busy={busy} onClick={() => void disconnect()}>{t('integrationsApp.zapierCard.disconnect')}</Button>
          </div>
        )}
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.heading}>{t('integrationsApp.zapierCard.howTo')}</h2>
        <ZapierSetupSteps />
      </Card>
      {manages && !status?.connected && <ZapierCard signedIn={!!user} />}
    </div>
  );
}
