import type { ZapierStatus } from '@showback/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/useToast.ts';
import { usePermission } from '../auth/usePermission.ts';
import { authorizeZapier, getZapierStatus, regenerateZapierKey } from './zapierApi.ts';
import { ZapierKeyModal } from './ZapierKeyModal.tsx';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

const isPlanRequired = (error: unknown) => error instanceof ApiError && error.code === 'PLAN_REQUIRED';

/** The automation card (spec §2, §4, §8): connect, or connected with the zap count, regenerate and a link to Zapier. */
export function ZapierCard({ signedIn }: { signedIn: boolean }) {
  const [status, setStatus] = useState<ZapierStatus | undefined>(undefined);
  const [shownKey, setShownKey] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<'already' | 'plan' | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { allowed: manages } = usePermission('integrations.manage');
  const toast = useToast();

  useEffect(() => {
    if (signedIn) getZapierStatus().then(setStatus, () => undefined);
  }, [signedIn]);

  const connect = async () => {
    setBusy(true);
    try {
      const result = await authorizeZapier();
      if (result.created && result.api_key) setShownKey(result.api_key);
      else setNotice('already');
      setStatus(await getZapierStatus());
    } catch (error) {
      if (isPlanRequired(error)) setNotice('plan');
      else toast.show({ tone: 'error', title: t('integrationsApp.zapierCard.connectError'), message: error instanceof Error ? error.message : '' });
    } finally {
      setBusy(false);
    }
  };

  // Runs from the confirmation dialog, which shows a failure itself; a plan that lapsed closes it with the notice.
  const regenerate = async () => {
    try {
      setShownKey((await regenerateZapierKey()).api_key);
      setStatus(await getZapierStatus());
    } catch (error) {
      if (!isPlanRequired(error)) throw error;
      setNotice('plan');
    }
    setConfirming(false);
  };

  return (
    <Card className={styles.card} data-integration="zapier">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('integrationsApp.zapier.name')}</h2>
        {status?.connected && <span className={`${styles.badge} ${styles.enabled}`}>{t('integrationsApp.zapierCard.connected')}</span>}
      </div>
      <p className={styles.muted}>{t('integrationsApp.zapier.text')}</p>
      {notice === 'already' && <Banner tone="info" onDismiss={() => setNotice(undefined)}>{t('integrationsApp.zapierCard.alreadyConnected')}</Banner>}
      {notice === 'plan' && (
        <p className={styles.muted}>
          {t('integrationsApp.zapierCard.planRequired')} <Link to="/upgrade">{t('integrationsApp.zapierCard.upgrade')}</Link>
        </p>
      )}
      {signedIn && status?.connected && (
        <>
          <p className={styles.muted}>{status.subscription_count === 1 ? t('integrationsApp.zapierCard.zapsOne') : t('integrationsApp.zapierCard.zaps', { count: status.subscription_count })}</p>
          <div className={styles.actions}>
            {manages && <Button size="small" variant="secondary" onClick={() => setConfirming(true)}>{t('integrationsApp.zapierCard.regenerate')}</Button>}
            <a className={styles.link} href="https://zapier.com/app/zaps" target="_blank" rel="noreferrer">{t('integrationsApp.zapierCard.open')}</a>
            <Link className={styles.link} to="/my/zapier">{t('integrationsApp.zapierCard.manage')}</Link>
          </div>
        </>
      )}
      {manages && status && !status.connected && (
        <div className={styles.actions}>
          <Button size="small" busy={busy} onClick={() => void connect()}>{t('integrationsApp.zapierCard.connect')}</Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('integrationsApp.zapierCard.regenerateTitle')}
        text={t('integrationsApp.zapierCard.regenerateConfirm')}
        confirmLabel={t('integrationsApp.zapierCard.regenerate')}
        onConfirm={regenerate}
        onClose={() => setConfirming(false)}
        errorText={(error) => (error instanceof Error && error.message ? error.message : t('integrationsApp.zapierCard.regenerateError'))}
      />
      {shownKey && <ZapierKeyModal apiKey={shownKey} onClose={() => setShownKey(undefined)} />}
    </Card>
  );
}
