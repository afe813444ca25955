import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { HelpdeskSyncLog } from './HelpdeskSyncLog.tsx';
import { useFreshdeskIntegration } from './useFreshdeskIntegration.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** Why this account cannot connect Freshdesk (every paid plan, or the trial), with the way to change that. */
function FreshdeskPlanNotice() {
  return (
    <p className={styles.muted}>
      {t('integrationsApp.freshdeskCard.planRequired')} <Link to="/upgrade">{t('integrationsApp.chat.upgrade')}</Link>
    </p>
  );
}

/** The app token, shown once, to paste into the Showback app's settings in Freshdesk. */
function AppTokenField({ token }: { token: string }) {
  const toast = useToast();
  const copy = () => void navigator.clipboard.writeText(token).then(() => toast.show({ tone: 'success', message: t('integrationsApp.zapierCard.copied'), lifetimeMs: TOAST_LIFETIME.copy }));
  return (
    <>
      <TextField label={t('integrationsApp.freshdeskCard.tokenLabel')} value={token} readOnly onFocus={(e) => e.target.select()} end={<Button size="small" variant="secondary" onClick={copy}>{t('integrationsApp.zapierCard.copy')}</Button>} />
      <Banner tone="warning">{t('integrationsApp.freshdeskCard.tokenOnce')}</Banner>
    </>
  );
}

/**
 * Freshdesk for owners and admins: connect a helpdesk with its domain and an admin's API key (checked by Freshdesk
 * before it is saved); then each recording requested from a ticket comes back as a private note, listed in the sync
 * log, and the app token for the Showback app in Freshdesk is issued here. A refused key shows here with the fix.
 */
export function FreshdeskCard() {
  const freshdesk = useFreshdeskIntegration();
  const { status } = freshdesk;
  const connected = status?.connected === true;
  const offerConnect = status ? !status.connected : freshdesk.error !== undefined;
  return (
    <Card className={connected ? `${styles.card} ${styles.wide}` : styles.card} data-integration="freshdesk">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('integrationsApp.freshdesk.name')}</h2>
        <span className={`${styles.badge} ${connected && status.error ? styles.failed : styles.enabled}`}>{connected ? t('integrationsApp.chat.connected') : t('integrationsApp.available')}</span>
      </div>
      {freshdesk.error && <Banner tone="error">{freshdesk.error}</Banner>}
      {offerConnect && (
        <>
          <p className={styles.muted}>{t('integrationsApp.freshdesk.text')}</p>
          {status?.plan_allows !== false ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void freshdesk.connect();
              }}
            >
              <TextField
                label={t('integrationsApp.freshdeskCard.domain')}
                hint={t('integrationsApp.freshdeskCard.domainHint')}
                value={freshdesk.domain}
                onChange={(e) => freshdesk.setDomain(e.target.value)}
                autoComplete="off"
                required
              />
              <TextField
                label={t('integrationsApp.freshdeskCard.apiKey')}
                hint={t('integrationsApp.freshdeskCard.apiKeyHint')}
                type="password"
                value={freshdesk.apiKey}
                onChange={(e) => freshdesk.setApiKey(e.target.value)}
                autoComplete="off"
                required
              />
              <Button type="submit" busy={freshdesk.busy === 'connect'}>
                {t('integrationsApp.freshdeskCard.connect')}
              </Button>
            </form>
          ) : (
            <FreshdeskPlanNotice />
          )}
        </>
      )}
      {connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.domain}</strong> · {t('integrationsApp.freshdeskCard.keyOf', { name: status.agent?.name ?? '', email: status.agent?.email ?? '' })}
          </p>
          {status.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.freshdeskCard.brokenTitle')}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && <FreshdeskPlanNotice />}
          <p className={styles.muted}>{t('integrationsApp.freshdeskCard.howItWorks')}</p>
          <h3 className={styles.cardTitle}>{t('integrationsApp.freshdeskCard.appTitle')}</h3>
          <p className={styles.muted}>{status.app_token_issued_at ? t('integrationsApp.freshdeskCard.tokenIssued') : t('integrationsApp.freshdeskCard.appIntro')}</p>
          {freshdesk.appToken && <AppTokenField token={freshdesk.appToken} />}
          <div className={styles.actions}>
            <Button variant="secondary" busy={freshdesk.busy === 'token'} onClick={() => void freshdesk.issueToken()}>
              {status.app_token_issued_at ? t('integrationsApp.freshdeskCard.replaceToken') : t('integrationsApp.freshdeskCard.issueToken')}
            </Button>
          </div>
          <HelpdeskSyncLog log={freshdesk.log} onRefresh={() => void freshdesk.reload()} onDisconnect={() => void freshdesk.disconnect()} disconnecting={freshdesk.busy === 'disconnect'} />
        </>
      )}
    </Card>
  );
}
