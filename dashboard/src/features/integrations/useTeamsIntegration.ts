import { CONFIGURED_WEBHOOK_PLACEHOLDER, type ChatChannel, type TeamsStatus, type UpdateTeamsIntegration } from '@showback/contract';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { chatErrorText } from './chatErrorText.ts';
import { useOAuthReturn } from './oauthConnect.ts';
import * as teamsApi from './teamsApi.ts';
import '../../messages/en/integrationsApp.ts';

/** The Teams card's store (spec §3, §4): status, teams, the picked team's channels, the webhook field and the last error. */
export function useTeamsIntegration() {
  const [status, setStatus] = useState<TeamsStatus | undefined>(undefined);
  const [teams, setTeams] = useState<ChatChannel[]>([]);
  const [channels, setChannels] = useState<ChatChannel[]>([]);
  const [webhook, setWebhook] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'save' | 'test' | 'disconnect' | undefined>(undefined);
  const toast = useToast();
  const confirm = useConfirm();

  const loadChannels = useCallback(async (teamId: string) => {
    try {
      setChannels(await teamsApi.listTeamChannels(teamId));
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.chatErrors.loadChannels'));
    }
  }, []);

  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const next = await teamsApi.getTeamsStatus();
        if (!live) return;
        setStatus(next);
        setWebhook(next.webhook_configured ? CONFIGURED_WEBHOOK_PLACEHOLDER : '');
        if (!next.connected) return;
        try {
          setTeams(await teamsApi.listTeams());
        } catch (e) {
          setError(chatErrorText(e, 'integrationsApp.chatErrors.loadTeams'));
        }
        if (next.team_id) await loadChannels(next.team_id);
      } catch (e) {
        setError(chatErrorText(e, 'integrationsApp.chatErrors.loadTeamsStatus'));
      }
    };
    void load();
    return () => {
      live = false;
    };
  }, [loadChannels]);

  useOAuthReturn('teams', () => setError(t('integrationsApp.chatErrors.connectTeams')));

  const save = async (change: UpdateTeamsIntegration, revert: TeamsStatus): Promise<boolean> => {
    setError(undefined);
    try {
      setStatus(await teamsApi.updateTeams(change));
      return true;
    } catch (e) {
      setStatus(revert);
      setError(chatErrorText(e, 'integrationsApp.chatErrors.updateSettings'));
      return false;
    }
  };

  const setEnabled = (enabled: boolean) => {
    if (!status) return;
    setStatus({ ...status, enabled });
    void save({ enabled }, status);
  };

  const pickTeam = (teamId: string) => {
    const team = teams.find((x) => x.id === teamId);
    if (!status || !team) return;
    setStatus({ ...status, team_id: team.id, team_name: team.name, channel_id: null, channel_name: null });
    setChannels([]);
    void save({ team_id: team.id, team_name: team.name }, status);
    void loadChannels(team.id);
  };

  const pickChannel = (channelId: string) => {
    const channel = channels.find((x) => x.id === channelId);
    if (!status || !channel) return;
    setStatus({ ...status, channel_id: channel.id, channel_name: channel.name });
    void save({ channel_id: channel.id, channel_name: channel.name }, status);
  };

  const saveWebhook = async () => {
    const value = webhook.trim();
    // Spec §5: nothing is sent for an empty value or the placeholder of a saved one.
    if (!value || value === CONFIGURED_WEBHOOK_PLACEHOLDER) {
      toast.show({ tone: 'warning', message: t('integrationsApp.teamsCard.webhookRequired') });
      return;
    }
    if (!status) return;
    setBusy('save');
    setError(undefined);
    try {
      setStatus(await teamsApi.updateTeams({ webhook_url: value }));
      setWebhook(CONFIGURED_WEBHOOK_PLACEHOLDER);
      toast.show({ tone: 'success', message: t('integrationsApp.teamsCard.saved'), lifetimeMs: TOAST_LIFETIME.saved });
    } catch (e) {
      const message = chatErrorText(e, 'integrationsApp.chatErrors.updateSettings');
      setError(message);
      toast.show({ tone: 'error', message });
    } finally {
      setBusy(undefined);
    }
  };

  const sendTest = async () => {
    if (!status?.webhook_configured) {
      toast.show({ tone: 'warning', message: t('integrationsApp.teamsCard.testNeedsWebhook') });
      return;
    }
    setBusy('test');
    setError(undefined);
    try {
      await teamsApi.sendTeamsTest();
      toast.show({ tone: 'success', message: t('integrationsApp.chat.testSent'), lifetimeMs: TOAST_LIFETIME.default });
    } catch (e) {
      const message = chatErrorText(e, 'integrationsApp.chatErrors.sendTest');
      setError(message);
      toast.show({ tone: 'error', title: t('integrationsApp.chat.testFailed'), message });
      await teamsApi.getTeamsStatus().then(setStatus, () => undefined);
    } finally {
      setBusy(undefined);
    }
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t('integrationsApp.teamsCard.disconnectTitle'), text: t('integrationsApp.teamsCard.disconnectConfirm'), confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    setBusy('disconnect');
    setError(undefined);
    try {
      await teamsApi.disconnectTeams();
      setTeams([]);
      setChannels([]);
      setWebhook('');
      setStatus((s) => s && { ...s, connected: false, enabled: false, team_id: null, team_name: null, channel_id: null, channel_name: null, webhook_configured: false, error: null });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.chatErrors.disconnectTeams'));
    } finally {
      setBusy(undefined);
    }
  };

  return { status, teams, channels, webhook, setWebhook, error, busy, setEnabled, pickTeam, pickChannel, saveWebhook, sendTest, disconnect };
}
