import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { useLinearIntegration } from './useLinearIntegration.ts';
import { withSavedOption } from './withSavedOption.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** Why this account cannot connect Linear (every paid plan, or the trial), with the way to change that. */
function LinearPlanNotice() {
  return (
    <p className={styles.muted}>
      {t('integrationsApp.linearCard.planRequired')} <Link to="/upgrade">{t('integrationsApp.chat.upgrade')}</Link>
    </p>
  );
}

/**
 * Linear for owners and admins: connect a workspace by OAuth and pick the team issues go to; then anyone in the
 * account can create an issue from a recording's page. A revoked access shows here with the way to fix it.
 */
export function LinearCard() {
  const linear = useLinearIntegration();
  const { status } = linear;
  const connected = status?.connected === true;
  const offerConnect = status ? !status.connected : linear.error !== undefined;
  const teamOptions = withSavedOption(
    linear.teams.map((team) => ({ id: team.id, name: `${team.name} (${team.key})` })),
    status?.team?.id ?? null,
    status?.team ? `${status.team.name} (${status.team.key})` : null,
  );
  return (
    <Card className={styles.card} data-integration="linear">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('integrationsApp.linear.name')}</h2>
        <span className={`${styles.badge} ${connected && status.error ? styles.failed : styles.enabled}`}>{connected ? t('integrationsApp.chat.connected') : t('integrationsApp.available')}</span>
      </div>
      {linear.error && <Banner tone="error">{linear.error}</Banner>}
      {offerConnect && (
        <>
          <p className={styles.muted}>{t('integrationsApp.linear.text')}</p>
          {status?.plan_allows !== false ? (
            <Button busy={linear.busy === 'connect'} onClick={() => void linear.connect()}>
              {t('integrationsApp.linearCard.connect')}
            </Button>
          ) : (
            <LinearPlanNotice />
          )}
        </>
      )}
      {connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.organization_name}</strong>
          </p>
          {status.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.linearCard.brokenTitle')}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && <LinearPlanNotice />}
          {!status.error && (
            <SelectField
              label={t('integrationsApp.linearCard.team')}
              placeholder={t('integrationsApp.linearCard.chooseTeam')}
              value={status.team?.id ?? ''}
              options={teamOptions.map((team) => ({ value: team.id, label: team.name }))}
              onChange={(e) => void linear.pickTeam(e.target.value)}
              disabled={linear.busy === 'team'}
            />
          )}
          <p className={styles.muted}>{t('integrationsApp.linearCard.howItWorks')}</p>
          <div className={styles.actions}>
            {status.error && (
              <Button busy={linear.busy === 'connect'} onClick={() => void linear.connect()}>
                {t('integrationsApp.linearCard.reconnect')}
              </Button>
            )}
            <Button variant="danger" busy={linear.busy === 'disconnect'} onClick={() => void linear.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
