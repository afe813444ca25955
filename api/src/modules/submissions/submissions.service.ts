import { recordingEndedEarly, type CreatedSubmission, type CreateSubmission, type ListSubmissionsQuery, type Submission, type SubmissionList, type SubmissionSummary, type ThumbnailWidth, type WidgetMetadata } from '@showback/contract';
import { recordAlertEvent } from '../../alerts/alert-events.ts';
import type { AppContext } from '../../context.ts';
import type { SubmissionRow } from '../../db/schema.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { finishSubmissionJob, processSubmissionJob } from '../../jobs/process-submission.job.ts';
import { posterKeys } from '../../media/make-poster.ts';
import { listFrameKeys } from './frames.repository.ts';
import { resolveToken, type OpenRequest } from '../requests/resolve-token.ts';
import { storeSubmissionContext } from '../widget/submission-context.ts';
import { admitSubmission } from './assert-can-submit.ts';
import { mediaTypeOf, readHead } from './media-type.ts';
import * as repo from './submissions.repository.ts';
import { iso } from '../../db/iso.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const posterUrl = (row: Pick<SubmissionRow, 'id' | 'poster_key'>): string | null => (row.poster_key ? `/api/v1/submissions/${row.id}/poster.jpg` : null);
const thumbnailUrl = (row: Pick<SubmissionRow, 'id' | 'poster_key'>, width: ThumbnailWidth): string | null => (row.poster_key ? `${posterUrl(row)}?width=${width}` : null);

function urls(row: Pick<SubmissionRow, 'id' | 'poster_key' | 'video_key' | 'original_key'>) {
  const base = `/api/v1/submissions/${row.id}`;
  const playable = row.video_key ?? row.original_key;
  return {
    poster_url: posterUrl(row),
    video_url: playable ? `${base}/video` : null,
    download_url: playable ? `${base}/download` : null,
  };
}

export function toSummary(row: Omit<repo.SubmissionListRecord, 'created_at'> & { created_at: Date | string }): SubmissionSummary {
  return {
    id: row.id,
    request_id: row.request_id,
    request_title: row.request_title,
    recipient_name: row.recipient_name,
    recipient_email: row.recipient_email,
    recipient_user_id: row.recipient_user_id,
    source: row.source,
    duration_ms: row.duration_ms ?? row.client_duration_ms,
    status: row.status,
    thumbnail_url: thumbnailUrl(row, 144),
    thumbnail_2x_url: thumbnailUrl(row, 288),
    // The list's rows carry it formatted already (SubmissionListRecord); a submission's row carries a Date.
    created_at: typeof row.created_at === 'string' ? row.created_at : iso(row.created_at),
    review_state: row.review_state,
    assignee_user_id: row.assignee_user_id,
  };
}

export function toSubmission(row: repo.SubmissionRecord): Submission {
  return {
    ...toSummary(row),
    instructions_html: row.instructions_html,
    note: row.note,
    environment: row.environment as Submission['environment'],
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    size_bytes: row.size_bytes ?? row.original_size,
    client_duration_ms: row.client_duration_ms,
    language: row.language,
    // duration_ms of the row is ffprobe's, set once the video is processed.
    ended_early: row.status === 'ready' && recordingEndedEarly(row.duration_ms, row.client_duration_ms),
    processing_attempts: row.processing_attempts,
    processing_error: row.processing_error,
    watermarked: row.watermark && row.video_key !== null,
    ...urls(row),
    serving_original: row.video_key === null && row.original_key !== null,
    metadata: (row.metadata ?? {}) as WidgetMetadata,
  };
}

function checkRecipient(request: OpenRequest, input: CreateSubmission): { name: string | null; email: string | null; note: string | null } {
  const recipient = input.recipient ?? {};
  const clean = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  const values = { name: clean(recipient.name), email: clean(recipient.email), note: clean(recipient.note) };
  const errors: Record<string, string[]> = {};
  const modes = { name: request.field_name, email: request.field_email, note: request.field_note };
  for (const key of ['name', 'email', 'note'] as const) {
    if (modes[key] === 'required' && !values[key]) errors[`recipient.${key}`] = ["can't be blank"];
    if (modes[key] === 'off') values[key] = null;
  }
  if (values.email && !EMAIL.test(values.email)) errors['recipient.email'] = ['is not an email address'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return values;
}

/**
 * Who sent it, as every surface names the sender (recording page, lists, search, alert email, Slack/Teams, webhooks):
 * what the person typed wins; a widget recording falls back to the customer the host page passed with `identify()`
 * (kept as given in the submission's context too). An identity email that is not an address is left out here.
 */
function sender(recipient: { name: string | null; email: string | null }, input: CreateSubmission): { name: string | null; email: string | null; userId: string | null } {
  const identity = input.identity;
  const name = identity?.name?.trim() || null;
  const email = identity?.email?.trim() || null;
  return { name: recipient.name ?? name, email: recipient.email ?? (email && EMAIL.test(email) ? email : null), userId: identity?.id?.trim() || null };
}

/**
 * Turns a finished upload into a submission exactly once per client_submission_id: a retry after a lost response
 * gets the same submission back, and it counts once toward the month's usage (counted_at).
 */
/**
 * An MP4 upload was remuxed while it arrived (EARLY_PROCESSING) and is only marked ready, unless a watermark makes it
 * a transcode: the quick queue. Everything else is a transcode.
 */
function processingJob(ctx: AppContext, mimeType: string, watermark: boolean): typeof processSubmissionJob {
  return ctx.config.earlyProcessing && !watermark && mimeType.toLowerCase().startsWith('video/mp4') ? finishSubmissionJob : processSubmissionJob;
}

export async function createSubmission(ctx: AppContext, token: string, input: CreateSubmission): Promise<CreatedSubmission> {
  let request: OpenRequest;
  try {
    request = await resolveToken(ctx, token);
  } catch (error) {
    // A retry whose first attempt got through before the link was revoked or expired still gets its answer.
    const done = await repo.findSubmittedWithToken(ctx.db, token, input.client_submission_id, input.upload_id);
    if (done) return { id: done.id, status: done.status };
    throw error;
  }
  const existing = await repo.findByClientId(ctx.db, request.account_id, input.client_submission_id);
  if (existing) {
    const replayed = replay(existing, request, input);
    await storeSubmissionContext(ctx, request, replayed.id, input);
    return replayed;
  }

  const upload = await repo.findUpload(ctx.db, input.upload_id);
  if (!upload || upload.request_id !== request.id) throw new AppError('NOT_FOUND', 'This upload does not exist for this recording link.');
  const stored = await ctx.uploads.find(upload.id);
  if (!stored) throw new AppError('NOT_FOUND', 'This upload does not exist for this recording link.');
  if (stored.size === undefined || stored.offset !== stored.size) {
    throw new AppError('CONFLICT', 'The upload is not complete yet. Finish uploading, then submit again.', {
      details: { offset: stored.offset, size: stored.size ?? null },
    });
  }
  if (stored.size === 0) throw new AppError('RECORDING_EMPTY', 'The recording is empty: the browser recorded nothing. Record again or upload a video file.');
  // The bytes, not the declared type: a browser that recorded nothing playable is told so, and the owner never gets it.
  if (!mediaTypeOf(await readHead(await ctx.uploads.read(upload.id))).playable) {
    throw new AppError('NOT_A_VIDEO', 'The upload is not a video file (MP4, MOV, WebM or Ogg). Record again or upload a video file.');
  }
  const recipient = checkRecipient(request, input);
  const from = sender(recipient, input);
  let processing = processSubmissionJob;
  const { result: id } = await admitSubmission(
    ctx.db,
    request.account_id,
    { request_id: request.id, upload_id: upload.id, payload: { token, input } },
    async (trx, admitted) => {
      const id = await repo.insertSubmission(trx, {
        account_id: request.account_id,
        request_id: request.id,
        client_submission_id: input.client_submission_id,
        upload_id: upload.id,
        source: input.source,
        mime_type: input.mime_type,
        recipient_name: from.name,
        recipient_email: from.email,
        recipient_user_id: from.userId,
        note: recipient.note,
        environment: JSON.stringify(input.environment ?? {}) as never,
        instructions_html: request.instructions_html,
        client_duration_ms: input.duration_ms ?? null,
        language: input.language ?? null,
        original_size: stored.size,
        watermark: admitted.watermark,
        counted_at: new Date(),
      });
      // The processing job, the host page's events and the alert commit with the row, or none of them does: a failure
      // here rolls the submission back and the client's retry starts afresh.
      if (id) {
        processing = processingJob(ctx, input.mime_type, admitted.watermark);
        await ctx.queue.send(processing, { submission_id: id, watermark: admitted.watermark }, { trx });
        await storeSubmissionContext(ctx, request, id, input, trx);
        await recordAlertEvent(trx, { accountId: request.account_id, type: 'submission.created', submissionId: id });
      }
      return id;
    },
  );
  if (!id) {
    // Lost a race with a concurrent retry of the same submit, or the upload was submitted under another id.
    const again = await repo.findByClientId(ctx.db, request.account_id, input.client_submission_id);
    if (again) return replay(again, request, input);
    throw new AppError('CONFLICT', 'This upload has already been submitted.');
  }
  ctx.queue.nudge(processing);
  return { id, status: 'queued' };
}

function replay(existing: SubmissionRow, request: OpenRequest, input: CreateSubmission): CreatedSubmission {
  if (existing.request_id !== request.id || existing.upload_id !== input.upload_id) {
    throw new AppError('CONFLICT', 'This submission id was already used for another recording.');
  }
  return { id: existing.id, status: existing.status };
}

/** The list query's filters that are set; none: the plain newest-first list the page cache serves. */
export function submissionFilter(query: ListSubmissionsQuery, viewerId: string): repo.SubmissionFilter {
  const q = query.q?.trim();
  return {
    ...(query.request_id ? { requestId: query.request_id } : {}),
    ...(q ? { q } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.created_after ? { createdAfter: query.created_after } : {}),
    ...(query.created_before ? { createdBefore: query.created_before } : {}),
    ...(query.has_errors !== undefined ? { hasErrors: query.has_errors } : {}),
    ...(query.meta?.length ? { metadata: query.meta.map(metadataCondition) } : {}),
    ...(query.review_state ? { reviewState: query.review_state } : {}),
    ...(query.assignee ? { assignee: query.assignee === 'none' ? null : query.assignee } : {}),
    ...(query.mentions_me ? { mentioning: viewerId } : {}),
  };
}

/**
 * `plan:enterprise` as a key and the values it may have: the text itself, and the JSON scalar it spells when it spells
 * one, so `seats:12` finds the number the page set as well as the string.
 */
export function metadataCondition(entry: string): { key: string; values: (string | number | boolean | null)[] } {
  const at = entry.indexOf(':');
  const key = entry.slice(0, at);
  const text = entry.slice(at + 1);
  const values: (string | number | boolean | null)[] = [text];
  if (/^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/.test(text)) {
    const scalar = JSON.parse(text) as number | boolean | null;
    // 1e999 parses to Infinity, which JSON writes as null.
    if (typeof scalar !== 'number' || Number.isFinite(scalar)) values.push(scalar);
  }
  return { key, values };
}

/**
 * GET /submissions as the JSON text it answers, `serialize` being the route's own serializer. The unfiltered pages go
 * through the process's page cache (list-page-cache.ts): kept pages are served again while the account's list version
 * is unchanged; a search or one request's submissions are read each time.
 */
export async function listSubmissionsJson(ctx: AppContext, viewer: { accountId: string; id: string }, query: ListSubmissionsQuery, serialize: (list: SubmissionList) => string): Promise<string> {
  const { accountId } = viewer;
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  const bounds = { limit: perPage, offset: (page - 1) * perPage };
  const list = (rows: repo.SubmissionListRecord[], total: number) => serialize({ items: rows.map(toSummary), page, per_page: perPage, total });
  const filter = submissionFilter(query, viewer.id);
  if (Object.keys(filter).length > 0) {
    const { rows, total } = await repo.searchSubmissions(ctx.database, accountId, { ...filter, ...bounds });
    return list(rows, total);
  }
  const key = { accountId, ...bounds };
  const version = ctx.listPages.has(key) ? await repo.submissionListVersion(ctx.database, accountId) : undefined;
  return ctx.listPages.serve(key, version, async () => {
    const read = await repo.newestSubmissions(ctx.database, accountId, bounds);
    return { version: read.version, body: list(read.rows, read.total) };
  });
}

export async function getSubmissionRecord(ctx: AppContext, accountId: string, id: string): Promise<repo.SubmissionRecord> {
  const row = await repo.findSubmission(ctx.db, accountId, id);
  if (!row) throw notFound('Submission');
  return row;
}

/** Every stored byte of a submission: processed files, the kept original and an upload not yet taken in. */
export async function removeSubmissionFiles(ctx: AppContext, row: SubmissionRow): Promise<void> {
  const frames = await listFrameKeys(ctx.db, row.id);
  for (const key of [row.video_key, ...(row.poster_key ? posterKeys(row.poster_key) : []), row.original_key, ...frames]) if (key) await ctx.storage.delete(key);
  await ctx.uploads.remove(row.upload_id);
}

export async function deleteSubmission(ctx: AppContext, accountId: string, id: string): Promise<void> {
  const row = await getSubmissionRecord(ctx, accountId, id);
  await removeSubmissionFiles(ctx, row);
  await repo.deleteSubmissionRow(ctx.db, accountId, id);
}

export async function deleteSubmissionsOfRequest(ctx: AppContext, accountId: string, requestId: string): Promise<void> {
  for (const row of await repo.listSubmissionsOfRequest(ctx.db, accountId, requestId)) {
    await removeSubmissionFiles(ctx, row);
    await repo.deleteSubmissionRow(ctx.db, accountId, row.id);
  }
  const uploads = await ctx.db.selectFrom('uploads').select('id').where('request_id', '=', requestId).execute();
  for (const upload of uploads) await ctx.uploads.remove(upload.id);
}
