import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type Role } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { newToken, hashToken } from './tokens.ts';
import { requestLocale } from '../users/user-locale.ts';
import * as repo from './sessions.repository.ts';

/** What requireUser puts on request.user. */
export interface SessionUser {
  id: string;
  accountId: string;
  role: Role;
  isSysadmin: boolean;
  email: string;
  name: string;
}

const DAY = 24 * 60 * 60 * 1000;
/** remember_me: a 30-day cookie and session. */
export const PERSISTENT_LIFETIME_MS = 30 * DAY;
/** Browser-session cookie: the server forgets it after a day without requests. */
export const BROWSER_SESSION_IDLE_MS = DAY;

export function secureCookies(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.ctx.config.publicUrl.startsWith('https:');
}

/** Starts a session for the user and sets the cookie: 30 days with remember_me, else until the browser closes. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string, persistent: boolean): Promise<void> {
  const { token, hash } = newToken();
  const lifetime = persistent ? PERSISTENT_LIFETIME_MS : BROWSER_SESSION_IDLE_MS;
  await repo.insertSession(request.server.ctx.db, {
    token_hash: hash,
    user_id: userId,
    persistent,
    expires_at: new Date(Date.now() + lifetime),
    ip: request.ip,
    user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });
  await repo.touchUserLastActive(request.server.ctx.db, userId, new Date());
  // Each sign-in brings the browser's language up to date: the dates in this user's emails follow it.
  const locale = requestLocale(request);
  if (locale) await repo.rememberLocale(request.server.ctx.db, userId, locale);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
    ...(persistent ? { maxAge: lifetime / 1000 } : {}),
  });
}

export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
}

/**
 * The session behind the request's cookie, or undefined: from the process's cache when it holds it, else one query.
 * See keepSessionAlive for the only write.
 */
export async function resolveSession(ctx: AppContext, token: string | undefined): Promise<ResolvedSession | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const now = new Date();
  const row = await ctx.signedIn.read('session', tokenHash, 0, now, async () => (await repo.findSessionUserByTokenHash(ctx.database, { tokenHash, now }))[0]);
  if (!row) return undefined;
  await keepSessionAlive(ctx.db, row, now);
  return { sessionId: row.session_id, user: sessionUser(row) };
}

const HOUR = 60 * 60 * 1000;

/**
 * Browser sessions slide: each use keeps them alive a day. Written at most once an hour per session, so requests
 * read the session row without writing it. Persistent sessions end after their 30 days whatever happens.
 * The user's last_active_at (the team page) moves on the same hourly rhythm.
 */
export async function keepSessionAlive(
  db: Db,
  session: { session_id: string; persistent: boolean; expires_at: Date | string; id: string; last_active_at: Date | string | null },
  now = new Date(),
): Promise<void> {
  if (!session.last_active_at || now.getTime() - new Date(session.last_active_at).getTime() >= HOUR) await repo.touchUserLastActive(db, session.id, now);
  if (session.persistent) return;
  const expiresAt = new Date(session.expires_at).getTime();
  if (expiresAt - now.getTime() < BROWSER_SESSION_IDLE_MS - HOUR) {
    await repo.extendSession(db, session.session_id, new Date(now.getTime() + BROWSER_SESSION_IDLE_MS));
  }
}

export function sessionUser(row: { id: string; account_id: string; role: Role; is_sysadmin: boolean; email: string; name: string }): SessionUser {
  return { id: row.id, accountId: row.account_id, role: row.role, isSysadmin: row.is_sysadmin, email: row.email, name: row.name };
}

export async function endSession(request: FastifyRequest, reply: FastifyReply, sessionId: string | undefined): Promise<void> {
  if (sessionId) await repo.deleteSession(request.server.ctx.db, sessionId);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) });
}
