import crypto from 'node:crypto';
import type { ZendeskAppApproval, ZendeskAppApprove, ZendeskAppToken } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../../modules/auth/tokens.ts';
import type { SessionUser } from '../../modules/auth/sessions.service.ts';
import { assertHelpdeskAllowed } from '../helpdesk/helpdesk-plan.ts';
import { findZendeskConnection } from './zendesk.repository.ts';

/**
 * The Zendesk app's own session (docs/zendesk.md, "How the app signs in"). The app runs in an iframe of another site,
 * where browsers drop or partition third-party cookies, so it holds a bearer token instead: it makes a random verifier,
 * the agent approves its SHA-256 in a Showback window (first-party, their own session), and the app exchanges the
 * verifier for the token. Only the app knows the verifier, so a challenge seen by anyone else is worth nothing.
 */
const APPROVAL_MS = 10 * 60 * 1000;
/** The agent signs in again from the app after this (or at once when removed, disabled or Zendesk is disconnected). */
export const APP_SESSION_MS = 90 * 24 * 60 * 60 * 1000;
/** App tokens say what they are (secret scanners, logs) and never look like a session cookie. */
const PREFIX = 'sbz_';

export const challengeOf = (verifier: string): string => crypto.createHash('sha256').update(verifier).digest('base64url');

/** The agent, signed in to Showback, lets the app of `subdomain` act as them: the app's challenge is approved for 10 minutes. */
export async function approveZendeskApp(ctx: AppContext, user: { id: string; accountId: string }, input: ZendeskAppApprove): Promise<ZendeskAppApproval> {
  const connection = await findZendeskConnection(ctx.db, user.accountId);
  if (!connection) throw new AppError('NOT_FOUND', 'Zendesk is not connected to this Showback account. An owner or admin connects it on Integrations.');
  await assertHelpdeskAllowed(ctx.db, user.accountId, 'zendesk');
  if (connection.subdomain !== input.subdomain) {
    throw new AppError('CONFLICT', `This Showback account is connected to ${connection.subdomain}.zendesk.com, not ${input.subdomain}.zendesk.com.`);
  }
  const exchangeBy = new Date(Date.now() + APPROVAL_MS);
  const inserted = await ctx.db
    .insertInto('zendesk_app_sessions')
    .values({ account_id: user.accountId, user_id: user.id, subdomain: input.subdomain, challenge: input.challenge, exchange_by: exchangeBy, expires_at: exchangeBy })
    .onConflict((oc) => oc.column('challenge').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new AppError('CONFLICT', 'This sign-in was already approved. Start again from the Zendesk app.');
  return { subdomain: input.subdomain, approved_until: exchangeBy.toISOString() };
}

/** The app's half: the verifier whose challenge was approved, once and within 10 minutes, becomes the app token. */
export async function exchangeZendeskAppToken(ctx: AppContext, verifier: string): Promise<ZendeskAppToken> {
  const token = PREFIX + newToken().token;
  const expiresAt = new Date(Date.now() + APP_SESSION_MS);
  // One statement: two exchanges of the same verifier (a retried request, two processes) cannot both get a token.
  const row = await ctx.db
    .updateTable('zendesk_app_sessions')
    .set({ challenge: null, token_hash: hashToken(token), expires_at: expiresAt })
    .where('challenge', '=', challengeOf(verifier))
    .where('exchange_by', '>', new Date())
    .returning(['user_id', 'subdomain'])
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Not approved (yet): allow the Zendesk app in the Showback window.');
  const user = await ctx.db.selectFrom('users').select(['name', 'email']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
  return { token, subdomain: row.subdomain, expires_at: expiresAt.toISOString(), user };
}

/**
 * The member an app token acts for, or undefined: unknown or expired token, member disabled, or the account no
 * longer connected to the Zendesk the token was approved for (disconnected, or connected to another one).
 */
export async function resolveZendeskAppToken(ctx: AppContext, token: string): Promise<SessionUser | undefined> {
  if (!token.startsWith(PREFIX)) return undefined;
  const row = await ctx.db
    .selectFrom('zendesk_app_sessions as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('zendesk_connections as c', (join) => join.onRef('c.account_id', '=', 'a.account_id').onRef('c.subdomain', '=', 'a.subdomain'))
    .select(['u.id', 'u.account_id', 'u.role', 'u.is_sysadmin', 'u.email', 'u.name'])
    .where('a.token_hash', '=', hashToken(token))
    .where('a.expires_at', '>', new Date())
    .where('u.disabled_at', 'is', null)
    .whereRef('u.account_id', '=', 'a.account_id')
    .executeTakeFirst();
  return row && { id: row.id, accountId: row.account_id, role: row.role, isSysadmin: row.is_sysadmin, email: row.email, name: row.name };
}

/** Sign-out from the app: the token stops working at once. */
export async function endZendeskAppSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.deleteFrom('zendesk_app_sessions').where('token_hash', '=', hashToken(token)).execute();
}
