import type { AdminRecordingRequestList, AdminRecordingRequestQuery, AdminSubmission, AdminSubmissionDetail, AdminSubmissionList, AdminSubmissionQuery } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { processSubmissionJob } from '../../jobs/process-submission.job.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { recordRevokedToken, updateRequest } from '../requests/requests.repository.ts';
import { newRequestToken } from '../requests/request-token.ts';
import * as repo from './admin-recordings.repository.ts';
import { recordAdminAction } from './audit-log.repository.ts';
import { iso } from '../../db/iso.ts';

const nullableNumber = (value: number | string | null): number | null => (value === null ? null : Number(value));
/** The audit log names a link by its last characters: the whole token would let anyone reading the log record. */
const linkEnding = (token: string) => `…${token.slice(-4)}`;

export async function listRequests(ctx: AppContext, query: AdminRecordingRequestQuery): Promise<AdminRecordingRequestList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listRequests(ctx.db, { ...query, page, perPage });
  return {
    items: rows.map((r) => ({ ...r, expires_at: iso(r.expires_at), created_at: iso(r.created_at), submission_count: Number(r.submission_count), revoked_links: Number(r.revoked_links) })),
    total,
    page,
    per_page: perPage,
  };
}

/** Retires the request's link (recipients get 410 LINK_REVOKED) and issues a new one, audited. */
export async function revokeRequestLink(ctx: AppContext, staff: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockRequestLink(trx, id);
    if (!current) throw notFound('Recording request');
    const token = newRequestToken();
    await recordRevokedToken(trx, id, current.token);
    await updateRequest(trx, current.account_id, id, { token });
    await recordAdminAction(trx, staff, {
      action: 'recording_request.revoke_link',
      targetType: 'recording_request',
      targetId: id,
      before: { title: current.title, account: current.account_name, link: linkEnding(current.token) },
      after: { link: linkEnding(token) },
    });
  });
}

function toSubmission(row: NonNullable<Awaited<ReturnType<typeof repo.findSubmission>>> | Awaited<ReturnType<typeof repo.listSubmissions>>['rows'][number]): AdminSubmission {
  return {
    id: row.id,
    account_id: row.account_id,
    account_name: row.account_name,
    request_id: row.request_id,
    request_title: row.request_title,
    source: row.source,
    status: row.status,
    recipient_email: row.recipient_email,
    size_bytes: nullableNumber(row.size_bytes),
    duration_ms: nullableNumber(row.duration_ms),
    processing_error: row.processing_error,
    created_at: iso(row.created_at),
  };
}

export async function listSubmissions(ctx: AppContext, query: AdminSubmissionQuery): Promise<AdminSubmissionList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listSubmissions(ctx.db, { ...query, page, perPage });
  return { items: rows.map(toSubmission), total, page, per_page: perPage };
}

export async function getSubmission(ctx: AppContext, id: string): Promise<AdminSubmissionDetail> {
  const row = await repo.findSubmission(ctx.db, id);
  if (!row) throw notFound('Submission');
  return {
    ...toSubmission(row),
    recipient_name: row.recipient_name,
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    processing_attempts: row.processing_attempts,
    processed_at: iso(row.processed_at),
    watermark: row.watermark,
  };
}

/**
 * Queues the processing job once more for a submission whose processing failed for good, audited; the job and the
 * audit entry commit with the status change or not at all. Any other status is refused: a queued or processing one
 * is already on its way, a ready one is done.
 */
export async function reprocessSubmission(ctx: AppContext, staff: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockSubmission(trx, id);
    if (!row) throw notFound('Submission');
    if (row.status !== 'failed') throw new AppError('CONFLICT', `Only a failed submission can be processed again; this one is ${row.status}.`);
    await repo.requeueSubmission(trx, id);
    await ctx.queue.send(processSubmissionJob, { submission_id: id, watermark: row.watermark }, { trx });
    await recordAdminAction(trx, staff, { action: 'submission.reprocess', targetType: 'submission', targetId: id, before: { status: 'failed', processing_error: row.processing_error }, after: { status: 'queued' } });
  });
  ctx.queue.nudge(processSubmissionJob);
}
