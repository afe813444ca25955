import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { TeamChatPlanNotice } from './TeamChatPlanNotice.tsx';
import { useTeamsIntegration } from './useTeamsIntegration.ts';
import { withSavedOption } from './withSavedOption.ts';
import styles from './Integrations.module.css';
import own from './TeamsCard.module.css';
import '../../messages/en/integrationsApp.ts';

const STEPS = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;

/** Spec §2 Teams card: 'coming soon' until connected; then toggle, team, channel, webhook with help, test, disconnect. */
export function TeamsCard() {
  const teams = useTeamsIntegration();
  const { status } = teams;
  const connected = status?.connected === true;
  return (
    <Card className={styles.card} data-integration="teams">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('integrationsApp.teams.name')}</h2>
        <span className={`${styles.badge} ${connected ? (status.error ? styles.failed : styles.enabled) : styles.soon}`}>{connected ? t('integrationsApp.chat.connected') : t('integrationsApp.comingSoon')}</span>
      </div>
      {teams.error && <Banner tone="error">{teams.error}</Banner>}
      {!connected && <p className={styles.muted}>{t('integrationsApp.teams.text')}</p>}
      {connected && (
        <>
          {status.error && status.error !== teams.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.chat.brokenTitle')}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && <TeamChatPlanNotice />}
          <Checkbox label={t('integrationsApp.chat.enable')} checked={status.enabled} onChange={(e) => teams.setEnabled(e.target.checked)} />
          <SelectField
            label={t('integrationsApp.teamsCard.team')}
            placeholder={t('integrationsApp.teamsCard.chooseTeam')}
            value={status.team_id ?? ''}
            options={withSavedOption(teams.teams, status.team_id, status.team_name).map((x) => ({ value: x.id, label: x.name }))}
            onChange={(e) => teams.pickTeam(e.target.value)}
          />
          {status.team_id && (
            <SelectField
              label={t('integrationsApp.teamsCard.channel')}
              placeholder={t('integrationsApp.chat.chooseChannel')}
              value={status.channel_id ?? ''}
              options={withSavedOption(teams.channels, status.channel_id, status.channel_name).map((x) => ({ value: x.id, label: x.name }))}
              onChange={(e) => teams.pickChannel(e.target.value)}
            />
          )}
          <div className={own.webhookRow}>
            <TextField label={t('integrationsApp.teamsCard.webhook')} type="url" value={teams.webhook} onChange={(e) => teams.setWebhook(e.target.value)} autoComplete="off" />
            <Button variant="secondary" busy={teams.busy === 'save'} onClick={() => void teams.saveWebhook()}>
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
          <div className={styles.actions}>
            <Button
              variant="secondary"
              busy={teams.busy === 'test'}
              aria-disabled={!status.webhook_configured}
              className={status.webhook_configured ? undefined : own.softDisabled}
              onClick={() => void teams.sendTest()}
            >
              {t('integrationsApp.chat.sendTest')}
            </Button>
            <Button variant="danger" busy={teams.busy === 'disconnect'} onClick={() => void teams.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
