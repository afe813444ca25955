import type { FreshdeskStatus } from '@showback/contract';
import { useId, useState } from 'react';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { cardState } from './cardState.ts';
import { freshdeskDomainOf } from './freshdeskDomainOf.ts';
import { HelpdeskConnection } from './HelpdeskConnection.tsx';
import { IntegrationCard } from './IntegrationCard.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import { useIntegration } from './useIntegration.ts';
import * as freshdeskApi from './freshdeskApi.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

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
  const confirm = useConfirm();
  const formId = useId();
  const name = t('integrationsApp.freshdesk.name');
  const [domain, setDomain] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [appToken, setAppToken] = useState<string | undefined>(undefined);
  const freshdesk = useIntegration<FreshdeskStatus, 'token'>({
    id: 'freshdesk',
    name,
    getStatus: freshdeskApi.getFreshdeskStatus,
    disconnectConfirm: t('integrationsApp.freshdeskCard.disconnectConfirm'),
    disconnect: async (s) => {
      await freshdeskApi.disconnectFreshdesk();
      setAppToken(undefined);
      return { ...s, connected: false, domain: null, agent: null, error: null, connected_at: null, app_token_issued_at: null };
    },
  });
  const { status } = freshdesk;
  const log = useApiResource((signal) => (status?.connected ? freshdeskApi.getFreshdeskSyncLog(signal) : Promise.resolve([])), [status?.connected]);

  const connect = () => {
    const host = freshdeskDomainOf(domain);
    if (!/^[a-z0-9][a-z0-9-]*\.freshdesk\.com$/.test(host)) {
      freshdesk.setError(t('integrationsApp.freshdeskCard.domainInvalid'));
      return;
    }
    void freshdesk.run(
      'connect',
      async () => {
        freshdesk.setStatus(await freshdeskApi.connectFreshdesk({ domain: host, api_key: apiKey.trim() }));
        // The key is not kept in the page once Freshdesk accepted it.
        setApiKey('');
      },
      t('integrationsApp.card.connectFailed', { name }),
    );
  };

  const issueToken = async () => {
    if (status?.app_token_issued_at && !(await confirm({ title: t('integrationsApp.freshdeskCard.replaceTokenTitle'), text: t('integrationsApp.freshdeskCard.replaceTokenConfirm'), confirmLabel: t('integrationsApp.freshdeskCard.replaceToken') }))) return;
    await freshdesk.run(
      'token',
      async () => {
        const issued = await freshdeskApi.issueFreshdeskAppToken();
        setAppToken(issued.token);
        freshdesk.setStatus((s) => s && { ...s, app_token_issued_at: issued.issued_at });
      },
      t('integrationsApp.freshdeskCard.tokenFailed'),
    );
  };

  const offerConnect = !status?.connected && status?.plan_allows !== false;
  return (
    <IntegrationCard
      id="freshdesk"
      name={name}
      state={cardState(status, freshdesk.loading)}
      description={!status?.connected && t('integrationsApp.freshdesk.text')}
      error={freshdesk.error ?? freshdesk.loadError(log.error)}
      wide={status?.connected}
      actions={
        offerConnect && (
          <Button type="submit" form={formId} busy={freshdesk.busy === 'connect'} disabled={freshdesk.loading}>
            {t('integrationsApp.card.connect', { name })}
          </Button>
        )
      }
    >
      {offerConnect && (
        <form
          id={formId}
          className={styles.fields}
          onSubmit={(e) => {
            e.preventDefault();
            connect();
          }}
        >
          <TextField
            label={t('integrationsApp.freshdeskCard.domain')}
            hint={t('integrationsApp.freshdeskCard.domainHint')}
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            autoComplete="off"
            required
          />
          <TextField
            label={t('integrationsApp.freshdeskCard.apiKey')}
            hint={t('integrationsApp.freshdeskCard.apiKeyHint')}
            type="password"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            autoComplete="off"
            required
          />
        </form>
      )}
      {status && !status.connected && !status.plan_allows && <PlanNotice text="integrationsApp.freshdeskCard.planRequired" />}
      {status?.connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.domain}</strong> · {t('integrationsApp.freshdeskCard.keyOf', { name: status.agent?.name ?? '', email: status.agent?.email ?? '' })}
          </p>
          <HelpdeskConnection
            name={name}
            error={status.error}
            planAllows={status.plan_allows}
            planRequired="integrationsApp.freshdeskCard.planRequired"
            howItWorks="integrationsApp.freshdeskCard.howItWorks"
            log={log.data ?? []}
            onRefresh={() => {
              freshdesk.reload();
              log.reload();
            }}
            onDisconnect={() => void freshdesk.disconnect()}
            disconnecting={freshdesk.busy === 'disconnect'}
          >
            <h3 className={styles.cardTitle}>{t('integrationsApp.freshdeskCard.appTitle')}</h3>
            <p className={styles.muted}>{status.app_token_issued_at ? t('integrationsApp.freshdeskCard.tokenIssued') : t('integrationsApp.freshdeskCard.appIntro')}</p>
            {appToken && <AppTokenField token={appToken} />}
            <div className={styles.actions}>
              <Button variant="secondary" busy={freshdesk.busy === 'token'} onClick={() => void issueToken()}>
                {status.app_token_issued_at ? t('integrationsApp.freshdeskCard.replaceToken') : t('integrationsApp.freshdeskCard.issueToken')}
              </Button>
            </div>
          </HelpdeskConnection>
        </>
      )}
    </IntegrationCard>
  );
}
