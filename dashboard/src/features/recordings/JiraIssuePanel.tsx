import type { JiraIssue } from '@showback/contract';
import { createJiraIssue, getRecordingJiraIssue } from '../integrations/jiraApi.ts';
import { TrackerIssuePanel, type TrackerIssueView } from './TrackerIssuePanel.tsx';

const view = (issue: JiraIssue): TrackerIssueView => ({ key: issue.key, title: issue.title, url: issue.url, state: issue.status.name, stateKind: issue.status.category, closed: issue.status.category === 'done' });

/** "Create issue in Jira" on a recording's page, once Jira is connected; the status follows Jira's webhook. */
export function JiraIssuePanel({ submissionId }: { submissionId: string }) {
  return (
    <TrackerIssuePanel
      tracker="jira"
      hideWhenUnavailable
      deps={[submissionId]}
      load={async (signal) => {
        const data = await getRecordingJiraIssue(submissionId, signal);
        return { can_create: data.can_create, issue: data.issue && view(data.issue) };
      }}
      create={() => createJiraIssue(submissionId)}
    />
  );
}
