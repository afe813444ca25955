import { INVITATION_LIFETIME_DAYS, type CreateInvitationBody, type Invitation, type InvitationPreview, type SignUpBody } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { findUserByEmail, insertUser } from '../users/users.repository.ts';
import { addError, attributionJson, attributionOf, EMAIL_TAKEN, isUniqueViolation, normaliseEmail, signUpFormErrors, throwIfAny } from '../users/users.service.ts';
import { invitationMail } from './invitation-email.ts';
import { assertSeatFree, seatLimit, seatsOf } from './seats.ts';
import * as repo from './team.repository.ts';
import type { InvitationRow } from './team.repository.ts';
import { iso } from '../../db/iso.ts';

const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export const INVITATION_INVALID = 'This invitation is not valid or has expired.';
export const EMAIL_HAS_ACCOUNT =
  'This email already has a Showback account, and an account belongs to one workspace. Ask for an invitation to another address, or keep using your workspace.';

const isExpired = (row: Pick<InvitationRow, 'expires_at'>, now: Date): boolean => new Date(row.expires_at).getTime() <= now.getTime();

export function invitationJson(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by_name,
    expires_at: iso(row.expires_at),
    expired: isExpired(row, now),
    created_at: iso(row.created_at),
  };
}

async function sendInvitation(ctx: AppContext, accountId: string, inviter: SessionUser, email: string, role: Invitation['role'], token: string): Promise<void> {
  const account = await ctx.db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow();
  const link = `${ctx.config.publicUrl}/sign-up?invitation_token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(invitationMail({ to: email, inviter: inviter.name, accountName: account.name, role, link }));
  } catch (error) {
    throw new AppError('UPSTREAM_FAILED', 'The invitation is saved, but its email could not be sent. Try Resend in a moment.', { cause: error });
  }
}

async function invitationOrNotFound(db: Db, accountId: string, id: string, now: Date): Promise<Invitation> {
  const row = await repo.findInvitation(db, accountId, id);
  if (!row) throw notFound('Invitation');
  return invitationJson(row, now);
}

/**
 * Invites an address with a role. Only this account's members are looked up, never other accounts' users: the answer
 * and the email are the same whether or not the address has an account elsewhere (see acceptInvitation).
 */
export async function invite(ctx: AppContext, inviter: SessionUser, body: CreateInvitationBody, now = new Date()): Promise<Invitation> {
  const email = normaliseEmail(body.email);
  const { token, hash } = newToken();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const account = await repo.lockAccount(trx, inviter.accountId);
    if (!account) throw notFound('Account');
    if (await repo.findMemberByEmail(trx, account.id, email)) throw validationFailed({ email: ['is already a member of this workspace'] }, 'This person is already a member of this workspace.');
    const open = await repo.findOpenInvitationByEmail(trx, account.id, email);
    if (open && !isExpired(open, now)) throw validationFailed({ email: ['has already been invited'] }, 'This address has already been invited: resend that invitation instead.');
    if (open) await repo.revokeInvitation(trx, account.id, open.id, now);
    assertSeatFree(await seatsOf(trx, account, now));
    return repo.insertInvitation(trx, { account_id: account.id, email, role: body.role, token_hash: hash, invited_by: inviter.id, expires_at: new Date(now.getTime() + LIFETIME_MS) });
  });
  await sendInvitation(ctx, inviter.accountId, inviter, email, body.role, token);
  return invitationOrNotFound(ctx.db, inviter.accountId, id, now);
}

/** A new link valid for 7 more days; the previous link stops working. An expired invitation needs a free seat again. */
export async function resendInvitation(ctx: AppContext, inviter: SessionUser, id: string, now = new Date()): Promise<Invitation> {
  const { token, hash } = newToken();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const account = await repo.lockAccount(trx, inviter.accountId);
    const found = account && (await repo.findInvitation(trx, account.id, id));
    if (!account || !found || found.accepted_at || found.revoked_at) throw notFound('Invitation');
    if (isExpired(found, now)) assertSeatFree(await seatsOf(trx, account, now));
    await repo.renewInvitation(trx, account.id, id, { token_hash: hash, invited_by: inviter.id, expires_at: new Date(now.getTime() + LIFETIME_MS) });
    return found;
  });
  await sendInvitation(ctx, inviter.accountId, inviter, row.email, row.role, token);
  return invitationOrNotFound(ctx.db, inviter.accountId, id, now);
}

export async function revokeInvitation(ctx: AppContext, accountId: string, id: string, now = new Date()): Promise<void> {
  if (!(await repo.revokeInvitation(ctx.db, accountId, id, now))) throw notFound('Invitation');
}

/** Why a known token cannot be used, as the error its holder sees (the sign-up page shows the message). */
function unusableInvitation(row: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>, now: Date): AppError | undefined {
  const fieldErrors = (message: string) => ({ fieldErrors: { invitation_token: [message] } });
  if (row.accepted_at) {
    const message = 'This invitation has already been used. Sign in with the account it created, or ask for a new invitation.';
    return new AppError('INVITATION_USED', message, fieldErrors(message));
  }
  if (row.revoked_at) {
    const message = 'This invitation was withdrawn. Ask the person who invited you to send a new one.';
    return new AppError('LINK_REVOKED', message, fieldErrors(message));
  }
  if (isExpired(row, now)) {
    const message = `This invitation expired (invitations last ${INVITATION_LIFETIME_DAYS} days). Ask the person who invited you to resend it.`;
    return new AppError('LINK_EXPIRED', message, fieldErrors(message));
  }
  return undefined;
}

const invalidToken = (): AppError => validationFailed({ invitation_token: [INVITATION_INVALID] }, INVITATION_INVALID);

async function usableInvitation(db: Db, token: string, now: Date) {
  const row = await repo.findInvitationByTokenHash(db, hashToken(token));
  if (!row) throw invalidToken();
  const unusable = unusableInvitation(row, now);
  if (unusable) throw unusable;
  return row;
}

/** What the sign-up screen shows for an invitation link. Only the token's holder learns whether the address has an account. */
export async function lookupInvitation(ctx: AppContext, token: string, now = new Date()): Promise<InvitationPreview> {
  const row = await usableInvitation(ctx.db, token, now);
  return {
    account_name: row.account_name,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by_name,
    expires_at: iso(row.expires_at),
    email_has_account: Boolean(await findUserByEmail(ctx.db, row.email)),
  };
}

/**
 * Sign-up with an invitation_token: the new user joins the inviting account with the invited role (account_name is
 * ignored), with the invited address, which the link proved they read. The invitation is used up in the same
 * transaction; the members must leave a seat free (a downgrade since the invitation may have taken it).
 */
export async function acceptInvitation(ctx: AppContext, body: SignUpBody & { invitation_token: string }, now = new Date()): Promise<UserRow> {
  const invitation = await usableInvitation(ctx.db, body.invitation_token, now);
  const errors = signUpFormErrors(body);
  const email = normaliseEmail(body.email);
  if (email !== invitation.email) addError(errors, 'email', `must be the invited address, ${invitation.email}`);
  throwIfAny(errors);
  if (await findUserByEmail(ctx.db, email)) throw validationFailed({ email: [EMAIL_HAS_ACCOUNT] }, EMAIL_HAS_ACCOUNT);
  const passwordHash = await hashPassword(body.password);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const account = await repo.lockAccount(trx, invitation.account_id);
      const consumed = await repo.consumeInvitation(trx, hashToken(body.invitation_token), now);
      if (!account || !consumed) throw invalidToken();
      // Invitations already sent are honoured first come, first served while members leave a seat (after a downgrade
      // they may not); pending invitations only hold seats against new invitations.
      const { limit } = seatLimit(account, now);
      if (limit !== null && (await repo.countMembers(trx, account.id)) >= limit) {
        throw new AppError('SEAT_LIMIT_REACHED', `${account.name} has no free seat right now. Ask the person who invited you to make room or upgrade, then use this link again.`);
      }
      const user = await insertUser(trx, {
        account_id: account.id,
        email,
        name: body.name.trim(),
        role: consumed.role,
        password_hash: passwordHash,
        email_verified: true,
        attribution: attributionJson(attributionOf(body)),
      });
      await repo.setAcceptedUser(trx, consumed.id, user.id);
      return user;
    });
  } catch (error) {
    // The same address signing up at the same moment: the unique index decides and this transaction rolls back.
    if (isUniqueViolation(error)) throw validationFailed({ email: [EMAIL_TAKEN] });
    throw error;
  }
}
