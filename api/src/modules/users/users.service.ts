import { ATTRIBUTION_FIELDS, type FieldErrors, type SignInBody, type SignUpBody, type UpdateMeBody, type User } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password.ts';
import * as repo from './users.repository.ts';
import type { ProfileRow } from './users.repository.ts';
import { hashToken } from '../auth/tokens.ts';
import { endCredentials, USER_DISABLED_MESSAGE } from '../auth/credential-lifecycle.ts';
import { keepSessionAlive, sessionUser, type ResolvedSession } from '../auth/sessions.service.ts';
import { serializeUser } from './serialize-user.ts';
import { billingStateFrom, usagePeriod } from '../billing/billing-state.ts';
import { usageMonth } from '../billing/billing.repository.ts';

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw validationFailed(errors);
}

export const EMAIL_TAKEN = 'has already been taken';

/** The user as JSON with its account; the shape GET /users/me answers with. One query. */
export async function userJson(ctx: AppContext, userId: string, now = new Date()): Promise<User> {
  const { start, end } = usagePeriod(now);
  const row = await repo.findProfile(ctx.db, userId, start, end);
  if (!row) throw notFound('User');
  return profileJson(row, now);
}

/**
 * userJson for the user of a session token, with the session; undefined for no or an expired session. From the
 * process's cache when it holds it, else one query.
 */
export async function sessionUserJson(ctx: AppContext, token: string | undefined, now = new Date()): Promise<{ session: ResolvedSession; user: User } | undefined> {
  if (!token) return undefined;
  const { start: from, end: to } = usagePeriod(now);
  const tokenHash = hashToken(token);
  const load = async () => (await repo.findProfileBySession(ctx.database, { tokenHash, from, to, month: usageMonth(from), now }))[0];
  const row = await ctx.signedIn.read('profile', tokenHash, from.getTime(), now, load);
  if (!row) return undefined;
  await keepSessionAlive(ctx.db, row, now);
  return { session: { sessionId: row.session_id, user: sessionUser(row) }, user: profileJson(row, now) };
}

function profileJson(row: ProfileRow, now: Date): User {
  const account = {
    id: row.account_id,
    name: row.account_name,
    onboarding_completed: row.onboarding_completed,
    plan: row.plan,
    billing_interval: row.billing_interval,
    trial_ends_at: row.trial_ends_at,
    enterprise_submission_limit: row.enterprise_submission_limit,
    enterprise_retention_days: row.enterprise_retention_days,
    enterprise_seats: row.enterprise_seats,
  };
  // No billing row yet (never went to checkout): billing state treats undefined as "no subscription".
  const billing =
    row.billing_account_id === null
      ? undefined
      : {
          subscription_status: row.subscription_status!,
          current_period_end: row.current_period_end,
          cancel_at_period_end: row.cancel_at_period_end!,
          pending_plan: row.pending_plan,
          pending_interval: row.pending_interval,
          pending_change_at: row.pending_change_at,
          stripe_customer_id: row.stripe_customer_id,
        };
  return serializeUser(row, account, billingStateFrom(account, { billing, used: Number(row.used), held: Number(row.held) }, now));
}

/** The form errors every sign-up shares (with or without an invitation): blank name, mismatched confirmation. */
export function signUpFormErrors(body: SignUpBody): FieldErrors {
  const errors: FieldErrors = {};
  if (!body.name.trim()) addError(errors, 'name', "can't be blank");
  if (body.password !== body.password_confirmation) addError(errors, 'password_confirmation', "doesn't match Password");
  return errors;
}

/** The sign-up's attribution fields, trimmed, empty ones dropped. */
export function attributionOf(body: SignUpBody): Record<string, string> {
  const attribution: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = body[field]?.trim();
    if (value) attribution[field] = value;
  }
  return attribution;
}

/** Validates the sign-up form, then creates the account and its owner (createOwner). Invitations: team/invitations.service. */
export async function signUp(ctx: AppContext, body: SignUpBody): Promise<UserRow> {
  const errors = signUpFormErrors(body);
  const name = body.name.trim();
  const email = normaliseEmail(body.email);
  if (await repo.findUserByEmail(ctx.db, email)) addError(errors, 'email', EMAIL_TAKEN);
  throwIfAny(errors);
  return createOwner(ctx, { name, email, accountName: body.account_name, passwordHash: await hashPassword(body.password), emailVerified: false, attribution: attributionOf(body) });
}

export interface NewOwner {
  name: string;
  /** Normalised (normaliseEmail). */
  email: string;
  /** Empty: "<name>'s workspace". */
  accountName?: string | null;
  /** null for people who sign in through an identity provider only. */
  passwordHash: string | null;
  emailVerified: boolean;
  attribution?: Record<string, string>;
}

/**
 * Creates an account (with its trial, from the column default) and its owner in one transaction: a failure leaves
 * neither behind. A taken email answers 422 errors.email.
 */
export const attributionJson = (attribution: Record<string, string> | undefined): string | null =>
  attribution && Object.keys(attribution).length ? JSON.stringify(attribution) : null;

export async function createOwner(ctx: AppContext, owner: NewOwner): Promise<UserRow> {
  const attribution = attributionJson(owner.attribution);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const account = await repo.insertAccount(trx, { name: owner.accountName?.trim() || `${owner.name}'s workspace` });
      return repo.insertUser(trx, {
        account_id: account.id,
        email: owner.email,
        name: owner.name,
        role: 'owner',
        password_hash: owner.passwordHash,
        email_verified: owner.emailVerified,
        attribution,
      });
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides, the loser's account rolls back.
    if (isUniqueViolation(error)) throw validationFailed({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

/** The user for these credentials, or INVALID_CREDENTIALS without saying which part was wrong. */
export async function authenticate(ctx: AppContext, body: Pick<SignInBody, 'email' | 'password'>): Promise<UserRow> {
  const user = await repo.findUserByEmail(ctx.db, normaliseEmail(body.email));
  const ok = await verifyPassword(body.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !user.password_hash || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
  // Said only to whoever knows the password: it tells them who to ask, and nobody else learns the address exists.
  if (user.disabled_at) throw new AppError('FORBIDDEN', USER_DISABLED_MESSAGE);
  return user;
}

/**
 * Changes the person's own name, email or password. A new email or password ends their other sessions and every
 * reset link (credential-lifecycle.ts), in the same transaction; `sessionId` is the session that stays.
 */
export async function updateMe(ctx: AppContext, userId: string, body: UpdateMeBody, sessionId?: string): Promise<void> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw notFound('User');
  const errors: FieldErrors = {};
  const changes: Parameters<typeof repo.updateUser>[2] = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) addError(errors, 'name', "can't be blank");
    else if (name !== user.name) changes.name = name;
  }
  const email = body.email === undefined ? undefined : normaliseEmail(body.email);
  const emailChanged = email !== undefined && email !== user.email.toLowerCase();
  const passwordChanged = body.password !== undefined && body.password !== '';
  if (passwordChanged && body.password !== body.password_confirmation) addError(errors, 'password_confirmation', "doesn't match Password");
  if (emailChanged || passwordChanged) {
    if (!body.current_password) addError(errors, 'current_password', "can't be blank");
    else if (!user.password_hash || !(await verifyPassword(body.current_password, user.password_hash))) addError(errors, 'current_password', 'is invalid');
  }
  if (emailChanged && email && !errors.email) {
    const other = await repo.findUserByEmail(ctx.db, email);
    if (other && other.id !== user.id) addError(errors, 'email', EMAIL_TAKEN);
    else changes.email = email;
  }
  throwIfAny(errors);
  if (passwordChanged && body.password) {
    changes.password_hash = await hashPassword(body.password);
    changes.must_change_password = false;
  }
  if (Object.keys(changes).length === 0) return;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, user.id, changes);
      if (changes.password_hash) await endCredentials(trx, user.id, 'password_changed', sessionId);
      else if (changes.email) await endCredentials(trx, user.id, 'email_changed', sessionId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ email: [EMAIL_TAKEN] });
    throw error;
  }
}
