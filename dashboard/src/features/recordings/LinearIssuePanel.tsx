import type { LinearIssue } from '@showback/contract';
import { createLinearIssue, getRecordingLinearIssue } from '../integrations/linearApi.ts';
import { TrackerIssuePanel, type TrackerIssueView } from './TrackerIssuePanel.tsx';

const view = (issue: LinearIssue): TrackerIssueView => ({
  key: issue.identifier,
  title: issue.title,
  url: issue.url,
  state: issue.state.name,
  stateKind: issue.state.type,
  closed: ['completed', 'canceled'].includes(issue.state.type),
});

/** "Create issue in Linear" on a recording's page; the state follows Linear's webhooks. */
export function LinearIssuePanel({ submissionId }: { submissionId: string }) {
  return (
    <TrackerIssuePanel
      tracker="linear"
      deps={[submissionId]}
      load={async (signal) => {
        const data = await getRecordingLinearIssue(submissionId, signal);
        return { can_create: data.can_create, issue: data.issue && view(data.issue) };
      }}
      create={() => createLinearIssue(submissionId)}
    />
  );
}
