import type { JiraStatus, UpdateJira } from '@showback/contract';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { cardState } from './cardState.ts';
import { IntegrationCard } from './IntegrationCard.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import { useIntegration } from './useIntegration.ts';
import { withSavedOption } from './withSavedOption.ts';
import * as jiraApi from './jiraApi.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/**
 * Jira Cloud for owners and admins: connect by Atlassian's OAuth 2.0 (3LO), pick the site (when the grant reaches
 * several), the project and its issue type; then anyone in the account can create an issue from a recording's page.
 * A revoked grant shows here with the way to fix it.
 */
export function JiraCard() {
  const toast = useToast();
  const name = t('integrationsApp.jira.name');
  const jira = useIntegration<JiraStatus, 'pick'>({
    id: 'jira',
    name,
    getStatus: jiraApi.getJiraStatus,
    getAuthorizeUrl: jiraApi.getJiraAuthorizeUrl,
    disconnectConfirm: t('integrationsApp.jiraCard.disconnectConfirm'),
    disconnect: async (s) => {
      await jiraApi.disconnectJira();
      return { ...s, connected: false, site: null, project: null, issue_type: null, follows_status: false, error: null, connected_at: null };
    },
  });
  const { status } = jira;
  const usable = status?.connected === true && !status.error;
  const sites = useApiResource((signal) => (usable ? jiraApi.getJiraSites(signal) : Promise.resolve([])), [usable]);
  // A new site brings its own projects.
  const projects = useApiResource((signal) => (usable ? jiraApi.getJiraProjects(signal) : Promise.resolve([])), [usable, status?.site?.id]);

  /** Saves the site, project or issue type. */
  const pick = (change: UpdateJira) =>
    void jira.run(
      'pick',
      async () => {
        jira.setStatus(await jiraApi.updateJira(change));
        toast.show({ tone: 'success', message: t('integrationsApp.jiraCard.saved'), lifetimeMs: TOAST_LIFETIME.saved });
      },
      t('integrationsApp.jiraCard.saveFailed'),
    );

  const project = projects.data?.find((p) => p.id === status?.project?.id);
  const projectOptions = withSavedOption(
    (projects.data ?? []).map((p) => ({ id: p.id, name: `${p.name} (${p.key})` })),
    status?.project?.id ?? null,
    status?.project ? `${status.project.name} (${status.project.key})` : null,
  );
  const typeOptions = withSavedOption(project?.issue_types ?? [], status?.issue_type?.id ?? null, status?.issue_type?.name ?? null);
  const planNotice = <PlanNotice text="integrationsApp.jiraCard.planRequired" />;
  return (
    <IntegrationCard
      id="jira"
      name={name}
      state={cardState(status, jira.loading)}
      description={!status?.connected && t('integrationsApp.jira.text')}
      error={jira.error ?? jira.loadError(sites.error ?? projects.error)}
      actions={
        status?.connected ? (
          <>
            {status.error && (
              <Button busy={jira.busy === 'connect'} onClick={() => void jira.connect()}>
                {t('integrationsApp.card.reconnect', { name })}
              </Button>
            )}
            <Button variant="danger" busy={jira.busy === 'disconnect'} onClick={() => void jira.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </>
        ) : (
          status?.plan_allows !== false && (
            <Button busy={jira.busy === 'connect'} disabled={jira.loading} onClick={() => void jira.connect()}>
              {t('integrationsApp.card.connect', { name })}
            </Button>
          )
        )
      }
    >
      {status && !status.connected && !status.plan_allows && planNotice}
      {status?.connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{status.site?.name}</strong> ({status.site?.url})
          </p>
          {status.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.card.accessBroken', { name })}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && planNotice}
          {!status.error && (
            <>
              {(sites.data ?? []).length > 1 && (
                <SelectField
                  label={t('integrationsApp.jiraCard.site')}
                  value={status.site?.id ?? ''}
                  options={(sites.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.url})` }))}
                  onChange={(e) => pick({ site_id: e.target.value })}
                  disabled={jira.busy === 'pick'}
                />
              )}
              <SelectField
                label={t('integrationsApp.jiraCard.project')}
                placeholder={t('integrationsApp.jiraCard.chooseProject')}
                value={status.project?.id ?? ''}
                options={projectOptions.map((p) => ({ value: p.id, label: p.name }))}
                onChange={(e) => e.target.value && pick({ project_id: e.target.value })}
                disabled={jira.busy === 'pick'}
              />
              {status.project && (
                <SelectField
                  label={t('integrationsApp.jiraCard.issueType')}
                  value={status.issue_type?.id ?? ''}
                  options={typeOptions.map((type) => ({ value: type.id, label: type.name }))}
                  onChange={(e) => pick({ project_id: status.project!.id, issue_type_id: e.target.value })}
                  disabled={jira.busy === 'pick'}
                />
              )}
              {status.project && !status.follows_status && <Banner tone="warning">{t('integrationsApp.jiraCard.noWebhook')}</Banner>}
            </>
          )}
          <p className={styles.muted}>{t('integrationsApp.jiraCard.howItWorks')}</p>
        </>
      )}
    </IntegrationCard>
  );
}
