import type { GitHubRepository, GitHubStatus } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { TrackerCard } from './TrackerCard.tsx';
import { useTrackerIntegration, type TrackerApi } from './useTrackerIntegration.ts';
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
  loadFailed: 'integrationsApp.githubCard.loadFailed',
  connectFailed: 'integrationsApp.githubCard.connectFailed',
  targetSaved: 'integrationsApp.githubCard.repositorySaved',
  targetFailed: 'integrationsApp.githubCard.repositoryFailed',
  disconnectTitle: 'integrationsApp.githubCard.disconnectTitle',
  disconnectConfirm: 'integrationsApp.githubCard.disconnectConfirm',
  disconnectFailed: 'integrationsApp.githubCard.disconnectFailed',
} as const;

const cardTexts = {
  name: 'integrationsApp.github.name',
  text: 'integrationsApp.github.text',
  connect: 'integrationsApp.githubCard.connect',
  reconnect: 'integrationsApp.githubCard.reconnect',
  brokenTitle: 'integrationsApp.githubCard.brokenTitle',
  howItWorks: 'integrationsApp.githubCard.howItWorks',
  planRequired: 'integrationsApp.githubCard.planRequired',
  target: 'integrationsApp.githubCard.repository',
  chooseTarget: 'integrationsApp.githubCard.chooseRepository',
} as const;

/** GitHub: a GitHub user connected through the OAuth app, and the repository issues go to (its webhook brings states back). */
export function GitHubCard() {
  const github = useTrackerIntegration('github', api, texts);
  const { status } = github;
  const repository = status?.repository;
  const repositories = withSavedOption(
    github.targets.map((r) => ({ id: r.full_name, name: r.private ? `${r.full_name} (${t('integrationsApp.githubCard.private')})` : r.full_name })),
    repository?.full_name ?? null,
    repository?.full_name ?? null,
  );
  return (
    <TrackerCard
      name="github"
      tracker={github}
      texts={cardTexts}
      connectedTo={status?.login}
      options={repositories.map((r) => ({ value: r.id, label: r.name }))}
      value={repository?.full_name ?? ''}
      notice={repository && !status?.webhook && !status?.error && <Banner tone="warning">{t('integrationsApp.githubCard.noWebhook', { repository: repository.full_name })}</Banner>}
    />
  );
}
