import type { HelpdeskSyncEntry, IntercomStatus } from '@showback/contract';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { chatErrorText } from './chatErrorText.ts';
import { goToAuthorize, useOAuthReturn } from './oauthConnect.ts';
import * as intercomApi from './intercomApi.ts';
import '../../messages/en/integrationsApp.ts';

/** The Intercom card's store: the status, the sync log and the last error, with connect (OAuth) and disconnect. */
export function useIntercomIntegration() {
  const [status, setStatus] = useState<IntercomStatus | undefined>(undefined);
  const [log, setLog] = useState<HelpdeskSyncEntry[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'connect' | 'disconnect' | undefined>(undefined);
  const confirm = useConfirm();

  const load = useCallback(async () => {
    try {
      const next = await intercomApi.getIntercomStatus();
      setStatus(next);
      if (next.connected) setLog(await intercomApi.getIntercomSyncLog());
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.intercomCard.loadFailed'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Back from Intercom's consent page: a refusal or a failed exchange lands here with intercom=failed.
  useOAuthReturn('intercom', () => setError(t('integrationsApp.intercomCard.connectFailed')));

  const connect = async () => {
    setBusy('connect');
    setError(undefined);
    await goToAuthorize(() => intercomApi.getIntercomAuthorizeUrl(), (e) => {
      setError(chatErrorText(e, 'integrationsApp.intercomCard.connectFailed'));
      setBusy(undefined);
    });
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t('integrationsApp.intercomCard.disconnectTitle'), text: t('integrationsApp.intercomCard.disconnectConfirm'), confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    setBusy('disconnect');
    setError(undefined);
    try {
      await intercomApi.disconnectIntercom();
      setLog([]);
      setStatus((s) => s && { ...s, connected: false, workspace_name: null, region: null, admin: null, error: null, connected_at: null });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.intercomCard.disconnectFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  return { status, log, error, busy, connect, disconnect, reload: load };
}
