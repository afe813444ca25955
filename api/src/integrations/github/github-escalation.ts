import type { CreateGitHubIssue, GitHubIssue, RecordingGitHubIssue } from '@showback/contract';
import type { Octokit } from '@octokit/rest';
import { recordAlertEvent } from '../../alerts/alert-events.ts';
import { buildSubmissionAlert, outsideAlert } from '../../alerts/submission-alert.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getSubmissionRecord } from '../../modules/submissions/submissions.service.ts';
import { listEvents } from '../../modules/widget/widget.repository.ts';
import { issueMarkdown } from '../escalation/issue-body.ts';
import { requestListFile } from '../escalation/request-list-har.ts';
import { requestListPath } from '../escalation/request-list.routes.ts';
import { problemsOf } from '../helpdesk/helpdesk-note.ts';
import { valueOrThrow, type ProviderAnswer, type ProviderFailure } from '../kit/provider-failure.ts';
import { callGitHub, githubApi } from './github-client.ts';
import { assertGitHubAllowed, githubAllowed, githubConnection, tokenOf } from './github.service.ts';
import * as repo from './github.repository.ts';
import { iso } from '../../db/iso.ts';

/** Hidden in the issue's Markdown: finds the issue again when our record of it was lost (an answer that never came back). */
export const recordingMarker = (recordingUrl: string): string => `<!-- showback-recording: ${recordingUrl} -->`;

export function toGitHubIssue(row: repo.GitHubIssueRow): GitHubIssue {
  return {
    number: row.issue_number,
    repository: row.repository_full_name,
    title: row.title,
    url: row.url,
    state: row.state,
    state_reason: row.state_reason,
    escalations: row.escalations,
    updated_at: iso(row.updated_at),
  };
}

/** Whether the account's members can escalate now: connected, a repository picked, not in the error state, on the plan. */
export async function githubEscalationReady(ctx: AppContext, accountId: string): Promise<boolean> {
  const connection = await repo.findGitHubConnection(ctx.db, accountId);
  return Boolean(connection?.repository_full_name && !connection.error) && (await githubAllowed(ctx.db, accountId));
}

/** The issue a recording was escalated to, and whether the person can create (or update) one now. */
export async function recordingGitHubIssue(ctx: AppContext, accountId: string, submissionId: string): Promise<RecordingGitHubIssue> {
  await getSubmissionRecord(ctx, accountId, submissionId);
  const [row, canCreate] = await Promise.all([repo.findGitHubIssue(ctx.db, accountId, submissionId), githubEscalationReady(ctx, accountId)]);
  return { issue: row ? toGitHubIssue(row) : null, can_create: canCreate };
}

/**
 * The issue carrying this recording when our row does not name it in this repository: the connected user's most
 * recent issues there are read for the marker (the listing is immediate, where GitHub's search index lags behind).
 */
async function issueWithMarker(octokit: Octokit, owner: string, name: string, creator: string, marker: string): Promise<ProviderAnswer<number | undefined>> {
  return callGitHub(async () => {
    const { data } = await octokit.rest.issues.listForRepo({ owner, repo: name, creator, state: 'all', sort: 'created', direction: 'desc', per_page: 100 });
    return data.find((issue) => !issue.pull_request && issue.body?.includes(marker))?.number;
  });
}

/**
 * "Create issue in GitHub" from a recording: an issue in the connected repository with the diagnosis as its body
 * and a link to the request list as a HAR file on Showback (GitHub's API takes no attachments; docs/github.md says
 * why not a gist). A second escalation of the same recording edits that issue instead of opening another; the
 * recording's row is locked meanwhile, so two clicks at once make one issue. A new issue (or one in another state than
 * last seen) is news for the notes on the tickets the recording came from.
 */
export async function escalateToGitHub(ctx: AppContext, user: { id: string; accountId: string }, submissionId: string, input: CreateGitHubIssue): Promise<GitHubIssue> {
  await getSubmissionRecord(ctx, user.accountId, submissionId);
  const connection = await githubConnection(ctx, user.accountId);
  await assertGitHubAllowed(ctx, user.accountId);
  if (connection.error) throw new AppError('CONFLICT', `GitHub needs to be reconnected on the Integrations page: ${connection.error}`);
  if (!connection.repository_full_name || connection.repository_id == null) throw new AppError('CONFLICT', 'Pick the GitHub repository issues go to on the Integrations page first.');
  const octokit = githubApi(ctx, tokenOf(ctx, connection));
  const alert = await buildSubmissionAlert(ctx, user.accountId, submissionId);
  if (!alert) throw new AppError('NOT_FOUND', 'Submission not found');
  const events = await listEvents(ctx.db, submissionId);
  const har = requestListFile(events, alert.submission);
  const requestList = har && { filename: har.filename, entries: har.entries, url: `${ctx.config.publicUrl}${requestListPath(submissionId)}` };
  const recordingUrl = alert.links.recording;
  // The issue links where its readers can watch; the marker keeps the dashboard's address, which finds the issue again.
  const body = `${issueMarkdown(await outsideAlert(ctx, user.accountId, alert, 'github'), problemsOf(events, alert.summary), requestList)}\n\n${recordingMarker(recordingUrl)}`;
  const title = input.title ?? alert.request.title;
  const repositoryId = Number(connection.repository_id);
  const [owner, name] = connection.repository_full_name.split('/') as [string, string];

  // Recorded once the transaction is over (its connection is the only one an embedded database has).
  let broken: ProviderFailure | undefined;
  const unwrap = <T>(answer: ProviderAnswer<T>): T => valueOrThrow(answer, (failure) => (broken = failure));
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('submissions').select('id').where('id', '=', submissionId).forUpdate().executeTakeFirst();
      const known = await trx.selectFrom('github_issues').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
      let number = known && Number(known.repository_id) === repositoryId ? known.issue_number : unwrap(await issueWithMarker(octokit, owner, name, connection.login, recordingMarker(recordingUrl)));
      let issue: { number: number; html_url: string; title: string; state: string; state_reason?: string | null } | undefined;
      if (number) {
        const updated = await callGitHub(async () => (await octokit.rest.issues.update({ owner, repo: name, issue_number: number!, title, body })).data);
        // Deleted or moved to another repository since (404/410): the recording gets a new issue.
        if (!updated.ok && updated.kind === 'refused' && (updated.status === 404 || updated.status === 410)) number = undefined;
        else issue = unwrap(updated);
      }
      issue ??= unwrap(await callGitHub(async () => (await octokit.rest.issues.create({ owner, repo: name, title, body })).data));
      const saved = await repo.saveGitHubIssue(trx, {
        submission_id: submissionId,
        account_id: user.accountId,
        repository_id: repositoryId,
        repository_full_name: connection.repository_full_name!,
        issue_number: issue.number,
        title: issue.title,
        url: issue.html_url,
        state: issue.state === 'closed' ? 'closed' : 'open',
        state_reason: issue.state_reason ?? null,
        created_by: user.id,
      });
      if (known?.repository_id !== saved.repository_id || known.issue_number !== saved.issue_number || known.state !== saved.state) {
        await recordAlertEvent(trx, { accountId: user.accountId, type: 'submission.escalated', submissionId });
      }
      return toGitHubIssue(saved);
    });
  } finally {
    if (broken) await repo.setGitHubError(ctx.db, user.accountId, connection.access_token_encrypted, broken.message);
  }
}
