import type { CreateJiraIssue, JiraIssue, RecordingJiraIssue } from '@showback/contract';
import type { Version3Client } from 'jira.js';
import { recordAlertEvent } from '../../alerts/alert-events.ts';
import { buildSubmissionAlert, outsideAlert } from '../../alerts/submission-alert.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getSubmissionRecord } from '../../modules/submissions/submissions.service.ts';
import { listEvents } from '../../modules/widget/widget.repository.ts';
import { issueMarkdown, recordingInBrief } from '../escalation/issue-body.ts';
import { markdownToAdf } from '../escalation/markdown-adf.ts';
import { requestListFile } from '../escalation/request-list-har.ts';
import { problemsOf } from '../helpdesk/helpdesk-note.ts';
import { valueOrThrow, type ProviderAnswer, type ProviderFailure } from '../kit/provider-failure.ts';
import { callJira, jiraApi } from './jira-client.ts';
import { jiraAccessFor } from './jira-connection.ts';
import { assertJiraAllowed, jiraAllowed, jiraConnection } from './jira.service.ts';
import * as repo from './jira.repository.ts';
import { iso } from '../../db/iso.ts';

export function toJiraIssue(row: repo.JiraIssueRow): JiraIssue {
  return {
    id: row.issue_id,
    key: row.issue_key,
    title: row.title,
    url: row.url,
    status: { name: row.status_name, category: row.status_category },
    escalations: row.escalations,
    updated_at: iso(row.updated_at),
  };
}

/** Whether the account's members may escalate to Jira now (connected with a project, no error, the plan allows it). */
export async function jiraEscalationReady(ctx: AppContext, accountId: string): Promise<boolean> {
  const connection = await repo.findJiraConnection(ctx.db, accountId);
  return Boolean(connection?.project_id && connection.issue_type_id && !connection.error) && (await jiraAllowed(ctx.db, accountId));
}

/** The issue a recording was escalated to, and whether the person can create (or update) one now. */
export async function recordingJiraIssue(ctx: AppContext, accountId: string, submissionId: string): Promise<RecordingJiraIssue> {
  await getSubmissionRecord(ctx, accountId, submissionId);
  const [row, canCreate] = await Promise.all([repo.findJiraIssue(ctx.db, accountId, submissionId), jiraEscalationReady(ctx, accountId)]);
  return { issue: row ? toJiraIssue(row) : null, can_create: canCreate };
}

/** Where the HAR file went, as a last section of the description. */
const requestListLine = (file: { filename: string; entries: number } | undefined, error?: string): string => {
  if (!file) return '';
  return error
    ? `\n\n### Request list\n\nThe ${file.entries} requests could not be attached as a HAR file: ${error.replace(/([\\`*_[\]()])/g, '\\$1')} They are on the recording's page.`
    : `\n\n### Request list\n\n${file.filename.replace(/_/g, '\\_')} is attached: ${file.entries} requests as HAR, to import in your browser's Network panel.`;
};

/**
 * The HAR file as the issue's attachment (POST /issue/{key}/attachments, multipart with X-Atlassian-Token: no-check,
 * which jira.js sends). A second escalation replaces the file of the same name rather than piling up copies.
 */
async function attachRequestList(api: Version3Client, issueKey: string, file: NonNullable<ReturnType<typeof requestListFile>>): Promise<ProviderAnswer<unknown>> {
  const existing = await callJira(() => api.issues.getIssue({ issueIdOrKey: issueKey, fields: ['attachment'] }));
  if (existing.ok) {
    for (const old of existing.value.fields.attachment ?? []) {
      if (old.filename === file.filename && old.id) await callJira(() => api.issueAttachments.removeAttachment({ id: old.id! }));
    }
  }
  return callJira(() => api.issueAttachments.addAttachment({ issueIdOrKey: issueKey, attachment: { filename: file.filename, file: file.bytes, mimeType: 'application/json' } }));
}

/**
 * "Create issue in Jira" from a recording: an issue in the connected project with the diagnosis as its description (the
 * escalation markdown as ADF), a remote link whose globalId is the recording's URL (Jira updates the link with that
 * globalId instead of adding another) and the request list as a HAR attachment. A second escalation of the same
 * recording edits that issue; the recording's row is locked meanwhile, so two clicks at once make one issue. A new issue
 * (or one in another status than last seen) is news for the notes on the tickets the recording came from.
 */
export async function escalateToJira(ctx: AppContext, user: { id: string; accountId: string }, submissionId: string, input: CreateJiraIssue): Promise<JiraIssue> {
  await getSubmissionRecord(ctx, user.accountId, submissionId);
  const connection = await jiraConnection(ctx, user.accountId);
  await assertJiraAllowed(ctx, user.accountId);
  if (connection.error) throw new AppError('CONFLICT', `Jira needs to be reconnected on the Integrations page: ${connection.error}`);
  if (!connection.project_id || !connection.issue_type_id) throw new AppError('CONFLICT', 'Pick the Jira project issues go to on the Integrations page first.');
  const { token, row } = await jiraAccessFor(ctx, connection);
  const alert = await buildSubmissionAlert(ctx, user.accountId, submissionId);
  if (!alert) throw new AppError('NOT_FOUND', 'Submission not found');
  const events = await listEvents(ctx.db, submissionId);
  const har = requestListFile(events, alert.submission);
  // The issue links where its readers can watch; the remote link's globalId keeps the dashboard's address, which finds it again.
  const outside = await outsideAlert(ctx, user.accountId, alert, 'jira');
  const markdown = issueMarkdown(outside, problemsOf(events, alert.summary));
  const summary = (input.title ?? alert.request.title).replace(/\s+/g, ' ').slice(0, 255);
  const recordingUrl = alert.links.recording;
  const api = jiraApi(ctx, row.cloud_id, token);
  // Recorded once the transaction is over (its connection is the only one an embedded database has).
  let broken: ProviderFailure | undefined;
  const unwrap = <T>(answer: ProviderAnswer<T>): T => valueOrThrow(answer, (failure) => (broken = failure));

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('submissions').select('id').where('id', '=', submissionId).forUpdate().executeTakeFirst();
      const known = await trx.selectFrom('jira_issues').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
      const fields = { summary, description: markdownToAdf(markdown + requestListLine(har)) };
      let issueKey = known && known.cloud_id === row.cloud_id ? known.issue_key : undefined;
      if (issueKey) {
        const edited = await callJira(() => api.issues.editIssue({ issueIdOrKey: issueKey!, fields, notifyUsers: false }));
        // Deleted in Jira since (or moved where Showback cannot see it): the recording gets a new issue.
        if (!edited.ok && edited.kind === 'refused' && edited.status === 404) issueKey = undefined;
        else unwrap(edited);
      }
      if (!issueKey) {
        const created = unwrap(await callJira(() => api.issues.createIssue({ fields: { ...fields, project: { id: row.project_id! }, issuetype: { id: row.issue_type_id! } } })));
        issueKey = created.key;
      }
      unwrap(
        await callJira(() =>
          api.issueRemoteLinks.createOrUpdateRemoteIssueLink({
            issueIdOrKey: issueKey!,
            globalId: recordingUrl,
            application: { type: 'com.showback.recording', name: 'Showback' },
            relationship: 'Showback recording',
            object: { url: outside.links.recording, title: `Showback recording: ${alert.request.title}`, summary: recordingInBrief(alert) },
          }),
        ),
      );
      if (har) {
        const attached = await attachRequestList(api, issueKey, har);
        if (!attached.ok) {
          if (attached.kind === 'broken') unwrap(attached);
          unwrap(await callJira(() => api.issues.editIssue({ issueIdOrKey: issueKey!, fields: { description: markdownToAdf(markdown + requestListLine(har, attached.message)) }, notifyUsers: false })));
        }
      }
      const facts = unwrap(await callJira(() => api.issues.getIssue({ issueIdOrKey: issueKey!, fields: ['summary', 'status'] })));
      const saved = await repo.saveJiraIssue(trx, {
        submission_id: submissionId,
        account_id: user.accountId,
        cloud_id: row.cloud_id,
        issue_id: facts.id,
        issue_key: facts.key,
        title: facts.fields.summary ?? summary,
        url: `${row.site_url.replace(/\/$/, '')}/browse/${facts.key}`,
        status_name: facts.fields.status?.name ?? 'To Do',
        status_category: facts.fields.status?.statusCategory?.key ?? 'new',
        created_by: user.id,
      });
      if (known?.issue_id !== saved.issue_id || known.status_name !== saved.status_name) {
        await recordAlertEvent(trx, { accountId: user.accountId, type: 'submission.escalated', submissionId });
      }
      return toJiraIssue(saved);
    });
  } finally {
    if (broken) await repo.setJiraError(ctx.db, user.accountId, row.access_token_encrypted, broken.message);
  }
}
