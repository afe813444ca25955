import type { GitHubIssue } from '@showback/contract';
import { t, type MessageKey } from '../../messages/t.ts';
import { createGitHubIssue, getRecordingGitHubIssue } from '../integrations/githubApi.ts';
import { TrackerIssuePanel, type TrackerIssueView } from './TrackerIssuePanel.tsx';
import '../../messages/en/recordings.ts';

const REASONS: Record<string, MessageKey> = {
  completed: 'recordings.github.completed',
  not_planned: 'recordings.github.notPlanned',
  duplicate: 'recordings.github.duplicate',
};

function stateText(issue: GitHubIssue): string {
  if (issue.state === 'open') return t('recordings.github.open');
  const reason = issue.state_reason ? REASONS[issue.state_reason] : undefined;
  return reason ? t('recordings.github.closedBecause', { reason: t(reason) }) : t('recordings.github.closed');
}

const view = (issue: GitHubIssue): TrackerIssueView => ({
  key: `${issue.repository}#${issue.number}`,
  title: issue.title,
  url: issue.url,
  state: stateText(issue),
  stateKind: issue.state,
  closed: issue.state === 'closed',
});

/** "Create issue in GitHub" on a recording's page, once GitHub is connected; the state follows the repository's webhook. */
export function GitHubIssuePanel({ submissionId }: { submissionId: string }) {
  return (
    <TrackerIssuePanel
      tracker="github"
      hideWhenUnavailable
      deps={[submissionId]}
      load={async (signal) => {
        const data = await getRecordingGitHubIssue(submissionId, signal);
        return { can_create: data.can_create, issue: data.issue && view(data.issue) };
      }}
      create={() => createGitHubIssue(submissionId)}
    />
  );
}
