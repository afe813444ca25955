import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { useJiraIntegration } from './useJiraIntegration.ts';
import { withSavedOption } from './withSavedOption.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/**
 * Jira Cloud for owners and admins: connect by Atlassian's OAuth 2.0 (3LO), pick the site (when the grant reaches
 * several), the project and its issue type; then anyone in the account can create an issue from a recording's page.
 * A revoked grant shows here with the way to fix it.
 */
export function JiraCard() {
  const jira = useJiraIntegration();
  const { status } = jira;
  const connected = status?.connected === true;
  const offerConnect = status ? !status.connected : jira.error !== undefined;
  const project = jira.projects.find((p) => p.id === status?.project?.id);
  const projectOptions = withSavedOption(
    jira.projects.map((p) => ({ id: p.id, name: `${p.name} (${p.key})` })),
    status?.project?.id ?? null,
    status?.project ? `${status.project.name} (${status.project.key})` : null,
  );
  const typeOptions = withSavedOption(project?.issue_types ?? [], status?.issue_type?.id ?? null, status?.issue_type?.name ?? null);
  const planNotice = (
    <p className={styles.muted}>
      {t('integrationsApp.jiraCard.planRequired')} <Link to="/upgrade">{t('integrationsApp.chat.upgrade')}</Link>
    </p>
  );
  return (
    <Card className={styles.card} data-integration="jira">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('integrationsApp.jira.name')}</h2>
        <span className={`${styles.badge} ${connected && status.error ? styles.failed : styles.enabled}`}>{connected ? t('integrationsApp.chat.connected') : t('integrationsApp.available')}</span>
      </div>
      {jira.error && <Banner tone="error">{jira.error}</Banner>}
      {offerConnect && (
        <>
          <p className={styles.muted}>{t('integrationsApp.jira.text')}</p>
          {status?.plan_allows !== false ? (
            <Button busy={jira.busy === 'connect'} onClick={() => void jira.connect()}>
              {t('integrationsApp.jiraCard.connect')}
            </Button>
          ) : (
            planNotice
          )}
        </>
      )}
      {connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.site?.name}</strong> ({status.site?.url})
          </p>
          {status.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.jiraCard.brokenTitle')}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && planNotice}
          {!status.error && (
            <>
              {jira.sites.length > 1 && (
                <SelectField
                  label={t('integrationsApp.jiraCard.site')}
                  value={status.site?.id ?? ''}
                  options={jira.sites.map((s) => ({ value: s.id, label: `${s.name} (${s.url})` }))}
                  onChange={(e) => void jira.pick({ site_id: e.target.value })}
                  disabled={jira.busy === 'pick'}
                />
              )}
              <SelectField
                label={t('integrationsApp.jiraCard.project')}
                placeholder={t('integrationsApp.jiraCard.chooseProject')}
                value={status.project?.id ?? ''}
                options={projectOptions.map((p) => ({ value: p.id, label: p.name }))}
                onChange={(e) => e.target.value && void jira.pick({ project_id: e.target.value })}
                disabled={jira.busy === 'pick'}
              />
              {status.project && (
                <SelectField
                  label={t('integrationsApp.jiraCard.issueType')}
                  value={status.issue_type?.id ?? ''}
                  options={typeOptions.map((type) => ({ value: type.id, label: type.name }))}
                  onChange={(e) => void jira.pick({ project_id: status.project!.id, issue_type_id: e.target.value })}
                  disabled={jira.busy === 'pick'}
                />
              )}
              {status.project && !status.follows_status && <Banner tone="warning">{t('integrationsApp.jiraCard.noWebhook')}</Banner>}
            </>
          )}
          <p className={styles.muted}>{t('integrationsApp.jiraCard.howItWorks')}</p>
          <div className={styles.actions}>
            {status.error && (
              <Button busy={jira.busy === 'connect'} onClick={() => void jira.connect()}>
                {t('integrationsApp.jiraCard.reconnect')}
              </Button>
            )}
            <Button variant="danger" busy={jira.busy === 'disconnect'} onClick={() => void jira.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
