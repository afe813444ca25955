import type { AdminInvitationList, AdminInvitationQuery } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './admin-invitations.repository.ts';
import { recordAdminAction } from './audit-log.repository.ts';
import { iso } from '../../db/iso.ts';

export async function listInvitations(ctx: AppContext, query: AdminInvitationQuery): Promise<AdminInvitationList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const { rows, total } = await repo.listInvitations(ctx.db, { ...query, page, perPage });
  return { items: rows.map((i) => ({ ...i, created_at: iso(i.created_at), expires_at: iso(i.expires_at) })), total, page, per_page: perPage };
}

/**
 * Revokes an invitation nobody accepted yet, audited: its link stops working. An expired one can be revoked too,
 * since its account could otherwise resend it.
 */
export async function revokeInvitation(ctx: AppContext, staff: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const invitation = await repo.lockInvitation(trx, id);
    if (!invitation) throw notFound('Invitation');
    if (invitation.status === 'accepted' || invitation.status === 'revoked') throw new AppError('CONFLICT', `This invitation is already ${invitation.status}.`);
    await repo.revokeInvitation(trx, id);
    await recordAdminAction(trx, staff, { action: 'invitation.revoke', targetType: 'invitation', targetId: id, before: { email: invitation.email, account_id: invitation.account_id, status: invitation.status }, after: { status: 'revoked' } });
  });
}
