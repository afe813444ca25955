import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_CODE_DIGITS, SHARE_CODE_MINUTES, type SharedLinkInfo } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { incrementCounter } from '../../plugins/rate-limit.ts';
import { newToken, hashToken } from '../auth/tokens.ts';
import { secureCookies } from '../auth/sessions.service.ts';
import { publicBranding } from '../branding/branding.service.ts';
import * as repo from './share-links.repository.ts';
import { shareCodeMail } from './share-code-email.ts';
import { emailDomain, readSharing } from './sharing-settings.ts';
import { iso } from '../../db/iso.ts';

const MINUTE = 60 * 1000;
/** A verified viewer stays verified this long (or until the link expires or is revoked). */
const SESSION_MS = 7 * 24 * 60 * MINUTE;
/** Codes sent for one link and address, and for one IP address, per window; wrong guesses per code. */
export const CODE_LIMITS = { perEmail: 5, perIp: 20, windowMs: 15 * MINUTE, attemptsPerCode: 5, verifiesPerIp: 30 } as const;
/** Comments one guest of a link, and one IP address, may write per window: a conversation, not a flood. */
export const GUEST_COMMENT_LIMITS = { perGuest: 20, perIp: 60, windowMs: 10 * MINUTE } as const;

/** What a shared request may reach: one link, its one recording, its account, and who is watching. */
export interface ShareGrant {
  link: repo.ShareLinkGrant;
  email: string | null;
}

/** Each link's viewer cookie has its own name, so one browser can hold several links' sessions. */
const cookieName = (linkId: string): string => `sb_share_${linkId.replaceAll('-', '')}`;

const gone = (message: string, code: 'LINK_EXPIRED' | 'LINK_REVOKED' = 'LINK_REVOKED'): AppError => new AppError(code, message);

/**
 * The link behind a token, checked against the database on every request (revoking, expiry and the account's
 * settings take effect on the very next request everywhere), or the error the shared page shows.
 */
export async function openLink(ctx: AppContext, token: string): Promise<repo.ShareLinkGrant> {
  const link = token.length >= 40 && token.length <= 100 ? await repo.findByTokenHash(ctx.db, hashToken(token)) : undefined;
  if (!link) throw new AppError('NOT_FOUND', 'This link does not exist. Ask the person who sent it for a new one.');
  if (link.revoked_at) throw gone('This link was turned off by the person who shared it.');
  if (link.expires_at && new Date(link.expires_at) <= new Date()) throw gone('This link has expired. Ask the person who sent it for a new one.', 'LINK_EXPIRED');
  const { mode } = await readSharing(ctx.db, link.account_id);
  if (mode === 'off' || (link.audience === 'anyone' && mode !== 'on')) throw gone('This workspace no longer shares recordings this way.');
  return link;
}

/** Whether `email` belongs to the link's audience as the account's settings stand now. */
async function admits(ctx: AppContext, link: repo.ShareLinkGrant, email: string): Promise<boolean> {
  if (link.audience === 'people') return link.emails.includes(email);
  if (link.audience === 'domain') return (await readSharing(ctx.db, link.account_id)).domains.includes(emailDomain(email));
  return true;
}

/** The verified viewer of this link behind the request's cookie, still in its audience, or null. */
async function viewerEmail(request: FastifyRequest, link: repo.ShareLinkGrant): Promise<string | null> {
  const token = request.cookies[cookieName(link.id)];
  if (!token) return null;
  const row = await request.server.ctx.db
    .selectFrom('share_link_sessions')
    .select(['email'])
    .where('token_hash', '=', hashToken(token))
    .where('share_link_id', '=', link.id)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row && (await admits(request.server.ctx, link, row.email)) ? row.email : null;
}

/** The link and viewer, when the viewer may watch: an `anyone` link, or a verified viewer of this very link. */
export async function requireViewer(request: FastifyRequest, token: string): Promise<ShareGrant> {
  const link = await openLink(request.server.ctx, token);
  const email = await viewerEmail(request, link);
  if (link.audience !== 'anyone' && !email) throw new AppError('UNAUTHENTICATED', 'Confirm your email address to watch this recording.');
  return { link, email };
}

/**
 * A viewer who may take part in the link's comments: a verified email (an `anyone` link has none: who wrote would be
 * unknown) on a link that allows comments.
 */
export async function requireGuest(request: FastifyRequest, token: string): Promise<ShareGrant & { email: string }> {
  const grant = await requireViewer(request, token);
  if (!grant.link.allow_comments) throw new AppError('FORBIDDEN', 'This link does not allow comments.');
  if (grant.email === null) throw new AppError('FORBIDDEN', 'Comments on a shared recording need a link for verified people.');
  return { ...grant, email: grant.email };
}

/** Counts a guest's comment against the per-guest and per-IP limits. */
export async function countGuestComment(request: FastifyRequest, grant: ShareGrant & { email: string }): Promise<void> {
  const ctx = request.server.ctx;
  await limit(ctx, `guest-comment-ip:${request.ip}`, GUEST_COMMENT_LIMITS.perIp, GUEST_COMMENT_LIMITS.windowMs, 'comments from this network');
  await limit(ctx, `guest-comment:${grant.link.id}:${grant.email}`, GUEST_COMMENT_LIMITS.perGuest, GUEST_COMMENT_LIMITS.windowMs, 'comments in a short time');
}

/** What the shared page shows first; opening it as a viewer who may watch is recorded for the owner's list. */
export async function linkInfo(request: FastifyRequest, token: string): Promise<SharedLinkInfo> {
  const ctx = request.server.ctx;
  const link = await openLink(ctx, token);
  const email = await viewerEmail(request, link);
  const verified = link.audience === 'anyone' || email !== null;
  if (verified) await repo.recordView(ctx.db, link.id, email);
  return {
    audience: link.audience,
    branding: await publicBranding(ctx, link.account_id),
    verified,
    email,
    allow_comments: link.allow_comments,
    expires_at: iso(link.expires_at),
  };
}

async function limit(ctx: AppContext, key: string, max: number, windowMs: number, what: string): Promise<void> {
  const { current, ttl } = await incrementCounter(ctx.db, key, windowMs);
  if (current <= max) return;
  const seconds = Math.max(1, Math.ceil(ttl / 1000));
  throw new AppError('RATE_LIMITED', `Too many ${what}. Wait ${Math.ceil(seconds / 60)} min and try again.`, { details: { retry_after_seconds: seconds }, headers: { 'Retry-After': String(seconds) } });
}

/** Emails a one-time code to an address of the link's audience; rate-limited per link and address, and per IP. */
export async function sendCode(request: FastifyRequest, token: string, rawEmail: string): Promise<void> {
  const ctx = request.server.ctx;
  const link = await openLink(ctx, token);
  if (link.audience === 'anyone') throw new AppError('CONFLICT', 'This link needs no code: anyone with it may watch.');
  const email = rawEmail.trim().toLowerCase();
  if (!(await admits(ctx, link, email))) {
    throw new AppError('FORBIDDEN', link.audience === 'domain'
      ? "This link is for people with an email address at the sharing company's domains. Use your work address."
      : 'This link was shared with named people only. Ask the person who sent it to add your address.');
  }
  await limit(ctx, `share-code-ip:${request.ip}`, CODE_LIMITS.perIp, CODE_LIMITS.windowMs, 'codes asked for from this network');
  await limit(ctx, `share-code:${link.id}:${email}`, CODE_LIMITS.perEmail, CODE_LIMITS.windowMs, 'codes asked for this address');
  const code = String(crypto.randomInt(0, 10 ** SHARE_CODE_DIGITS)).padStart(SHARE_CODE_DIGITS, '0');
  // A new code replaces the earlier ones of this address.
  await ctx.db.updateTable('share_link_codes').set({ used_at: new Date() }).where('share_link_id', '=', link.id).where('email', '=', email).where('used_at', 'is', null).execute();
  const id = crypto.randomUUID();
  await ctx.db
    .insertInto('share_link_codes')
    .values({ id, share_link_id: link.id, email, code_hash: codeHash(ctx, id, code), expires_at: new Date(Date.now() + SHARE_CODE_MINUTES * MINUTE) })
    .execute();
  const account = await ctx.db.selectFrom('accounts').select('name').where('id', '=', link.account_id).executeTakeFirstOrThrow();
  try {
    await ctx.mailer.send(shareCodeMail({ to: email, code, accountName: account.name }));
  } catch (error) {
    throw new AppError('UPSTREAM_FAILED', 'The code could not be sent. Try again in a moment.', { cause: error });
  }
}

/** Keyed with the server's secret: a leaked table does not give the six digits away by trying them all. */
const codeHash = (ctx: AppContext, codeId: string, code: string): string => crypto.createHmac('sha256', ctx.secret).update(`${codeId}:${code}`).digest('base64url');

/**
 * Checks the latest code of the address: once right, it is spent and the browser gets a session for this link only;
 * wrong guesses count, and a code guessed wrong CODE_LIMITS.attemptsPerCode times is spent too.
 */
export async function verifyCode(request: FastifyRequest, reply: FastifyReply, token: string, rawEmail: string, code: string): Promise<SharedLinkInfo> {
  const ctx = request.server.ctx;
  const link = await openLink(ctx, token);
  const email = rawEmail.trim().toLowerCase();
  await limit(ctx, `share-verify-ip:${request.ip}`, CODE_LIMITS.verifiesPerIp, CODE_LIMITS.windowMs, 'codes tried from this network');
  const wrong = new AppError('VALIDATION_FAILED', 'That code is not right or no longer works. Ask for a new one.', { fieldErrors: { code: ['is not right or expired'] } });
  const row = await ctx.db
    .selectFrom('share_link_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('share_link_id', '=', link.id)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || !(await admits(ctx, link, email))) throw wrong;
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(codeHash(ctx, row.id, code));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    await ctx.db
      .updateTable('share_link_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), used_at: row.attempts + 1 >= CODE_LIMITS.attemptsPerCode ? new Date() : null }))
      .where('id', '=', row.id)
      .execute();
    throw wrong;
  }
  // Spent in the same statement that checks it is unspent: two requests with the same code get one session.
  const spent = await ctx.db.updateTable('share_link_codes').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw wrong;
  const session = newToken();
  const expires = new Date(Math.min(Date.now() + SESSION_MS, link.expires_at ? new Date(link.expires_at).getTime() : Infinity));
  await ctx.db.insertInto('share_link_sessions').values({ token_hash: session.hash, share_link_id: link.id, email, expires_at: expires }).execute();
  reply.setCookie(cookieName(link.id), session.token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(request), expires });
  request.cookies[cookieName(link.id)] = session.token;
  return linkInfo(request, token);
}
