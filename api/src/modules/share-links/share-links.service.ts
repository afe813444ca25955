import crypto from 'node:crypto';
import { DEFAULT_SHARE_EXPIRY_DAYS, type CreatedShareLink, type CreateShareLink, type ShareAudience, type ShareLink, type ShareLinkList } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { recordAdminAction } from '../admin/audit-log.repository.ts';
import { hashToken } from '../auth/tokens.ts';
import { getSubmissionRecord } from '../submissions/submissions.service.ts';
import * as repo from './share-links.repository.ts';
import { getSharingSettings, type StoredSharing } from './sharing-settings.ts';
import { iso } from '../../db/iso.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The address a share link is opened at; the token is in it, so it is shown once, when the link is made. */
export const shareLinkUrl = (ctx: AppContext, token: string): string => `${ctx.config.publicUrl}/s/${token}`;

/**
 * An outside link's token, derived from its id with the server's secret (256 bits no one without the secret can
 * compute): Showback can write the same link into the next issue or note without keeping the token itself.
 */
export const outsideLinkToken = (ctx: AppContext, linkId: string): string => crypto.createHmac('sha256', ctx.secret).update(`share-link:${linkId}`).digest('base64url');

/** Why the account's settings refuse a link for `audience` now, or undefined. */
export function sharingRefusal(settings: StoredSharing, audience: ShareAudience): string | undefined {
  if (settings.mode === 'off') return 'Sharing is turned off for this workspace.';
  if (audience === 'anyone' && settings.mode !== 'on') return 'This workspace shares recordings with verified people only.';
  if (audience === 'domain' && settings.domains.length === 0) return "Add your company's email domains in the account settings first.";
  return undefined;
}

function stateOf(row: Pick<repo.ShareLinkRow, 'revoked_at' | 'expires_at'>, now: Date): ShareLink['state'] {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && new Date(row.expires_at) <= now) return 'expired';
  return 'active';
}

function toShareLink(row: repo.ShareLinkRow, domains: string[], views: { email: string | null; viewed_at: Date }[], now: Date): ShareLink {
  return {
    id: row.id,
    submission_id: row.submission_id,
    audience: row.audience,
    emails: row.emails,
    domains: row.audience === 'domain' ? domains : [],
    allow_comments: row.allow_comments,
    purpose: row.purpose,
    created_by: row.created_by && row.creator_name !== null ? { id: row.created_by, name: row.creator_name } : null,
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    state: stateOf(row, now),
    views: views.map((v) => ({ email: v.email, viewed_at: iso(v.viewed_at) })),
  };
}

export async function listShareLinks(ctx: AppContext, accountId: string, submissionId: string): Promise<ShareLinkList> {
  await getSubmissionRecord(ctx, accountId, submissionId);
  const settings = await getSharingSettings(ctx, accountId);
  const rows = await repo.listShareLinks(ctx.db, accountId, submissionId);
  const views = await repo.viewsOf(ctx.db, rows.map((r) => r.id));
  const now = new Date();
  return { items: rows.map((row) => toShareLink(row, settings.domains, views.get(row.id) ?? [], now)), settings };
}

const normaliseEmails = (emails: string[]): string[] => [...new Set(emails.map((e) => e.trim().toLowerCase()))];

/** Makes a link with its own audience and expiry; audited. */
export async function createShareLink(ctx: AppContext, user: SessionUser, submissionId: string, input: CreateShareLink): Promise<CreatedShareLink> {
  await getSubmissionRecord(ctx, user.accountId, submissionId);
  const settings = await getSharingSettings(ctx, user.accountId);
  const refusal = sharingRefusal(settings, input.audience);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const emails = input.audience === 'people' ? normaliseEmails(input.emails ?? []) : [];
  if (input.audience === 'people' && emails.length === 0) throw validationFailed({ emails: ['name at least one person'] });
  const days = input.expires_in_days === undefined ? DEFAULT_SHARE_EXPIRY_DAYS : input.expires_in_days;
  if (days === null && !settings.never_expires_allowed) throw new AppError('PLAN_REQUIRED', 'Links that never expire come with a paid plan. Choose an expiry of up to 90 days.');

  const token = crypto.randomBytes(32).toString('base64url');
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertShareLink(trx, {
      account_id: user.accountId,
      submission_id: submissionId,
      token_hash: hashToken(token),
      audience: input.audience,
      emails: JSON.stringify(emails),
      allow_comments: input.allow_comments ?? false,
      created_by: user.id,
      expires_at: days === null ? null : new Date(Date.now() + days * DAY),
    });
    await recordAdminAction(trx, user, { action: 'share_link.create', targetType: 'share_link', targetId: id, after: { submission_id: submissionId, audience: input.audience, emails, expires_in_days: days } });
    return id;
  });
  const row = (await repo.listShareLinks(ctx.db, user.accountId, submissionId)).find((r) => r.id === id)!;
  return { ...toShareLink(row, settings.domains, [], new Date()), url: shareLinkUrl(ctx, token) };
}

/** Revokes a link of the account: the very next request with it is refused, in every process (nothing is cached). */
export async function revokeShareLink(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const revoked = await repo.revokeShareLink(trx, user.accountId, id);
    if (!revoked) throw notFound('Share link');
    await trx.deleteFrom('share_link_sessions').where('share_link_id', '=', id).execute();
    await recordAdminAction(trx, user, { action: 'share_link.revoke', targetType: 'share_link', targetId: id, before: { submission_id: revoked.submission_id, audience: revoked.audience } });
  });
}
