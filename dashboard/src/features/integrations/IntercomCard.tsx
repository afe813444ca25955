import type { IntercomStatus } from '@showback/contract';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import { cardState } from './cardState.ts';
import { HelpdeskConnection } from './HelpdeskConnection.tsx';
import { IntegrationCard } from './IntegrationCard.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import { useIntegration } from './useIntegration.ts';
import * as intercomApi from './intercomApi.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/**
 * Intercom for owners and admins: connect a workspace by OAuth (its hosting region is read from Intercom); then each
 * recording requested from a conversation comes back as an admin note, listed in the sync log. An uninstalled app or
 * revoked access shows here with the way to fix it.
 */
export function IntercomCard() {
  const name = t('integrationsApp.intercom.name');
  const intercom = useIntegration<IntercomStatus>({
    id: 'intercom',
    name,
    getStatus: intercomApi.getIntercomStatus,
    getAuthorizeUrl: intercomApi.getIntercomAuthorizeUrl,
    disconnectConfirm: t('integrationsApp.intercomCard.disconnectConfirm'),
    disconnect: async (s) => {
      await intercomApi.disconnectIntercom();
      return { ...s, connected: false, workspace_name: null, region: null, admin: null, error: null, connected_at: null };
    },
  });
  const { status } = intercom;
  const log = useApiResource((signal) => (status?.connected ? intercomApi.getIntercomSyncLog(signal) : Promise.resolve([])), [status?.connected]);
  const connectButton = (label: string) => (
    <Button busy={intercom.busy === 'connect'} disabled={intercom.loading} onClick={() => void intercom.connect()}>
      {label}
    </Button>
  );
  return (
    <IntegrationCard
      id="intercom"
      name={name}
      state={cardState(status, intercom.loading)}
      description={!status?.connected && t('integrationsApp.intercom.text')}
      error={intercom.error ?? intercom.loadError(log.error)}
      wide={status?.connected}
      actions={status?.connected ? status.error && connectButton(t('integrationsApp.card.reconnect', { name })) : status?.plan_allows !== false && connectButton(t('integrationsApp.card.connect', { name }))}
    >
      {status && !status.connected && !status.plan_allows && <PlanNotice text="integrationsApp.intercomCard.planRequired" />}
      {status?.connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.workspace_name}</strong>
            {status.region && <> ({t('integrationsApp.intercomCard.hostedIn', { region: t(`integrationsApp.intercomCard.regions.${status.region}`) })})</>} ·{' '}
            {t('integrationsApp.intercomCard.notesBy', { name: status.admin?.name ?? '', email: status.admin?.email ?? '' })}
          </p>
          <HelpdeskConnection
            name={name}
            error={status.error}
            planAllows={status.plan_allows}
            planRequired="integrationsApp.intercomCard.planRequired"
            howItWorks="integrationsApp.intercomCard.howItWorks"
            log={log.data ?? []}
            onRefresh={() => {
              intercom.reload();
              log.reload();
            }}
            onDisconnect={() => void intercom.disconnect()}
            disconnecting={intercom.busy === 'disconnect'}
            ticketLabel={t('integrationsApp.intercomCard.conversation')}
          />
        </>
      )}
    </IntegrationCard>
  );
}
