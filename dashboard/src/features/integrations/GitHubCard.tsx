import type { GitHubRepository, GitHubStatus } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { TrackerCard, type TrackerApi, type TrackerView } from './TrackerCard.tsx';
import { withSavedOption } from './withSavedOption.ts';
import * as githubApi from './githubApi.ts';
import '../../messages/en/integrationsApp.ts';

const api: TrackerApi<GitHubStatus, GitHubRepository> = {
  getStatus: githubApi.getGitHubStatus,
  getAuthorizeUrl: githubApi.getGitHubAuthorizeUrl,
  getTargets: githubApi.getGitHubRepositories,
  update: githubApi.updateGitHub,
  disconnect: githubApi.disconnectGitHub,
};

const texts = {
  name: 'integrationsApp.github.name',
  text: 'integrationsApp.github.text',
  howItWorks: 'integrationsApp.githubCard.howItWorks',
  planRequired: 'integrationsApp.githubCard.planRequired',
  target: 'integrationsApp.githubCard.repository',
  chooseTarget: 'integrationsApp.githubCard.chooseRepository',
  targetSaved: 'integrationsApp.githubCard.repositorySaved',
  targetFailed: 'integrationsApp.githubCard.repositoryFailed',
  disconnectConfirm: 'integrationsApp.githubCard.disconnectConfirm',
} as const;

function view(status: GitHubStatus, repositories: GitHubRepository[]): TrackerView {
  const repository = status.repository;
  const options = withSavedOption(
    repositories.map((r) => ({ id: r.full_name, name: r.private ? `${r.full_name} (${t('integrationsApp.githubCard.private')})` : r.full_name })),
    repository?.full_name ?? null,
    repository?.full_name ?? null,
  );
  return {
    connectedTo: status.login,
    options: options.map((r) => ({ value: r.id, label: r.name })),
    value: repository?.full_name ?? '',
    notice: repository && !status.webhook && !status.error && <Banner tone="warning">{t('integrationsApp.githubCard.noWebhook', { repository: repository.full_name })}</Banner>,
  };
}

/** GitHub: a GitHub user connected through the OAuth app, and the repository issues go to (its webhook brings states back). */
export function GitHubCard() {
  return <TrackerCard id="github" api={api} texts={texts} view={view} />;
}
