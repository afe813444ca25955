import type { FreshdeskStatus, HelpdeskSyncEntry } from '@showback/contract';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { chatErrorText } from './chatErrorText.ts';
import * as freshdeskApi from './freshdeskApi.ts';
import '../../messages/en/integrationsApp.ts';

/** Accepts `acme`, `acme.freshdesk.com` or `https://acme.freshdesk.com/a/tickets/1`: people paste what they see. */
export function freshdeskDomainOf(input: string): string {
  const host = input.trim().toLowerCase().replace(/^https?:\/\//, '').split('/')[0] ?? '';
  return host.includes('.') ? host : `${host}.freshdesk.com`;
}

/** The Freshdesk card's store: the status, the sync log, the app token just issued and the last error. */
export function useFreshdeskIntegration() {
  const [status, setStatus] = useState<FreshdeskStatus | undefined>(undefined);
  const [log, setLog] = useState<HelpdeskSyncEntry[]>([]);
  const [domain, setDomain] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [appToken, setAppToken] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'connect' | 'token' | 'disconnect' | undefined>(undefined);
  const confirm = useConfirm();

  const load = useCallback(async () => {
    try {
      const next = await freshdeskApi.getFreshdeskStatus();
      setStatus(next);
      if (next.connected) setLog(await freshdeskApi.getFreshdeskSyncLog());
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.freshdeskCard.loadFailed'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const connect = async () => {
    const name = freshdeskDomainOf(domain);
    if (!/^[a-z0-9][a-z0-9-]*\.freshdesk\.com$/.test(name)) {
      setError(t('integrationsApp.freshdeskCard.domainInvalid'));
      return;
    }
    setBusy('connect');
    setError(undefined);
    try {
      setStatus(await freshdeskApi.connectFreshdesk({ domain: name, api_key: apiKey.trim() }));
      // The key is not kept in the page once Freshdesk accepted it.
      setApiKey('');
      setLog(await freshdeskApi.getFreshdeskSyncLog());
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.freshdeskCard.connectFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  const issueToken = async () => {
    if (status?.app_token_issued_at && !(await confirm({ title: t('integrationsApp.freshdeskCard.replaceTokenTitle'), text: t('integrationsApp.freshdeskCard.replaceTokenConfirm'), confirmLabel: t('integrationsApp.freshdeskCard.replaceToken') }))) return;
    setBusy('token');
    setError(undefined);
    try {
      const issued = await freshdeskApi.issueFreshdeskAppToken();
      setAppToken(issued.token);
      setStatus((s) => s && { ...s, app_token_issued_at: issued.issued_at });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.freshdeskCard.tokenFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t('integrationsApp.freshdeskCard.disconnectTitle'), text: t('integrationsApp.freshdeskCard.disconnectConfirm'), confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    setBusy('disconnect');
    setError(undefined);
    try {
      await freshdeskApi.disconnectFreshdesk();
      setLog([]);
      setAppToken(undefined);
      setStatus((s) => s && { ...s, connected: false, domain: null, agent: null, error: null, connected_at: null, app_token_issued_at: null });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.freshdeskCard.disconnectFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  return { status, log, domain, setDomain, apiKey, setApiKey, appToken, error, busy, connect, issueToken, disconnect, reload: load };
}
