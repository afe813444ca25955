import { CONFIGURED_WEBHOOK_PLACEHOLDER, type TeamsStatus, type UpdateTeamsIntegration } from '@showback/contract';
import { useState } from 'react';
import { errorText } from '../../app/errorText.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { cardState } from './cardState.ts';
import { IntegrationCard } from './IntegrationCard.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import { useIntegration } from './useIntegration.ts';
import { withSavedOption } from './withSavedOption.ts';
import * as teamsApi from './teamsApi.ts';
import own from './TeamsCard.module.css';
import '../../messages/en/integrationsApp.ts';

const STEPS = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;

/** Spec §2 Teams card: 'coming soon' until connected; then toggle, team, channel, webhook with help, test, disconnect. */
export function TeamsCard() {
  const toast = useToast();
  // Spec §5: a saved webhook shows as a placeholder, never as its URL.
  const [webhook, setWebhook] = useState<string | undefined>(undefined);
  const teams = useIntegration<TeamsStatus, 'save' | 'webhook' | 'test'>({
    id: 'teams',
    name: t('integrationsApp.teams.shortName'),
    fullName: t('integrationsApp.teams.name'),
    getStatus: teamsApi.getTeamsStatus,
    disconnectConfirm: t('integrationsApp.teamsCard.disconnectConfirm'),
    disconnect: async (s) => {
      await teamsApi.disconnectTeams();
      setWebhook('');
      return { ...s, connected: false, enabled: false, team_id: null, team_name: null, channel_id: null, channel_name: null, webhook_configured: false, error: null };
    },
  });
  const { status } = teams;
  const teamList = useApiResource((signal) => (status?.connected ? teamsApi.listTeams(signal) : Promise.resolve([])), [status?.connected]);
  const teamId = status?.connected ? status.team_id : null;
  const channels = useApiResource((signal) => (teamId ? teamsApi.listTeamChannels(teamId, signal) : Promise.resolve([])), [teamId]);
  const listError = teamList.error
    ? errorText(teamList.error, t('integrationsApp.chatErrors.loadTeams'))
    : channels.error
      ? errorText(channels.error, t('integrationsApp.chatErrors.loadChannels'))
      : undefined;
  const webhookValue = webhook ?? (status?.webhook_configured ? CONFIGURED_WEBHOOK_PLACEHOLDER : '');

  const save = (change: UpdateTeamsIntegration, next: TeamsStatus, revert: TeamsStatus) => {
    teams.setStatus(next);
    void teams.run('save', async () => teams.setStatus(await teamsApi.updateTeams(change)), t('integrationsApp.chatErrors.updateSettings'), () => teams.setStatus(revert));
  };

  const pickTeam = (id: string) => {
    const team = teamList.data?.find((x) => x.id === id);
    if (!status || !team) return;
    save({ team_id: team.id, team_name: team.name }, { ...status, team_id: team.id, team_name: team.name, channel_id: null, channel_name: null }, status);
  };

  const pickChannel = (id: string) => {
    const channel = channels.data?.find((x) => x.id === id);
    if (!status || !channel) return;
    save({ channel_id: channel.id, channel_name: channel.name }, { ...status, channel_id: channel.id, channel_name: channel.name }, status);
  };

  const saveWebhook = () => {
    const value = webhookValue.trim();
    // Spec §5: nothing is sent for an empty value or the placeholder of a saved one.
    if (!value || value === CONFIGURED_WEBHOOK_PLACEHOLDER) {
      toast.show({ tone: 'warning', message: t('integrationsApp.teamsCard.webhookRequired') });
      return;
    }
    void teams.run(
      'webhook',
      async () => {
        teams.setStatus(await teamsApi.updateTeams({ webhook_url: value }));
        setWebhook(CONFIGURED_WEBHOOK_PLACEHOLDER);
        toast.show({ tone: 'success', message: t('integrationsApp.teamsCard.saved'), lifetimeMs: TOAST_LIFETIME.saved });
      },
      t('integrationsApp.chatErrors.updateSettings'),
      (message) => toast.show({ tone: 'error', message }),
    );
  };

  const sendTest = () => {
    if (!status?.webhook_configured) {
      toast.show({ tone: 'warning', message: t('integrationsApp.teamsCard.testNeedsWebhook') });
      return;
    }
    void teams.run(
      'test',
      async () => {
        await teamsApi.sendTeamsTest();
        toast.show({ tone: 'success', message: t('integrationsApp.chat.testSent'), lifetimeMs: TOAST_LIFETIME.default });
      },
      t('integrationsApp.chatErrors.sendTest'),
      async (message) => {
        toast.show({ tone: 'error', title: t('integrationsApp.chat.testFailed'), message });
        await teamsApi.getTeamsStatus().then(teams.setStatus, () => undefined);
      },
    );
  };

  return (
    <IntegrationCard
      id="teams"
      name={t('integrationsApp.teams.name')}
      state={status?.connected ? cardState(status, false) : teams.loading ? 'loading' : 'soon'}
      description={!status?.connected && t('integrationsApp.teams.text')}
      error={teams.error ?? listError}
      actions={
        status?.connected && (
          <>
            <Button
              variant="secondary"
              busy={teams.busy === 'test'}
              aria-disabled={!status.webhook_configured}
              className={status.webhook_configured ? undefined : own.softDisabled}
              onClick={sendTest}
            >
              {t('integrationsApp.chat.sendTest')}
            </Button>
            <Button variant="danger" busy={teams.busy === 'disconnect'} onClick={() => void teams.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </>
        )
      }
    >
      {status?.connected && (
        <>
          {status.error && status.error !== teams.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.chat.brokenTitle')}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && <PlanNotice text="integrationsApp.chat.planRequired" />}
          <Checkbox label={t('integrationsApp.chat.enable')} checked={status.enabled} onChange={(e) => save({ enabled: e.target.checked }, { ...status, enabled: e.target.checked }, status)} />
          <SelectField
            label={t('integrationsApp.teamsCard.team')}
            placeholder={t('integrationsApp.teamsCard.chooseTeam')}
            value={status.team_id ?? ''}
            options={withSavedOption(teamList.data ?? [], status.team_id, status.team_name).map((x) => ({ value: x.id, label: x.name }))}
            onChange={(e) => pickTeam(e.target.value)}
          />
          {status.team_id && (
            <SelectField
              label={t('integrationsApp.teamsCard.channel')}
              placeholder={t('integrationsApp.chat.chooseChannel')}
              value={status.channel_id ?? ''}
              options={withSavedOption(channels.data ?? [], status.channel_id, status.channel_name).map((x) => ({ value: x.id, label: x.name }))}
              onChange={(e) => pickChannel(e.target.value)}
            />
          )}
          <div className={own.webhookRow}>
            <TextField label={t('integrationsApp.teamsCard.webhook')} type="url" value={webhookValue} onChange={(e) => setWebhook(e.target.value)} autoComplete="off" />
            <Button variant="secondary" busy={teams.busy === 'webhook'} onClick={saveWebhook}>
              {t('integrationsApp.teamsCard.save')}
            </Button>
          </div>
          <details>
            <summary>{t('integrationsApp.teamsCard.howTo')}</summary>
            <ol className={own.steps}>
              {STEPS.map((step) => (
                <li key={step}>{t(`integrationsApp.teamsCard.howToSteps.${step}`)}</li>
              ))}
            </ol>
          </details>
        </>
      )}
    </IntegrationCard>
  );
}
