import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { HelpdeskSyncLog } from './HelpdeskSyncLog.tsx';
import { useIntercomIntegration } from './useIntercomIntegration.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** Why this account cannot connect Intercom (every paid plan, or the trial), with the way to change that. */
function IntercomPlanNotice() {
  return (
    <p className={styles.muted}>
      {t('integrationsApp.intercomCard.planRequired')} <Link to="/upgrade">{t('integrationsApp.chat.upgrade')}</Link>
    </p>
  );
}

/**
 * Intercom for owners and admins: connect a workspace by OAuth (its hosting region is read from Intercom); then each
 * recording requested from a conversation comes back as an admin note, listed in the sync log. An uninstalled app or
 * revoked access shows here with the way to fix it.
 */
export function IntercomCard() {
  const intercom = useIntercomIntegration();
  const { status } = intercom;
  const connected = status?.connected === true;
  const offerConnect = status ? !status.connected : intercom.error !== undefined;
  return (
    <Card className={connected ? `${styles.card} ${styles.wide}` : styles.card} data-integration="intercom">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('integrationsApp.intercom.name')}</h2>
        <span className={`${styles.badge} ${connected && status.error ? styles.failed : styles.enabled}`}>{connected ? t('integrationsApp.chat.connected') : t('integrationsApp.available')}</span>
      </div>
      {intercom.error && <Banner tone="error">{intercom.error}</Banner>}
      {offerConnect && (
        <>
          <p className={styles.muted}>{t('integrationsApp.intercom.text')}</p>
          {status?.plan_allows !== false ? (
            <Button busy={intercom.busy === 'connect'} onClick={() => void intercom.connect()}>
              {t('integrationsApp.intercomCard.connect')}
            </Button>
          ) : (
            <IntercomPlanNotice />
          )}
        </>
      )}
      {connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.workspace_name}</strong>
            {status.region && <> ({t('integrationsApp.intercomCard.hostedIn', { region: t(`integrationsApp.intercomCard.regions.${status.region}`) })})</>} ·{' '}
            {t('integrationsApp.intercomCard.notesBy', { name: status.admin?.name ?? '', email: status.admin?.email ?? '' })}
          </p>
          {status.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.intercomCard.brokenTitle')}</strong> {status.error}
            </Banner>
          )}
          {status.error && (
            <div className={styles.actions}>
              <Button busy={intercom.busy === 'connect'} onClick={() => void intercom.connect()}>
                {t('integrationsApp.intercomCard.reconnect')}
              </Button>
            </div>
          )}
          {!status.plan_allows && <IntercomPlanNotice />}
          <p className={styles.muted}>{t('integrationsApp.intercomCard.howItWorks')}</p>
          <HelpdeskSyncLog log={intercom.log} onRefresh={() => void intercom.reload()} onDisconnect={() => void intercom.disconnect()} disconnecting={intercom.busy === 'disconnect'} ticketLabel={t('integrationsApp.intercomCard.conversation')} />
        </>
      )}
    </Card>
  );
}
