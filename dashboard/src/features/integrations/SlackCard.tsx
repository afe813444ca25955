import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { TeamChatPlanNotice } from './TeamChatPlanNotice.tsx';
import { useSlackIntegration } from './useSlackIntegration.ts';
import { withSavedOption } from './withSavedOption.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** Spec §2 team chat card, for owners and admins: connect, then toggle, default channel, test and disconnect. */
export function SlackCard() {
  const slack = useSlackIntegration();
  const { status } = slack;
  // A status that failed to load still offers connecting (the server says if the plan does not allow it).
  const offerConnect = status ? !status.connected : slack.error !== undefined;
  return (
    <Card className={styles.card} data-integration="slack">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('integrationsApp.slack.name')}</h2>
        {status?.connected && <span className={`${styles.badge} ${status.error ? styles.failed : styles.enabled}`}>{t('integrationsApp.chat.connected')}</span>}
      </div>
      {slack.error && <Banner tone="error">{slack.error}</Banner>}
      {offerConnect && (
        <>
          <p className={styles.muted}>{t('integrationsApp.slack.text')}</p>
          {status?.plan_allows !== false ? (
            <div>
              <Button busy={slack.busy === 'connect'} onClick={() => void slack.connect()}>
                {t('integrationsApp.slackCard.connect')}
              </Button>
            </div>
          ) : (
            <TeamChatPlanNotice />
          )}
        </>
      )}
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
          {!status.plan_allows && <TeamChatPlanNotice />}
          <Checkbox label={t('integrationsApp.chat.enable')} checked={status.enabled} onChange={(e) => slack.setEnabled(e.target.checked)} />
          <SelectField
            label={t('integrationsApp.chat.channel')}
            placeholder={t('integrationsApp.chat.chooseChannel')}
            value={status.default_channel_id ?? ''}
            options={withSavedOption(slack.channels, status.default_channel_id, status.default_channel_name).map((c) => ({ value: c.id, label: `#${c.name}` }))}
            onChange={(e) => slack.pickChannel(e.target.value)}
          />
          <div className={styles.actions}>
            <Button variant="secondary" busy={slack.busy === 'test'} disabled={!status.default_channel_id} onClick={() => void slack.sendTest()}>
              {t('integrationsApp.chat.sendTest')}
            </Button>
            <Button variant="danger" busy={slack.busy === 'disconnect'} onClick={() => void slack.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
