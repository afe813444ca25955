import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../app/api.ts';
import { useAction } from '../../app/useAction.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { usePermission } from '../auth/usePermission.ts';
import type { CardState } from './cardState.ts';
import { IntegrationCard } from './IntegrationCard.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import { authorizeZapier, getZapierStatus, regenerateZapierKey } from './zapierApi.ts';
import { ZapierKeyModal } from './ZapierKeyModal.tsx';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

const isPlanRequired = (error: unknown) => error instanceof ApiError && error.code === 'PLAN_REQUIRED';

/** The automation card (spec §2, §4, §8): connect, or connected with the zap count, regenerate and a link to Zapier. */
export function ZapierCard({ signedIn }: { signedIn: boolean }) {
  const zapier = useApiResource((signal) => (signedIn ? getZapierStatus(signal) : Promise.resolve(undefined)), [signedIn]);
  const status = zapier.data;
  const [shownKey, setShownKey] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<'already' | 'plan' | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const { allowed: manages } = usePermission('integrations.manage');
  const action = useAction<'connect'>();

  const connect = () =>
    action.run(
      'connect',
      async () => {
        try {
          const result = await authorizeZapier();
          if (result.created && result.api_key) setShownKey(result.api_key);
          else setNotice('already');
        } catch (error) {
          if (!isPlanRequired(error)) throw error;
          setNotice('plan');
        }
        zapier.setData(await getZapierStatus());
      },
      t('integrationsApp.zapierCard.connectError'),
    );

  // Runs from the confirmation dialog, which shows a failure itself; a plan that lapsed closes it with the notice.
  const regenerate = async () => {
    try {
      setShownKey((await regenerateZapierKey()).api_key);
      zapier.setData(await getZapierStatus());
    } catch (error) {
      if (!isPlanRequired(error)) throw error;
      setNotice('plan');
    }
    setConfirming(false);
  };

  const loading = signedIn && status === undefined && zapier.loading;
  const state: CardState = loading ? 'loading' : status?.connected ? 'connected' : notice === 'plan' ? 'upgrade' : signedIn && !status ? 'unreachable' : 'available';
  return (
    <IntegrationCard
      id="zapier"
      name={t('integrationsApp.zapier.name')}
      state={state}
      description={t('integrationsApp.zapier.text')}
      error={action.error}
      actions={
        manages &&
        (status?.connected ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('integrationsApp.zapierCard.regenerate')}
          </Button>
        ) : (
          (loading || status) && (
            <Button busy={action.busy === 'connect'} disabled={loading} onClick={() => void connect()}>
              {t('integrationsApp.card.connect', { name: t('integrationsApp.zapier.name') })}
            </Button>
          )
        ))
      }
    >
      {notice === 'already' && <Banner tone="info" onDismiss={() => setNotice(undefined)}>{t('integrationsApp.zapierCard.alreadyConnected')}</Banner>}
      {notice === 'plan' && <PlanNotice text="integrationsApp.zapierCard.planRequired" />}
      {signedIn && status?.connected && (
        <>
          <p className={styles.muted}>{status.subscription_count === 1 ? t('integrationsApp.zapierCard.zapsOne') : t('integrationsApp.zapierCard.zaps', { count: status.subscription_count })}</p>
          <div className={styles.actions}>
            <a className={styles.link} href="https://zapier.com/app/zaps" target="_blank" rel="noreferrer">{t('integrationsApp.zapierCard.open')}</a>
            <Link className={styles.link} to="/my/zapier">{t('integrationsApp.zapierCard.manage')}</Link>
          </div>
        </>
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
    </IntegrationCard>
  );
}
