import type { ZendeskStatus } from '@showback/contract';
import { useId, useState } from 'react';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { cardState } from './cardState.ts';
import { HelpdeskConnection } from './HelpdeskConnection.tsx';
import { IntegrationCard } from './IntegrationCard.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import { useIntegration } from './useIntegration.ts';
import { subdomainOf } from './subdomainOf.ts';
import * as zendeskApi from './zendeskApi.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/**
 * Zendesk for owners and admins: connect a Zendesk account by OAuth; then each recording requested from a ticket comes
 * back as an internal note, listed in the sync log. A revoked access shows here with the way to fix it.
 */
export function ZendeskCard() {
  const toast = useToast();
  const formId = useId();
  const name = t('integrationsApp.zendesk.name');
  const [subdomain, setSubdomain] = useState('');
  // The tags as typed, until saved; the saved ones otherwise.
  const [tags, setTags] = useState<string | undefined>(undefined);
  const zendesk = useIntegration<ZendeskStatus, 'tags'>({
    id: 'zendesk',
    name,
    getStatus: zendeskApi.getZendeskStatus,
    disconnectConfirm: t('integrationsApp.zendeskCard.disconnectConfirm'),
    disconnect: async (s) => {
      await zendeskApi.disconnectZendesk();
      return { ...s, connected: false, subdomain: null, error: null, connected_at: null };
    },
  });
  const { status } = zendesk;
  const log = useApiResource((signal) => (status?.connected ? zendeskApi.getHelpdeskSyncLog(signal) : Promise.resolve([])), [status?.connected]);
  const tagsValue = tags ?? status?.note_tags.join(' ') ?? '';

  const connect = () => {
    const sub = subdomainOf(subdomain);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(sub)) {
      zendesk.setError(t('integrationsApp.zendeskCard.subdomainInvalid'));
      return;
    }
    void zendesk.connect(() => zendeskApi.getZendeskAuthorizeUrl(sub));
  };

  /** Tags as people type them: separated by spaces or commas, lower case as Zendesk stores them. */
  const saveTags = () =>
    void zendesk.run(
      'tags',
      async () => {
        zendesk.setStatus(await zendeskApi.updateZendesk({ note_tags: [...new Set(tagsValue.toLowerCase().split(/[\s,]+/).filter(Boolean))] }));
        setTags(undefined);
        toast.show({ tone: 'success', message: t('integrationsApp.zendeskCard.tagsSaved'), lifetimeMs: TOAST_LIFETIME.saved });
      },
      t('integrationsApp.zendeskCard.tagsFailed'),
    );

  const offerConnect = !status?.connected && status?.plan_allows !== false;
  return (
    <IntegrationCard
      id="zendesk"
      name={name}
      state={cardState(status, zendesk.loading)}
      description={!status?.connected && t('integrationsApp.zendesk.text')}
      error={zendesk.error ?? zendesk.loadError(log.error)}
      wide={status?.connected}
      actions={
        offerConnect && (
          <Button type="submit" form={formId} busy={zendesk.busy === 'connect'} disabled={zendesk.loading}>
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
            label={t('integrationsApp.zendeskCard.subdomain')}
            hint={t('integrationsApp.zendeskCard.subdomainHint')}
            value={subdomain}
            onChange={(e) => setSubdomain(e.target.value)}
            autoComplete="off"
            required
          />
        </form>
      )}
      {status && !status.connected && !status.plan_allows && <PlanNotice text="integrationsApp.zendeskCard.planRequired" />}
      {status?.connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.subdomain}.zendesk.com</strong>
          </p>
          <HelpdeskConnection
            name={name}
            error={status.error}
            planAllows={status.plan_allows}
            planRequired="integrationsApp.zendeskCard.planRequired"
            howItWorks="integrationsApp.zendeskCard.howItWorks"
            log={log.data ?? []}
            onRefresh={() => {
              zendesk.reload();
              log.reload();
            }}
            onDisconnect={() => void zendesk.disconnect()}
            disconnecting={zendesk.busy === 'disconnect'}
          >
            <form
              onSubmit={(e) => {
                e.preventDefault();
                saveTags();
              }}
            >
              <TextField label={t('integrationsApp.zendeskCard.tags')} hint={t('integrationsApp.zendeskCard.tagsHint')} value={tagsValue} onChange={(e) => setTags(e.target.value)} autoComplete="off" />
              <Button type="submit" variant="secondary" busy={zendesk.busy === 'tags'}>
                {t('integrationsApp.zendeskCard.saveTags')}
              </Button>
            </form>
          </HelpdeskConnection>
        </>
      )}
    </IntegrationCard>
  );
}
