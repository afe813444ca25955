import type { CreateLinearIssue, LinearIssue, RecordingLinearIssue } from '@showback/contract';
import type { LinearClient } from '@linear/sdk';
import { recordAlertEvent } from '../../alerts/alert-events.ts';
import { buildSubmissionAlert, outsideAlert } from '../../alerts/submission-alert.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getSubmissionRecord } from '../../modules/submissions/submissions.service.ts';
import { listEvents } from '../../modules/widget/widget.repository.ts';
import { problemsOf } from '../helpdesk/helpdesk-note.ts';
import { valueOrThrow, type ProviderFailure } from '../kit/provider-failure.ts';
import { callLinear, linearApi } from './linear-client.ts';
import { issueMarkdown, recordingInBrief, type RequestListFile } from '../escalation/issue-body.ts';
import { requestListFile } from '../escalation/request-list-har.ts';
import { accessFor, linearAllowed, linearConnection, assertLinearAllowed } from './linear.service.ts';
import * as repo from './linear.repository.ts';
import { iso } from '../../db/iso.ts';

interface IssueFacts {
  id: string;
  identifier: string;
  title: string;
  url: string;
  state: { name: string; type: string };
}

const ISSUE_QUERY = 'query showbackIssue($id: String!) { issue(id: $id) { id identifier title url state { name type } } }';
const ATTACHED_QUERY = 'query showbackAttached($url: String!) { attachmentsForURL(url: $url) { nodes { id issue { id } } } }';

export function toLinearIssue(row: repo.LinearIssueRow): LinearIssue {
  return {
    id: row.issue_id,
    identifier: row.identifier,
    title: row.title,
    url: row.url,
    state: { name: row.state_name, type: row.state_type },
    escalations: row.escalations,
    updated_at: iso(row.updated_at),
  };
}

/** Whether the account's members can escalate now: connected, a team picked, not in the error state, on the plan. */
export async function linearEscalationReady(ctx: AppContext, accountId: string): Promise<boolean> {
  const connection = await repo.findLinearConnection(ctx.db, accountId);
  return Boolean(connection?.team_id && !connection.error) && (await linearAllowed(ctx.db, accountId));
}

/** The issue a recording was escalated to, and whether the person can create (or update) one now. */
export async function recordingLinearIssue(ctx: AppContext, accountId: string, submissionId: string): Promise<RecordingLinearIssue> {
  await getSubmissionRecord(ctx, accountId, submissionId);
  const [row, canCreate] = await Promise.all([repo.findLinearIssue(ctx.db, accountId, submissionId), linearEscalationReady(ctx, accountId)]);
  return { issue: row ? toLinearIssue(row) : null, can_create: canCreate };
}

async function issueOfRecording(api: LinearClient, known: repo.LinearIssueRow | undefined, organizationId: string, recordingUrl: string) {
  if (known && known.organization_id === organizationId) return callLinear(async () => known.issue_id as string | undefined);
  return callLinear(async () => (await api.client.rawRequest<{ attachmentsForURL: { nodes: { issue: { id: string } | null }[] } }, { url: string }>(ATTACHED_QUERY, { url: recordingUrl })).data!.attachmentsForURL.nodes.find((n) => n.issue)?.issue?.id);
}

const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * The request list as a HAR file in Linear's storage: fileUpload answers a pre-signed URL and the headers the PUT must
 * carry. A recording without network events has none; a failed upload is said in the issue rather than failing the
 * escalation (the diagnosis matters more than the file, and the list is on the recording's page).
 */
async function uploadRequestList(api: LinearClient, events: Parameters<typeof requestListFile>[0], alert: NonNullable<Awaited<ReturnType<typeof buildSubmissionAlert>>>): Promise<RequestListFile | undefined> {
  const har = requestListFile(events, alert.submission);
  if (!har) return undefined;
  const { filename, bytes } = har;
  const prepared = await callLinear(() => api.fileUpload('application/json', filename, bytes.length));
  const file = prepared.ok ? prepared.value.uploadFile : undefined;
  if (!file) return { filename, entries: har.entries, error: prepared.ok ? 'Linear did not prepare the upload' : prepared.message };
  try {
    const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'public, max-age=31536000' });
    for (const header of file.headers) headers.set(header.key, header.value);
    const put = await fetch(file.uploadUrl, { method: 'PUT', headers, body: bytes, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
    if (!put.ok) return { filename, entries: har.entries, error: `the upload answered HTTP ${put.status}` };
  } catch (error) {
    return { filename, entries: har.entries, error: (error as Error).message };
  }
  return { filename, entries: har.entries, url: file.assetUrl };
}

/**
 * "Create issue in Linear" from a recording: a new issue in the connected team with the diagnosis as its description,
 * then an attachment keyed by the recording's URL (Linear keeps one attachment per URL and issue: creating it again
 * updates it). A second escalation of the same recording updates that issue and its attachment instead of opening
 * another. The recording's row is locked meanwhile, so two clicks at once make one issue. A new issue (or one in another
 * state than last seen) is news for the notes on the tickets the recording came from.
 */
export async function escalateToLinear(ctx: AppContext, user: { id: string; accountId: string }, submissionId: string, input: CreateLinearIssue): Promise<LinearIssue> {
  await getSubmissionRecord(ctx, user.accountId, submissionId);
  const connection = await linearConnection(ctx, user.accountId);
  await assertLinearAllowed(ctx, user.accountId);
  if (connection.error) throw new AppError('CONFLICT', `Linear needs to be reconnected on the Integrations page: ${connection.error}`);
  if (!connection.team_id) throw new AppError('CONFLICT', 'Pick the Linear team issues go to on the Integrations page first.');
  const { token, row } = await accessFor(ctx, connection);
  // Recorded once the transaction is over (its connection is the only one an embedded database has).
  let broken: ProviderFailure | undefined;
  const markBroken = (failure: ProviderFailure) => {
    broken = failure;
  };
  const alert = await buildSubmissionAlert(ctx, user.accountId, submissionId);
  if (!alert) throw new AppError('NOT_FOUND', 'Submission not found');
  const events = await listEvents(ctx.db, submissionId);
  const api = linearApi(ctx, token);
  const requestList = await uploadRequestList(api, events, alert);
  // The issue's text links where its readers can watch; the attachment keeps the dashboard's address, which finds the issue again.
  const description = issueMarkdown(await outsideAlert(ctx, user.accountId, alert, 'linear'), problemsOf(events, alert.summary), requestList);
  const title = input.title ?? alert.request.title;
  const recordingUrl = alert.links.recording;

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('submissions').select('id').where('id', '=', submissionId).forUpdate().executeTakeFirst();
      const known = await trx.selectFrom('linear_issues').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
      let issueId = valueOrThrow(await issueOfRecording(api, known, row.organization_id, recordingUrl), markBroken);
      if (issueId) {
        const updated = await callLinear(() => api.updateIssue(issueId!, { title, description }));
        // Deleted in Linear since: the recording gets a new issue.
        if (!updated.ok && updated.kind === 'refused') issueId = undefined;
        else valueOrThrow(updated, markBroken);
      }
      if (!issueId) {
        const created = valueOrThrow(await callLinear(() => api.createIssue({ teamId: row.team_id!, title, description })), markBroken);
        issueId = created.issueId;
        if (!issueId) throw new AppError('UPSTREAM_FAILED', 'Linear did not create the issue.');
      }
      const attachment = valueOrThrow(
        await callLinear(() =>
          api.createAttachment({
            issueId: issueId!,
            url: recordingUrl,
            title: `Showback recording: ${alert.request.title}`,
            subtitle: recordingInBrief(alert),
            metadata: { consoleErrors: alert.counts.console_errors, failedRequests: alert.counts.failed_requests, durationMs: alert.submission.duration_ms ?? 0 },
          }),
        ),
        markBroken,
      );
      const facts = valueOrThrow(await callLinear(async () => (await api.client.rawRequest<{ issue: IssueFacts }, { id: string }>(ISSUE_QUERY, { id: issueId! })).data!.issue), markBroken);
      const saved = await repo.saveLinearIssue(trx, {
        submission_id: submissionId,
        account_id: user.accountId,
        organization_id: row.organization_id,
        issue_id: facts.id,
        identifier: facts.identifier,
        title: facts.title,
        url: facts.url,
        state_name: facts.state.name,
        state_type: facts.state.type,
        attachment_id: attachment.attachmentId ?? null,
        created_by: user.id,
      });
      if (known?.issue_id !== saved.issue_id || known.state_name !== saved.state_name) {
        await recordAlertEvent(trx, { accountId: user.accountId, type: 'submission.escalated', submissionId });
      }
      return toLinearIssue(saved);
    });
  } finally {
    if (broken) await repo.setLinearError(ctx.db, user.accountId, row.access_token_encrypted, broken.message);
  }
}
