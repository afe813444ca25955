import type { AdminSupportQuery, AdminSupportReplyBody, AdminSupportRequest, AdminSupportRequestList, NewSupportRequestBody, SupportFollowUpBody, SupportRequest, SupportRequestList } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { SupportRequestRow } from '../../db/schema.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { recordAdminAction } from '../admin/audit-log.repository.ts';
import { insertSupportRequest, markNotified } from '../contact/contact.repository.ts';
import { hashIp } from '../contact/contact.service.ts';
import * as repo from './support.repository.ts';
import { iso } from '../../db/iso.ts';

/** Per signed-in user: a person with several problems at once, not a script. */
export const SUPPORT_RATE = { max: 10, windowMs: 60 * 60_000 } as const;

type Log = { error: (obj: object, msg: string) => void };
const errorText = (err: unknown): string => (err instanceof Error ? err.message.slice(0, 500) : 'send failed');

function toView(row: SupportRequestRow, replies: repo.SupportReplyRow[]): SupportRequest {
  return {
    id: row.id,
    source: row.source === 'support_page' ? 'support_page' : 'contact_form',
    subject: row.subject ?? `Contact form: ${row.topic}`,
    message: row.message,
    status: row.status,
    submission_id: row.submission_id,
    created_at: iso(row.created_at),
    last_reply_at: iso(row.last_reply_at),
    replies: replies.map((r) => ({ id: r.id, author: r.author, author_name: r.author_name, body: r.body, created_at: iso(r.created_at) })),
  };
}

function toStaffView(row: repo.AdminSupportRow, replies: repo.SupportReplyRow[]): AdminSupportRequest {
  return {
    ...toView(row, replies),
    name: row.name,
    email: row.email,
    company: row.company,
    topic: row.topic,
    user_id: row.user_id,
    account_id: row.account_id,
    account_name: row.account_name,
    notify_error: row.notify_error,
  };
}

export async function listMine(ctx: AppContext, user: SessionUser, page: number, perPage: number): Promise<SupportRequestList> {
  const { rows, total } = await repo.listForUser(ctx.db, user.id, { page, perPage });
  const replies = await repo.repliesOf(ctx.db, rows.map((r) => r.id));
  return { items: rows.map((row) => toView(row, replies.get(row.id)!)), total, page, per_page: perPage };
}

export async function getMine(ctx: AppContext, user: SessionUser, id: string): Promise<SupportRequest> {
  const row = await repo.findForUser(ctx.db, user.id, id);
  if (!row) throw notFound('Support request');
  const replies = await repo.repliesOf(ctx.db, [row.id]);
  return toView(row, replies.get(row.id)!);
}

/** Stores the request, then tells the team and confirms to the customer; a failed email never loses the request. */
export async function openRequest(ctx: AppContext, log: Log, user: SessionUser, ip: string, body: NewSupportRequestBody): Promise<SupportRequest> {
  const subject = body.subject.trim();
  const message = body.message.trim();
  const errors: Record<string, string[]> = {};
  if (subject === '') errors.subject = ["can't be blank"];
  if (message.length < 10) errors.message = ['is too short (minimum is 10 characters)'];
  // A recording of another account is answered like one that does not exist.
  if (body.submission_id && !(await repo.submissionInAccount(ctx.db, user.accountId, body.submission_id))) errors.submission_id = ['is not one of your recordings'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const recent = await repo.countRecentForUser(ctx.db, user.id, new Date(Date.now() - SUPPORT_RATE.windowMs));
  if (recent >= SUPPORT_RATE.max) throw new AppError('RATE_LIMITED', 'You have opened several support requests in the last hour. Please add to one of them or try again later.');

  const row = await insertSupportRequest(ctx.db, {
    source: 'support_page',
    name: user.name,
    email: user.email,
    topic: 'support',
    subject,
    message,
    user_id: user.id,
    account_id: user.accountId,
    submission_id: body.submission_id ?? null,
    ip_hash: hashIp(ctx, ip),
  });
  const link = `${ctx.config.publicUrl}/support`;
  const recording = row.submission_id ? `${ctx.config.publicUrl}/my/recordings/${row.submission_id}` : '—';
  try {
    await ctx.mailer.send({
      to: ctx.config.adminEmail,
      replyTo: user.email,
      subject: `[Support] ${subject}`,
      text: [`${user.name} <${user.email}> opened a support request.`, '', `Recording: ${recording}`, `Reference: ${row.id}`, `Answer it at ${ctx.config.publicUrl}/donkey/support-requests?id=${row.id}`, '', message].join('\n'),
    });
    await markNotified(ctx.db, row.id, null);
  } catch (err) {
    log.error({ err, supportRequestId: row.id }, 'support request email to the team failed');
    await markNotified(ctx.db, row.id, errorText(err));
  }
  await sendQuietly(ctx, log, {
    to: user.email,
    subject: `We received your request: ${subject}`,
    text: [`Hi ${user.name},`, '', 'Thanks for writing to us. We will answer by email and on your support page:', link, '', `Reference: ${row.id}`, '', '—', message].join('\n'),
  });
  return toView(row, []);
}

/** Follow-ups per user and hour, across their requests: a conversation, not a flood. */
export const FOLLOW_UP_RATE = { max: 30, windowMs: 60 * 60_000 } as const;

/**
 * The customer follows up on their own request: the reply joins the thread, the request is open again (waiting for
 * the team, also after a close) and the team is emailed, like a new request.
 */
export async function followUp(ctx: AppContext, log: Log, user: SessionUser, id: string, body: SupportFollowUpBody): Promise<SupportRequest> {
  const text = body.body.trim();
  if (text === '') throw validationFailed({ body: ["can't be blank"] });
  if ((await repo.countRecentFollowUps(ctx.db, user.id, new Date(Date.now() - FOLLOW_UP_RATE.windowMs))) >= FOLLOW_UP_RATE.max) {
    throw new AppError('RATE_LIMITED', 'You have sent many follow-ups in the last hour. Please wait for our answer or try again later.');
  }
  const request = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockUsersRequest(trx, user.id, id);
    if (!locked) throw notFound('Support request');
    await repo.insertReply(trx, { requestId: id, author: 'customer', authorUserId: user.id, authorName: user.name, body: text });
    if (locked.status !== 'open') await repo.setStatus(trx, id, 'open');
    return locked;
  });
  const subject = request.subject ?? `Contact form: ${request.topic}`;
  const error = await sendQuietly(ctx, log, {
    to: ctx.config.adminEmail,
    replyTo: user.email,
    subject: `[Support] Re: ${subject}`,
    text: [`${user.name} <${user.email}> followed up${request.status === 'closed' ? ' on a closed request, which is open again' : ''}.`, '', `Answer it at ${ctx.config.publicUrl}/donkey/support-requests?id=${id}`, '', text].join('\n'),
  });
  await markNotified(ctx.db, id, error);
  return getMine(ctx, user, id);
}

async function sendQuietly(ctx: AppContext, log: Log, mail: MailMessage): Promise<string | null> {
  try {
    await ctx.mailer.send(mail);
    return null;
  } catch (err) {
    log.error({ err, to: mail.to }, 'support email failed');
    return errorText(err);
  }
}

export async function listForStaff(ctx: AppContext, query: AdminSupportQuery): Promise<AdminSupportRequestList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listForStaff(ctx.db, { page, perPage, status: query.status, source: query.source, q: query.q });
  const replies = await repo.repliesOf(ctx.db, rows.map((r) => r.id));
  return { items: rows.map((row) => toStaffView(row, replies.get(row.id)!)), total, page, per_page: perPage };
}

export async function getForStaff(ctx: AppContext, id: string): Promise<AdminSupportRequest> {
  const row = await repo.findForStaff(ctx.db, id);
  if (!row) throw notFound('Support request');
  const replies = await repo.repliesOf(ctx.db, [row.id]);
  return toStaffView(row, replies.get(row.id)!);
}

/** A staff reply: stored and audited together, then emailed to the sender (a failed send is kept on the reply). */
export async function replyAsStaff(ctx: AppContext, log: Log, staff: SessionUser, id: string, body: AdminSupportReplyBody): Promise<AdminSupportRequest> {
  const text = body.body.trim();
  if (text === '') throw validationFailed({ body: ["can't be blank"] });
  const { request, reply } = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockRequest(trx, id);
    if (!locked) throw notFound('Support request');
    const inserted = await repo.insertReply(trx, { requestId: id, author: 'staff', authorUserId: staff.id, authorName: staff.name, body: text });
    const status = body.close ? 'closed' : locked.status;
    if (status !== locked.status) await repo.setStatus(trx, id, status);
    await recordAdminAction(trx, staff, {
      action: 'support_request.reply',
      targetType: 'support_request',
      targetId: id,
      before: { status: locked.status },
      after: { status, reply_id: inserted.id },
    });
    return { request: locked, reply: inserted };
  });
  const subject = request.subject ?? `Your message to Showback (${request.topic})`;
  const where = request.user_id ? `\n\nSee the whole conversation at ${ctx.config.publicUrl}/support` : '';
  const error = await sendQuietly(ctx, log, {
    to: request.email,
    replyTo: ctx.config.adminEmail,
    subject: `Re: ${subject}`,
    text: `Hi ${request.name},\n\n${text}\n\n— ${staff.name}, Showback support${where}\n\nReference: ${request.id}`,
  });
  await repo.markReplyEmailed(ctx.db, reply.id, error);
  return getForStaff(ctx, id);
}

export async function setStatusAsStaff(ctx: AppContext, staff: SessionUser, id: string, status: 'open' | 'closed'): Promise<AdminSupportRequest> {
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockRequest(trx, id);
    if (!locked) throw notFound('Support request');
    if (locked.status === status) return;
    await repo.setStatus(trx, id, status);
    await recordAdminAction(trx, staff, { action: `support_request.${status === 'closed' ? 'close' : 'reopen'}`, targetType: 'support_request', targetId: id, before: { status: locked.status }, after: { status } });
  });
  return getForStaff(ctx, id);
}
