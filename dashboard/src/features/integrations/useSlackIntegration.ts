import type { ChatChannel, SlackStatus } from '@showback/contract';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { chatErrorText } from './chatErrorText.ts';
import { goToAuthorize, useOAuthReturn } from './oauthConnect.ts';
import * as slackApi from './slackApi.ts';
import '../../messages/en/integrationsApp.ts';

/** The Slack card's store (spec §3, §4): the status, the channel list and the last error, with the card's actions. */
export function useSlackIntegration() {
  const [status, setStatus] = useState<SlackStatus | undefined>(undefined);
  const [channels, setChannels] = useState<ChatChannel[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'connect' | 'test' | 'disconnect' | undefined>(undefined);
  const toast = useToast();
  const confirm = useConfirm();

  const loadChannels = useCallback(async () => {
    try {
      setChannels(await slackApi.listSlackChannels());
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.chatErrors.loadChannels'));
    }
  }, []);

  const load = useCallback(async () => {
    try {
      const next = await slackApi.getSlackStatus();
      setStatus(next);
      if (next.connected) await loadChannels();
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.chatErrors.loadSlackStatus'));
    }
  }, [loadChannels]);

  useEffect(() => {
    void load();
  }, [load]);

  // Back from Slack's install page: a refusal or a failed exchange lands here with slack=failed.
  useOAuthReturn('slack', () => setError(t('integrationsApp.chatErrors.connectSlack')));

  const connect = async () => {
    setBusy('connect');
    setError(undefined);
    await goToAuthorize(() => slackApi.getSlackAuthorizeUrl(), (e) => {
      setError(chatErrorText(e, 'integrationsApp.chatErrors.connectSlack'));
      setBusy(undefined);
    });
  };

  const save = async (change: Parameters<typeof slackApi.updateSlack>[0], revert: SlackStatus) => {
    setError(undefined);
    try {
      setStatus(await slackApi.updateSlack(change));
    } catch (e) {
      // Spec §4: the toggle (and the picked channel) go back to what was saved.
      setStatus(revert);
      setError(chatErrorText(e, 'integrationsApp.chatErrors.updateSettings'));
    }
  };

  const setEnabled = (enabled: boolean) => {
    if (!status) return;
    setStatus({ ...status, enabled });
    void save({ enabled }, status);
  };

  const pickChannel = (channelId: string) => {
    const channel = channels.find((c) => c.id === channelId);
    if (!status || !channel) return;
    setStatus({ ...status, default_channel_id: channel.id, default_channel_name: channel.name });
    void save({ default_channel_id: channel.id, default_channel_name: channel.name }, status);
  };

  const sendTest = async () => {
    setBusy('test');
    setError(undefined);
    try {
      await slackApi.sendSlackTest(status?.default_channel_id ?? undefined);
      toast.show({ tone: 'success', message: t('integrationsApp.chat.testSent'), lifetimeMs: TOAST_LIFETIME.default });
    } catch (e) {
      const message = chatErrorText(e, 'integrationsApp.chatErrors.sendTest');
      setError(message);
      toast.show({ tone: 'error', title: t('integrationsApp.chat.testFailed'), message, lifetimeMs: TOAST_LIFETIME.default });
      // Slack's refusal may have put the integration in its error state, which the card shows.
      await slackApi.getSlackStatus().then(setStatus, () => undefined);
    } finally {
      setBusy(undefined);
    }
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t('integrationsApp.slackCard.disconnectTitle'), text: t('integrationsApp.slackCard.disconnectConfirm'), confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    setBusy('disconnect');
    setError(undefined);
    try {
      await slackApi.disconnectSlack();
      // Spec §4: back to not connected, without team, channel or channel list.
      setChannels([]);
      setStatus((s) => s && { ...s, connected: false, enabled: false, team_name: null, default_channel_id: null, default_channel_name: null, error: null });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.chatErrors.disconnectSlack'));
    } finally {
      setBusy(undefined);
    }
  };

  return { status, channels, error, busy, connect, setEnabled, pickChannel, sendTest, disconnect };
}
