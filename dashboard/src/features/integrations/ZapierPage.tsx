import type { ZapierStatus, ZapierSubscription } from '@showback/contract';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDateTime } from '../../ui/formatters.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { NotAllowed } from '../auth/NotAllowed.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { userAtom } from '../auth/userAtom.ts';
import { disconnectZapier, getZapierStatus, listZapierSubscriptions } from './zapierApi.ts';
import { ZapierCard } from './ZapierCard.tsx';
import { ZapierSetupSteps } from './ZapierSetupSteps.tsx';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** /my/zapier: whether Zapier is connected, with which key, the zaps listening, and how to connect. */
export function ZapierPage() {
  const user = useAtomValue(userAtom);
  const [status, setStatus] = useState<ZapierStatus | undefined>(undefined);
  const [subscriptions, setSubscriptions] = useState<ZapierSubscription[]>([]);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { allowed: manages } = usePermission('integrations.manage');

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
    await disconnectZapier();
    setConfirming(false);
    await load();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('integrationsApp.zapierCard.pageTitle')} subtitle={t('integrationsApp.zapierCard.pageIntro')} />
      {failed && <Banner tone="error">{t('integrationsApp.zapierCard.loadFailed')}</Banner>}
      <NotAllowed actions={['integrations.manage']} />
      <Card className={styles.section}>
        <table className={styles.table}>
          <tbody>
            <tr>
              <th scope="row">{t('integrationsApp.zapierCard.status')}</th>
              <td>{status?.connected ? t('integrationsApp.card.badge.connected') : t('integrationsApp.zapierCard.notConnected')}</td>
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
                        <code className={styles.url}>{s.hookUrl}</code> <span className={styles.muted}>{formatDateTime(s.created_at)}</span>
                      </div>
                    ))}
              </td>
            </tr>
          </tbody>
        </table>
        {manages && status?.connected && (
          <div className={styles.actions}>
            <Button variant="danger" size="small" onClick={() => setConfirming(true)}>{t('integrationsApp.zapierCard.disconnect')}</Button>
          </div>
        )}
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.heading}>{t('integrationsApp.zapierCard.howTo')}</h2>
        <ZapierSetupSteps />
      </Card>
      {manages && !status?.connected && <ZapierCard signedIn={!!user} />}
      <ConfirmDialog
        open={confirming}
        title={t('integrationsApp.card.disconnectTitle', { name: t('integrationsApp.zapier.name') })}
        text={t('integrationsApp.zapierCard.disconnectConfirm')}
        confirmLabel={t('integrationsApp.zapierCard.disconnect')}
        onConfirm={disconnect}
        onClose={() => setConfirming(false)}
        errorText={() => t('integrationsApp.zapierCard.disconnectFailed')}
      />
    </div>
  );
}
