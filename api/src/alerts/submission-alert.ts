import { sql } from 'kysely';
import type { ReviewState, SummaryLine, WidgetMetadata } from '@showback/contract';
import type { AppContext } from '../context.ts';
import { findSubmission, type SubmissionRecord } from '../modules/submissions/submissions.repository.ts';
import { outsideRecordingLink } from '../modules/share-links/outside-link.ts';
import { findSummary } from '../modules/summaries/summaries.repository.ts';
import { signedDownloadUrl } from './signed-download.ts';
import { iso } from '../db/iso.ts';

/** Everything a channel says about one recording: webhooks send it as `data`, email and chat render it. */
export interface SubmissionAlert {
  submission: {
    id: string;
    status: SubmissionRecord['status'];
    source: SubmissionRecord['source'];
    duration_ms: number | null;
    width: number | null;
    height: number | null;
    size_bytes: number | null;
    note: string | null;
    processing_error: string | null;
    created_at: string;
  };
  request: { id: string; title: string };
  /** Where the team's review of it stands (docs/reviewing-recordings.md). */
  review: { state: ReviewState; assignee: { id: string; name: string; email: string } | null };
  /** Who sent it; `user_id` is the host app's own id for the customer, from `identify()` (widget recordings). */
  recipient: { name: string | null; email: string | null; user_id: string | null };
  environment: Record<string, unknown>;
  /** What the host page attached (`setMetadata`, the `metadata` option, `open({ metadata })`); `{}` for link recordings. */
  metadata: WidgetMetadata;
  /** Console errors (console.error and uncaught errors) and failed network requests the widget captured. */
  counts: { console_errors: number; failed_requests: number };
  /**
   * The recording's summary once it is written, else null. It waits for the transcript, so it is null in
   * submission.ready; submission.summarized carries it. Lines are plain text, each with its checked citations.
   */
  summary: {
    /** model: written by a language model (`engine` names it); digest: assembled without a model. */
    kind: 'model' | 'digest';
    engine: string | null;
    goal: string | null;
    lines: SummaryLine[];
    /** Steps to reproduce, each with its checked citations (a model's, or built from the events without one). */
    steps: SummaryLine[];
    updated_at: string;
  } | null;
  links: {
    /** The recording in the dashboard (sign-in required). */
    recording: string;
    /** The MP4 for a short while without signing in; null until the video is ready. */
    download: string | null;
    download_expires_at: string | null;
    /** The poster image for a short while without signing in; null until there is one. */
    poster: string | null;
  };
}

type Sender = SubmissionAlert['recipient'];

/** The sender in a few words (a subject, a heading): name, else email, else the app's user id; 'Anonymous' otherwise. */
export const senderName = ({ name, email, user_id }: Sender): string => name ?? email ?? (user_id ? `User ID ${user_id}` : 'Anonymous');

/** The sender in full, as every alert's "From" says it: "Ada Lovelace <ada@example.com> · User ID 42 in your app". */
export function senderInFull({ name, email, user_id }: Sender): string {
  const named = name && email ? `${name} <${email}>` : (name ?? email);
  if (!user_id) return named ?? 'Anonymous';
  return named ? `${named} · User ID ${user_id} in your app` : `User ID ${user_id} in your app`;
}

/** How many metadata entries an outside message lists, and how much of a value; the recording's page has them all. */
const METADATA_LISTED = 20;
const METADATA_VALUE_CHARS = 200;

/**
 * The host page's metadata as the outside messages (helpdesk note, escalated issue) show it: one plain-text
 * `key: value` line per entry, in the page's order, strings as given and other values as JSON. The integrator's own
 * text: each message escapes the lines its own way.
 */
export function metadataLines(metadata: WidgetMetadata): string[] {
  const lines = Object.entries(metadata)
    .slice(0, METADATA_LISTED)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${key}: ${text.length > METADATA_VALUE_CHARS ? `${text.slice(0, METADATA_VALUE_CHARS - 1)}…` : text}`;
    });
  const more = Object.keys(metadata).length - lines.length;
  return more > 0 ? [...lines, `… and ${more} more on the recording's page`] : lines;
}

async function countProblems(ctx: AppContext, submissionId: string): Promise<SubmissionAlert['counts']> {
  const row = await ctx.db
    .selectFrom('submission_events')
    .select([
      sql<number>`count(*) filter (where kind in ('console', 'error') and level = 'error')`.as('console_errors'),
      sql<number>`count(*) filter (where kind = 'network' and level = 'error')`.as('failed_requests'),
    ])
    .where('submission_id', '=', submissionId)
    .executeTakeFirstOrThrow();
  return { console_errors: Number(row.console_errors), failed_requests: Number(row.failed_requests) };
}

async function readySummary(ctx: AppContext, accountId: string, submissionId: string): Promise<SubmissionAlert['summary']> {
  const row = await findSummary(ctx.db, accountId, submissionId);
  if (row?.status !== 'ready' || !row.kind) return null;
  return { kind: row.kind, engine: row.engine, goal: row.goal, lines: row.lines, steps: row.steps, updated_at: iso(row.updated_at) };
}

/** The alert for a submission of `accountId`, or undefined when it was deleted meanwhile. */
export async function buildSubmissionAlert(ctx: AppContext, accountId: string, submissionId: string): Promise<SubmissionAlert | undefined> {
  const row = await findSubmission(ctx.db, accountId, submissionId);
  if (!row) return undefined;
  const download = row.video_key ? signedDownloadUrl(ctx, row.id, 'video') : undefined;
  const poster = row.poster_key ? signedDownloadUrl(ctx, row.id, 'poster') : undefined;
  return {
    submission: {
      id: row.id,
      status: row.status,
      source: row.source,
      duration_ms: row.duration_ms ?? row.client_duration_ms,
      width: row.width,
      height: row.height,
      size_bytes: row.size_bytes ?? row.original_size,
      note: row.note,
      processing_error: row.status === 'failed' ? row.processing_error : null,
      created_at: iso(row.created_at),
    },
    request: { id: row.request_id, title: row.request_title },
    review: { state: row.review_state, assignee: row.assignee_user_id ? ((await ctx.db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', row.assignee_user_id).executeTakeFirst()) ?? null) : null },
    recipient: { name: row.recipient_name, email: row.recipient_email, user_id: row.recipient_user_id },
    environment: (row.environment ?? {}) as Record<string, unknown>,
    metadata: (row.metadata ?? {}) as WidgetMetadata,
    counts: await countProblems(ctx, row.id),
    summary: await readySummary(ctx, accountId, row.id),
    links: {
      recording: `${ctx.config.publicUrl}/my/recordings/${row.id}`,
      download: download?.url ?? null,
      download_expires_at: download?.expiresAt ?? null,
      poster: poster?.url ?? null,
    },
  };
}

/**
 * The alert as a message leaving the account shows it (an issue, a helpdesk note, a chat post): its recording link is
 * the one people outside the account can open (share-links/outside-link.ts) rather than the dashboard's sign-in.
 */
export async function outsideAlert(ctx: AppContext, accountId: string, alert: SubmissionAlert, channel: string): Promise<SubmissionAlert> {
  return { ...alert, links: { ...alert.links, recording: await outsideRecordingLink(ctx, accountId, alert.submission.id, channel) } };
}
