import { PLANS, TRIAL_EXTENSION_MAX_DAYS, type AdminAccountDetail, type AdminEnterpriseLimitsBody, type AdminExtendTrialBody, type AdminUserDetail, type PlanId } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { AdminAuditLogTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { sendPasswordResetLink } from '../auth/password-resets.service.ts';
import { planRules } from '../billing/billing-state.ts';
import { localeDate } from '../users/user-locale.ts';
import { seatsOf } from '../team/seats.ts';
import { recordAdminAction } from './audit-log.repository.ts';
import * as repo from './admin-people.repository.ts';
import { iso } from '../../db/iso.ts';

const DAY_MS = 86_400_000;

function auditJson(rows: Selectable<AdminAuditLogTable>[]) {
  return rows.map((a) => ({ id: a.id, actor_email: a.actor_email, action: a.action, target_type: a.target_type, target_id: a.target_id, before: a.before, after: a.after, created_at: iso(a.created_at) }));
}

export async function getAccount(ctx: AppContext, accountId: string, now = new Date()): Promise<AdminAccountDetail> {
  const account = await repo.findAccount(ctx.db, accountId, now);
  if (!account) throw notFound('Account');
  const [members, audit, seats] = await Promise.all([repo.membersOf(ctx.db, accountId), repo.auditAbout(ctx.db, 'account', accountId), seatsOf(ctx.db, account, now)]);
  const rules = planRules(account, now);
  return {
    id: account.id,
    name: account.name,
    plan: account.plan,
    effective_plan: rules.plan,
    trial_active: rules.trialActive,
    trial_ends_at: iso(account.trial_ends_at),
    billing_interval: account.billing_interval,
    subscription_status: account.subscription_status ?? 'none',
    created_at: iso(account.created_at),
    limits: { submission_limit: rules.submissionLimit, retention_days: rules.retentionDays, seats: rules.seats },
    enterprise_limits: { submission_limit: account.enterprise_submission_limit, retention_days: account.enterprise_retention_days, seats: account.enterprise_seats },
    submissions_this_month: Number(account.used),
    seats_used: seats.used,
    recording_requests: Number(account.request_count),
    submissions: Number(account.submission_count),
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role, disabled: m.disabled_at !== null, last_active_at: iso(m.last_active_at) })),
    audit: auditJson(audit),
  };
}

export async function getUser(ctx: AppContext, userId: string): Promise<AdminUserDetail> {
  const user = await repo.findUser(ctx.db, userId);
  if (!user) throw notFound('User');
  const [identities, account, requests, chat, audit] = await Promise.all([
    repo.identitiesOf(ctx.db, userId),
    getAccount(ctx, user.account_id),
    repo.supportRequestsOf(ctx.db, userId),
    repo.chatOf(ctx.db, userId),
    repo.auditAbout(ctx.db, 'user', userId),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    is_sysadmin: user.is_sysadmin,
    disabled: user.disabled_at !== null,
    email_verified: user.email_verified,
    has_password: Boolean(user.has_password),
    created_at: iso(user.created_at),
    last_active_at: iso(user.last_active_at),
    identities: identities.map((i) => ({ provider: i.provider, email: i.email, created_at: iso(i.created_at), last_used_at: iso(i.last_used_at) })),
    account,
    support_requests: requests.map((r) => ({ id: r.id, subject: r.subject ?? `Contact form: ${r.topic}`, status: r.status, created_at: iso(r.created_at), last_reply_at: iso(r.last_reply_at), replies: Number(r.replies) })),
    chat: { messages: chat.messages.reverse().map((m) => ({ ...m, id: Number(m.id), created_at: iso(m.created_at) })), total: chat.total },
    audit: auditJson(audit),
  };
}

/**
 * Emails the user a new reset link through the sign-in flow's own mail. The link is stored and mailed inside the
 * audit entry's transaction, so the log says "sent" only when the mailer took it; the token is never logged.
 */
export async function sendPasswordReset(ctx: AppContext, staff: SessionUser, userId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'email', 'disabled_at']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('User');
    if (user.disabled_at) throw new AppError('CONFLICT', 'This user is disabled: enable them first, or the new password would not let them sign in.');
    await recordAdminAction(trx, staff, { action: 'user.password_reset', targetType: 'user', targetId: userId, after: { email: user.email } });
    try {
      await sendPasswordResetLink(ctx, trx, user);
    } catch (err) {
      throw new AppError('UPSTREAM_FAILED', 'The reset email could not be sent; nothing was changed. Try again in a moment.', { cause: err });
    }
  });
}

function trialEnd(body: AdminExtendTrialBody, from: Date): Date {
  if ((body.days === undefined) === (body.until === undefined)) {
    throw validationFailed({ days: ['give either days or until'], until: ['give either days or until'] }, 'Extend the trial either by a number of days or to a date.');
  }
  return body.days !== undefined ? new Date(from.getTime() + body.days * DAY_MS) : new Date(`${body.until}T23:59:59.999Z`);
}

/**
 * Moves a free account's trial end later: `days` from its current end (from now if it has ended or never began), or
 * to the end of the UTC day `until`. Paid and enterprise accounts have no trial to extend. The new end is at most
 * TRIAL_EXTENSION_MAX_DAYS from now, and never earlier than the current one. Refusals name days in `locale` (the
 * admin's browser's).
 */
export async function extendTrial(ctx: AppContext, staff: SessionUser, accountId: string, body: AdminExtendTrialBody, locale?: string, now = new Date()): Promise<AdminAccountDetail> {
  const day = (date: Date) => localeDate(date, locale);
  await ctx.db.transaction().execute(async (trx) => {
    const account = await repo.lockAccount(trx, accountId);
    if (!account) throw notFound('Account');
    if (account.plan !== 'free') throw new AppError('CONFLICT', `${account.name} is on the ${PLANS[account.plan as PlanId]?.name ?? account.plan} plan: only free accounts have a trial to extend.`);
    const current = account.trial_ends_at ? new Date(account.trial_ends_at) : null;
    const from = current && current > now ? current : now;
    const ends = trialEnd(body, from);
    const field = body.days !== undefined ? 'days' : 'until';
    const latest = new Date(now.getTime() + TRIAL_EXTENSION_MAX_DAYS * DAY_MS);
    if (ends > latest) throw validationFailed({ [field]: [`would end the trial after ${day(latest)}: at most ${TRIAL_EXTENSION_MAX_DAYS} days from today`] }, `A trial can end at most ${TRIAL_EXTENSION_MAX_DAYS} days from today (${day(latest)}).`);
    if (ends <= from) throw validationFailed({ [field]: [`must be after ${day(from)}`] }, `The new trial end must be after ${day(from)}.`);
    await repo.setTrialEnd(trx, accountId, ends);
    await recordAdminAction(trx, staff, { action: 'account.extend_trial', targetType: 'account', targetId: accountId, before: { trial_ends_at: iso(current), name: account.name }, after: { trial_ends_at: ends.toISOString() } });
  });
  return getAccount(ctx, accountId);
}

/** Sets an enterprise account's negotiated limits (null: no limit); other plans' limits are the plan table's. */
export async function setEnterpriseLimits(ctx: AppContext, staff: SessionUser, accountId: string, body: AdminEnterpriseLimitsBody): Promise<AdminAccountDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const account = await repo.lockAccount(trx, accountId);
    if (!account) throw notFound('Account');
    if (account.plan !== 'enterprise') throw new AppError('CONFLICT', `${account.name} is on the ${PLANS[account.plan as PlanId]?.name ?? account.plan} plan: custom limits apply only to enterprise accounts.`);
    const before = { submission_limit: account.enterprise_submission_limit, retention_days: account.enterprise_retention_days, seats: account.enterprise_seats };
    const after = { submission_limit: body.submission_limit, retention_days: body.retention_days, seats: body.seats };
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await repo.setEnterpriseLimits(trx, accountId, after);
    await recordAdminAction(trx, staff, { action: 'account.set_limits', targetType: 'account', targetId: accountId, before: { ...before, name: account.name }, after });
  });
  return getAccount(ctx, accountId);
}
