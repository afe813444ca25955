import type { SlackStatus, UpdateSlackIntegration } from '@showback/contract';
import { errorText } from '../../app/errorText.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { cardState } from './cardState.ts';
import { IntegrationCard } from './IntegrationCard.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import { useIntegration } from './useIntegration.ts';
import { withSavedOption } from './withSavedOption.ts';
import styles from './Integrations.module.css';
import * as slackApi from './slackApi.ts';
import '../../messages/en/integrationsApp.ts';

/** Spec §2 team chat card, for owners and admins: connect, then toggle, default channel, test and disconnect. */
export function SlackCard() {
  const toast = useToast();
  const slack = useIntegration<SlackStatus, 'save' | 'test'>({
    id: 'slack',
    name: t('integrationsApp.slack.name'),
    getStatus: slackApi.getSlackStatus,
    getAuthorizeUrl: slackApi.getSlackAuthorizeUrl,
    disconnectConfirm: t('integrationsApp.slackCard.disconnectConfirm'),
    // Spec §4: back to not connected, without team, channel or channel list.
    disconnect: async (s) => {
      await slackApi.disconnectSlack();
      return { ...s, connected: false, enabled: false, team_name: null, default_channel_id: null, default_channel_name: null, error: null };
    },
  });
  const { status } = slack;
  const channels = useApiResource((signal) => (status?.connected ? slackApi.listSlackChannels(signal) : Promise.resolve([])), [status?.connected]);
  const channelsError = channels.error ? errorText(channels.error, t('integrationsApp.chatErrors.loadChannels')) : undefined;

  // Spec §4: a failed save puts the toggle (and the picked channel) back to what was saved.
  const save = (change: UpdateSlackIntegration, next: SlackStatus, revert: SlackStatus) => {
    slack.setStatus(next);
    void slack.run('save', async () => slack.setStatus(await slackApi.updateSlack(change)), t('integrationsApp.chatErrors.updateSettings'), () => slack.setStatus(revert));
  };

  const pickChannel = (channelId: string) => {
    const channel = channels.data?.find((c) => c.id === channelId);
    if (!status || !channel) return;
    save({ default_channel_id: channel.id, default_channel_name: channel.name }, { ...status, default_channel_id: channel.id, default_channel_name: channel.name }, status);
  };

  const sendTest = () =>
    slack.run(
      'test',
      async () => {
        await slackApi.sendSlackTest(status?.default_channel_id ?? undefined);
        toast.show({ tone: 'success', message: t('integrationsApp.chat.testSent'), lifetimeMs: TOAST_LIFETIME.default });
      },
      t('integrationsApp.chatErrors.sendTest'),
      async (message) => {
        toast.show({ tone: 'error', title: t('integrationsApp.chat.testFailed'), message, lifetimeMs: TOAST_LIFETIME.default });
        // Slack's refusal may have put the integration in its error state, which the card shows.
        await slackApi.getSlackStatus().then(slack.setStatus, () => undefined);
      },
    );

  return (
    <IntegrationCard
      id="slack"
      name={t('integrationsApp.slack.name')}
      state={cardState(status, slack.loading)}
      description={!status?.connected && t('integrationsApp.slack.text')}
      error={slack.error ?? channelsError}
      actions={
        status?.connected ? (
          <>
            <Button variant="secondary" busy={slack.busy === 'test'} disabled={!status.default_channel_id} onClick={() => void sendTest()}>
              {t('integrationsApp.chat.sendTest')}
            </Button>
            <Button variant="danger" busy={slack.busy === 'disconnect'} onClick={() => void slack.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </>
        ) : (
          // A status that failed to load still offers connecting (the server says if the plan does not allow it).
          status?.plan_allows !== false && (
            <Button busy={slack.busy === 'connect'} disabled={slack.loading} onClick={() => void slack.connect()}>
              {t('integrationsApp.card.connect', { name: t('integrationsApp.slack.name') })}
            </Button>
          )
        )
      }
    >
      {status?.plan_allows === false && !status.connected && <PlanNotice text="integrationsApp.chat.planRequired" />}
      {status?.connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.team_name}</strong>
          </p>
          {status.error && status.error !== slack.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.chat.brokenTitle')}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && <PlanNotice text="integrationsApp.chat.planRequired" />}
          <Checkbox label={t('integrationsApp.chat.enable')} checked={status.enabled} onChange={(e) => save({ enabled: e.target.checked }, { ...status, enabled: e.target.checked }, status)} />
          <SelectField
            label={t('integrationsApp.chat.channel')}
            placeholder={t('integrationsApp.chat.chooseChannel')}
            value={status.default_channel_id ?? ''}
            options={withSavedOption(channels.data ?? [], status.default_channel_id, status.default_channel_name).map((c) => ({ value: c.id, label: `#${c.name}` }))}
            onChange={(e) => pickChannel(e.target.value)}
          />
        </>
      )}
    </IntegrationCard>
  );
}
