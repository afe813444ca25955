import { may, type AssignableRole, type Team, type TeamMember } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { notFound, validationFailed } from '../../errors.ts';
import { forbidden, type SessionUser } from '../../plugins/auth.ts';
import { endCredentials } from '../auth/credential-lifecycle.ts';
import { invitationJson } from './invitations.service.ts';
import { seatsOf } from './seats.ts';
import * as repo from './team.repository.ts';
import type { MemberRow } from './team.repository.ts';
import { iso } from '../../db/iso.ts';

function memberJson(row: MemberRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    last_active_at: row.last_active_at ? iso(row.last_active_at) : null,
    joined_at: iso(row.created_at),
  };
}

export async function getTeam(ctx: AppContext, accountId: string, now = new Date()): Promise<Team> {
  const account = await ctx.db.selectFrom('accounts').select(['id', 'plan', 'trial_ends_at', 'enterprise_submission_limit', 'enterprise_retention_days', 'enterprise_seats']).where('id', '=', accountId).executeTakeFirst();
  if (!account) throw notFound('Account');
  const [members, invitations, seats] = await Promise.all([repo.listMembers(ctx.db, accountId), repo.listOpenInvitations(ctx.db, accountId), seatsOf(ctx.db, account, now)]);
  return { members: members.map(memberJson), invitations: invitations.map((row) => invitationJson(row, now)), seats };
}

const OWNER_ROLE_FIXED = "The owner's role changes only by transferring ownership to an admin.";

/** Owner or admin: makes a member an admin or an admin a member. The owner's role is not changed here. */
export async function changeRole(ctx: AppContext, accountId: string, userId: string, role: AssignableRole): Promise<TeamMember> {
  const member = await repo.findMember(ctx.db, accountId, userId);
  if (!member) throw notFound('Member');
  if (member.role === 'owner') throw validationFailed({ role: [OWNER_ROLE_FIXED] }, OWNER_ROLE_FIXED);
  await repo.setRole(ctx.db, accountId, userId, role);
  return memberJson({ ...member, role });
}

const OWNER_STAYS = 'The owner cannot be removed. Transfer ownership to an admin first.';

/**
 * Owner or admin: removes a member or admin. Every credential they held or handed out ends with them
 * (credential-lifecycle.ts); what they created stays.
 */
export async function removeMember(ctx: AppContext, accountId: string, userId: string): Promise<void> {
  const member = await repo.findMember(ctx.db, accountId, userId);
  if (!member) throw notFound('Member');
  if (member.role === 'owner') throw validationFailed({ user: [OWNER_STAYS] }, OWNER_STAYS);
  await ctx.db.transaction().execute(async (trx) => {
    await endCredentials(trx, member.id, 'removed');
    await repo.deleteMember(trx, accountId, userId);
  });
}

const ADMIN_ONLY = 'Ownership can only go to an admin of the workspace. Make them an admin first.';

/** Owner only: the admin becomes the owner and the owner an admin, together, so the account always has one owner. */
export async function transferOwnership(ctx: AppContext, owner: SessionUser, userId: string): Promise<Team> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockAccount(trx, owner.accountId);
    // The session's role was read before the lock: a transfer finished meanwhile made this caller an admin.
    if (!may((await repo.findMember(trx, owner.accountId, owner.id))?.role, 'team.transfer_ownership')) throw forbidden('team.transfer_ownership');
    const target = await repo.findMember(trx, owner.accountId, userId);
    if (!target) throw notFound('Member');
    if (target.role !== 'admin') throw validationFailed({ user: [ADMIN_ONLY] }, ADMIN_ONLY);
    await repo.setRole(trx, owner.accountId, target.id, 'owner');
    await repo.setRole(trx, owner.accountId, owner.id, 'admin');
  });
  return getTeam(ctx, owner.accountId);
}
