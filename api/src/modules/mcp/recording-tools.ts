import { ListRecordingsInputSchema, MCP_LIST_PER_PAGE, RecordingInputSchema, type SubmissionList, type SubmissionSummary } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { getRequest } from '../requests/requests.service.ts';
import { getSubmissionRecord, listSubmissionsJson, toSubmission } from '../submissions/submissions.service.ts';
import { getSummary } from '../summaries/summaries.service.ts';
import { getTranscript } from '../transcripts/transcripts.service.ts';
import { getSubmissionEvents } from '../widget/submission-context.ts';
import { defineTool, jsonAnswer, seconds } from './mcp-tool.ts';

const dashboardUrl = (ctx: AppContext, id: string): string => `${ctx.config.publicUrl}/my/recordings/${id}`;

function listItem(ctx: AppContext, item: SubmissionSummary) {
  return {
    id: item.id,
    request: { id: item.request_id, title: item.request_title },
    sender: { name: item.recipient_name, email: item.recipient_email, app_user_id: item.recipient_user_id },
    source: item.source,
    state: item.status,
    duration_seconds: item.duration_ms === null ? null : seconds(item.duration_ms),
    submitted_at: item.created_at,
    dashboard_url: dashboardUrl(ctx, item.id),
  };
}

export const listRecordingsTool = defineTool({
  name: 'list_recordings',
  title: 'List or search recordings',
  description:
    'Lists the screen recordings customers sent to this Showback account, newest first, or searches them. Filters: `query` (request title, sender name/email/app user id, note, app metadata values, spoken words), ' +
    '`state`, `submitted_after`/`submitted_before`, `request_id`, `has_errors` (the page logged a console error, an uncaught error or a failed request), `metadata` (what the page attached, e.g. `plan:enterprise`). ' +
    `Answers ${MCP_LIST_PER_PAGE.fallback} per page (up to ${MCP_LIST_PER_PAGE.max}) with \`total\` and \`next_page\`. Use an item's id with get_recording.`,
  input: ListRecordingsInputSchema,
  permission: 'recordings.read',
  async run(ctx, user, input) {
    // The API's own list path (its filters, its page cache), serialized and read back.
    const list = JSON.parse(
      await listSubmissionsJson(
        ctx,
        user.accountId,
        {
          page: input.page ?? 1,
          per_page: input.per_page ?? MCP_LIST_PER_PAGE.fallback,
          ...(input.query ? { q: input.query } : {}),
          ...(input.state ? { status: input.state } : {}),
          ...(input.submitted_after ? { created_after: input.submitted_after } : {}),
          ...(input.submitted_before ? { created_before: input.submitted_before } : {}),
          ...(input.request_id ? { request_id: input.request_id } : {}),
          ...(input.has_errors !== undefined ? { has_errors: input.has_errors } : {}),
          ...(input.metadata?.length ? { meta: input.metadata } : {}),
        },
        JSON.stringify,
      ),
    ) as SubmissionList;
    const next = list.page * list.per_page < list.total ? list.page + 1 : null;
    return jsonAnswer({ items: list.items.map((item) => listItem(ctx, item)), page: list.page, per_page: list.per_page, total: list.total, next_page: next });
  },
});

export const getRecordingTool = defineTool({
  name: 'get_recording',
  title: 'A recording at a glance',
  description:
    "One recording's overview: who sent it and their note, the request it answers, the browser and page environment, how many console entries, errors, requests and navigations the page captured, " +
    'the transcript state, the summary (each line with citations to moments, console entries and requests by their index), and links to it in the dashboard and to its MP4. ' +
    'Start here, then read details with get_console_logs, get_network_requests, get_user_actions, get_transcript, and look at a moment with get_screen_at.',
  input: RecordingInputSchema,
  permission: 'recordings.read',
  async run(ctx, user, input) {
    const record = await getSubmissionRecord(ctx, user.accountId, input.recording_id);
    const submission = toSubmission(record);
    const request = await getRequest(ctx, user.accountId, record.request_id);
    const { events, dropped_events, metadata, identity, origin } = await getSubmissionEvents(ctx, user.accountId, record.id);
    const count = (test: (e: (typeof events)[number]) => boolean) => events.filter(test).length;
    const summary = await getSummary(ctx, user.accountId, record.id);
    const transcript = await getTranscript(ctx, user.accountId, record.id);
    return jsonAnswer({
      id: submission.id,
      state: submission.status,
      processing_error: submission.processing_error,
      submitted_at: submission.created_at,
      duration_seconds: submission.duration_ms === null ? null : seconds(submission.duration_ms),
      video: { width: submission.width, height: submission.height, ended_early: submission.ended_early },
      sender: { name: submission.recipient_name, email: submission.recipient_email, app_user_id: submission.recipient_user_id, note: submission.note },
      request: { id: request.id, title: request.title, link_url: request.link_url, status: request.status },
      environment: submission.environment,
      page: {
        origin,
        identity,
        metadata,
        captured: {
          console_entries: count((e) => e.kind === 'console' || e.kind === 'error'),
          errors: count((e) => (e.kind === 'console' && e.level === 'error') || e.kind === 'error'),
          network_requests: count((e) => e.kind === 'network'),
          failed_requests: count((e) => e.kind === 'network' && (e.status === 0 || e.status >= 400)),
          navigations: count((e) => e.kind === 'navigation'),
          dropped: dropped_events,
        },
      },
      transcript: { status: transcript.status },
      summary: { status: summary.status, kind: summary.kind, goal: summary.goal, lines: summary.lines },
      links: {
        dashboard: dashboardUrl(ctx, submission.id),
        mp4_download: submission.download_url ? `${ctx.config.publicUrl}/api/v1/submissions/${submission.id}/download` : null,
        mp4_download_note: 'The download takes the same access token: Authorization: Bearer <token>.',
      },
    });
  },
});
