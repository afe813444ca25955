import type { LinearStatus, LinearTeam } from '@showback/contract';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { chatErrorText } from './chatErrorText.ts';
import { goToAuthorize, useOAuthReturn } from './oauthConnect.ts';
import * as linearApi from './linearApi.ts';
import '../../messages/en/integrationsApp.ts';

/** The Linear card's store: the status, the workspace's teams and the last error, with connect, team and disconnect. */
export function useLinearIntegration() {
  const [status, setStatus] = useState<LinearStatus | undefined>(undefined);
  const [teams, setTeams] = useState<LinearTeam[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'connect' | 'team' | 'disconnect' | undefined>(undefined);
  const toast = useToast();
  const confirm = useConfirm();

  const load = useCallback(async () => {
    try {
      const next = await linearApi.getLinearStatus();
      setStatus(next);
      if (next.connected && !next.error) setTeams(await linearApi.getLinearTeams());
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.linearCard.loadFailed'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Back from Linear's consent page: a refusal or a failed exchange lands here with linear=failed.
  useOAuthReturn('linear', () => setError(t('integrationsApp.linearCard.connectFailed')));

  const connect = async () => {
    setBusy('connect');
    setError(undefined);
    await goToAuthorize(() => linearApi.getLinearAuthorizeUrl(), (e) => {
      setError(chatErrorText(e, 'integrationsApp.linearCard.connectFailed'));
      setBusy(undefined);
    });
  };

  const pickTeam = async (teamId: string) => {
    if (!teamId) return;
    setBusy('team');
    setError(undefined);
    try {
      setStatus(await linearApi.updateLinear(teamId));
      toast.show({ tone: 'success', message: t('integrationsApp.linearCard.teamSaved'), lifetimeMs: TOAST_LIFETIME.saved });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.linearCard.teamFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t('integrationsApp.linearCard.disconnectTitle'), text: t('integrationsApp.linearCard.disconnectConfirm'), confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    setBusy('disconnect');
    setError(undefined);
    try {
      await linearApi.disconnectLinear();
      setTeams([]);
      setStatus((s) => s && { ...s, connected: false, organization_name: null, team: null, error: null, connected_at: null });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.linearCard.disconnectFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  return { status, teams, error, busy, connect, pickTeam, disconnect };
}
