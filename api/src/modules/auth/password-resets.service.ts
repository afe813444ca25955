import type { FastifyBaseLogger } from 'fastify';
import type { PasswordResetBody } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, validationFailed } from '../../errors.ts';
import { findUserByEmail, updateUser } from '../users/users.repository.ts';
import { normaliseEmail } from '../users/users.service.ts';
import { hashPassword } from './password.ts';
import { USER_DISABLED_MESSAGE } from './credential-lifecycle.ts';
import * as repo from './password-resets.repository.ts';
import { deleteUserSessions } from './sessions.repository.ts';
import { hashToken, newToken } from './tokens.ts';

export const RESET_LIFETIME_MS = 2 * 60 * 60 * 1000;

function resetMail(link: string): { subject: string; text: string; html: string } {
  return {
    subject: 'Reset your Showback password',
    text: `Someone asked to reset the password of your Showback account.\n\nChoose a new password here (the link works once, for 2 hours):\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your Showback account.</p><p><a href="${link}">Choose a new password</a> (the link works once, for 2 hours).</p><p>If it was not you, ignore this email; your password stays as it is.</p>`,
  };
}

/**
 * Sends a single-use reset link when the email belongs to an enabled user; a disabled user is told why no link comes
 * (a link could not work); silent for an unknown email.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, normaliseEmail(email));
  if (!user) return;
  if (user.disabled_at) {
    await ctx.mailer.send({ to: user.email, ...disabledMail() });
    return;
  }
  await sendPasswordResetLink(ctx, ctx.db, user);
}

function disabledMail(): { subject: string; text: string; html: string } {
  const text = 'Someone asked to reset the password of your Showback account, but this user has been disabled, so no reset link was sent. Please contact Showback support.';
  return { subject: 'Your Showback user is disabled', text: `${text}\n`, html: `<p>${text}</p>` };
}

/** Stores a new single-use reset link for the user (through `db`, which may be a transaction) and emails it. */
export async function sendPasswordResetLink(ctx: AppContext, db: Db, user: { id: string; email: string }): Promise<void> {
  const { token, hash } = newToken();
  await repo.insertPasswordReset(db, user.id, hash, new Date(Date.now() + RESET_LIFETIME_MS));
  const link = `${ctx.config.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({ to: user.email, ...resetMail(link) });
}

/**
 * The answer must not depend on whether the email exists, in content or in time: the work runs after the reply.
 * A lost reset email only means the person asks again.
 */
export function requestPasswordResetInBackground(ctx: AppContext, email: string, log: FastifyBaseLogger): void {
  requestPasswordReset(ctx, email).catch((err: unknown) => log.error({ err }, 'password reset email failed'));
}

/**
 * Sets the new password, uses up the token and every other reset link, and ends all of the user's sessions. A link of
 * a disabled user is refused (403) and changes nothing: disabling already used it up, and the user row is locked so a
 * disable committing meanwhile is seen.
 */
export async function resetPassword(ctx: AppContext, body: PasswordResetBody): Promise<string> {
  if (body.password !== body.password_confirmation) throw validationFailed({ password_confirmation: ["doesn't match Password"] });
  const passwordHash = await hashPassword(body.password);
  const tokenHash = hashToken(body.reset_password_token);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    if (await repo.resetUserDisabled(trx, tokenHash)) throw new AppError('FORBIDDEN', USER_DISABLED_MESSAGE);
    const id = await repo.consumePasswordReset(trx, tokenHash);
    if (!id) return undefined;
    await updateUser(trx, id, { password_hash: passwordHash, must_change_password: false });
    await repo.invalidateUserResets(trx, id);
    await deleteUserSessions(trx, id);
    return id;
  });
  if (!userId) throw validationFailed({ reset_password_token: ['is invalid or has expired'] }, 'This password reset link is invalid or has expired.');
  return userId;
}
