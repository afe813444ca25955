import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { HelpdeskSyncLog } from './HelpdeskSyncLog.tsx';
import { useZendeskIntegration } from './useZendeskIntegration.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** Why this account cannot connect Zendesk (spec §9: the Scale plan, or the trial), with the way to change that. */
function ZendeskPlanNotice() {
  return (
    <p className={styles.muted}>
      {t('integrationsApp.zendeskCard.planRequired')} <Link to="/upgrade">{t('integrationsApp.chat.upgrade')}</Link>
    </p>
  );
}

/**
 * Zendesk for owners and admins: connect a Zendesk account by OAuth; then each recording requested from a ticket comes
 * back as an internal note, listed in the sync log. A revoked access shows here with the way to fix it.
 */
export function ZendeskCard() {
  const zendesk = useZendeskIntegration();
  const { status } = zendesk;
  const connected = status?.connected === true;
  const offerConnect = status ? !status.connected : zendesk.error !== undefined;
  return (
    <Card className={connected ? `${styles.card} ${styles.wide}` : styles.card} data-integration="zendesk">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('integrationsApp.zendesk.name')}</h2>
        <span className={`${styles.badge} ${connected ? (status.error ? styles.failed : styles.enabled) : styles.enabled}`}>
          {connected ? t('integrationsApp.chat.connected') : t('integrationsApp.available')}
        </span>
      </div>
      {zendesk.error && <Banner tone="error">{zendesk.error}</Banner>}
      {offerConnect && (
        <>
          <p className={styles.muted}>{t('integrationsApp.zendesk.text')}</p>
          {status?.plan_allows !== false ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void zendesk.connect();
              }}
            >
              <TextField
                label={t('integrationsApp.zendeskCard.subdomain')}
                hint={t('integrationsApp.zendeskCard.subdomainHint')}
                value={zendesk.subdomain}
                onChange={(e) => zendesk.setSubdomain(e.target.value)}
                autoComplete="off"
                required
              />
              <Button type="submit" busy={zendesk.busy === 'connect'}>
                {t('integrationsApp.zendeskCard.connect')}
              </Button>
            </form>
          ) : (
            <ZendeskPlanNotice />
          )}
        </>
      )}
      {connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.subdomain}.zendesk.com</strong>
          </p>
          {status.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.zendeskCard.brokenTitle')}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && <ZendeskPlanNotice />}
          <p className={styles.muted}>{t('integrationsApp.zendeskCard.howItWorks')}</p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void zendesk.saveTags();
            }}
          >
            <TextField label={t('integrationsApp.zendeskCard.tags')} hint={t('integrationsApp.zendeskCard.tagsHint')} value={zendesk.tags} onChange={(e) => zendesk.setTags(e.target.value)} autoComplete="off" />
            <Button type="submit" variant="secondary" busy={zendesk.busy === 'tags'}>
              {t('integrationsApp.zendeskCard.saveTags')}
            </Button>
          </form>
          <HelpdeskSyncLog log={zendesk.log} onRefresh={() => void zendesk.reload()} onDisconnect={() => void zendesk.disconnect()} disconnecting={zendesk.busy === 'disconnect'} />
        </>
      )}
    </Card>
  );
}
