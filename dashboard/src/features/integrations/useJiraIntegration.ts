import type { JiraProject, JiraSite, JiraStatus, UpdateJira } from '@showback/contract';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { chatErrorText } from './chatErrorText.ts';
import { goToAuthorize, useOAuthReturn } from './oauthConnect.ts';
import * as jiraApi from './jiraApi.ts';
import '../../messages/en/integrationsApp.ts';

/** The Jira card's store: the status, the sites and projects the grant reaches and the last error, with connect, pick and disconnect. */
export function useJiraIntegration() {
  const [status, setStatus] = useState<JiraStatus | undefined>(undefined);
  const [sites, setSites] = useState<JiraSite[]>([]);
  const [projects, setProjects] = useState<JiraProject[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'connect' | 'pick' | 'disconnect' | undefined>(undefined);
  const toast = useToast();
  const confirm = useConfirm();

  const loadChoices = useCallback(async () => {
    const [nextSites, nextProjects] = await Promise.all([jiraApi.getJiraSites(), jiraApi.getJiraProjects()]);
    setSites(nextSites);
    setProjects(nextProjects);
  }, []);

  const load = useCallback(async () => {
    try {
      const next = await jiraApi.getJiraStatus();
      setStatus(next);
      if (next.connected && !next.error) await loadChoices();
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.jiraCard.loadFailed'));
    }
  }, [loadChoices]);

  useEffect(() => {
    void load();
  }, [load]);

  // Back from Atlassian's consent page: a refusal or a failed exchange lands here with jira=failed.
  useOAuthReturn('jira', () => setError(t('integrationsApp.jiraCard.connectFailed')));

  const connect = async () => {
    setBusy('connect');
    setError(undefined);
    await goToAuthorize(() => jiraApi.getJiraAuthorizeUrl(), (e) => {
      setError(chatErrorText(e, 'integrationsApp.jiraCard.connectFailed'));
      setBusy(undefined);
    });
  };

  /** Saves the site, project or issue type; a new site brings its own projects. */
  const pick = async (change: UpdateJira) => {
    setBusy('pick');
    setError(undefined);
    try {
      setStatus(await jiraApi.updateJira(change));
      if (change.site_id) setProjects(await jiraApi.getJiraProjects());
      toast.show({ tone: 'success', message: t('integrationsApp.jiraCard.saved'), lifetimeMs: TOAST_LIFETIME.saved });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.jiraCard.saveFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t('integrationsApp.jiraCard.disconnectTitle'), text: t('integrationsApp.jiraCard.disconnectConfirm'), confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    setBusy('disconnect');
    setError(undefined);
    try {
      await jiraApi.disconnectJira();
      setSites([]);
      setProjects([]);
      setStatus((s) => s && { ...s, connected: false, site: null, project: null, issue_type: null, follows_status: false, error: null, connected_at: null });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.jiraCard.disconnectFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  return { status, sites, projects, error, busy, connect, pick, disconnect };
}
