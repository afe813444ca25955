import crypto from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, MAX_ACCESS_TOKENS_PER_USER, type AccessToken, type AccessTokenList, type AccessTokenScope, type CreateAccessToken, type CreatedAccessToken } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { incrementCounter } from '../../plugins/rate-limit.ts';
import { hashToken } from '../auth/tokens.ts';
import { sessionUser, type SessionUser } from '../auth/sessions.service.ts';
import * as repo from './access-tokens.repository.ts';
import { iso } from '../../db/iso.ts';

const DAY = 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per token, so a busy script does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60 * 1000;

/** What a request made with a token acts as. */
export interface TokenCaller {
  user: SessionUser;
  tokenId: string;
  scope: AccessTokenScope;
}

function toAccessToken(row: repo.TokenListRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email },
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    last_used_at: row.last_used_at ? iso(row.last_used_at) : null,
  };
}

export async function createAccessToken(ctx: AppContext, user: SessionUser, input: CreateAccessToken): Promise<CreatedAccessToken> {
  const name = input.name.trim();
  if (!name) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { fieldErrors: { name: ["can't be blank"] } });
  if ((await repo.countActiveTokens(ctx.db, user.id)) >= MAX_ACCESS_TOKENS_PER_USER) {
    throw new AppError('CONFLICT', `You already have ${MAX_ACCESS_TOKENS_PER_USER} access tokens. Revoke one you no longer use first.`);
  }
  // 256 random bits after a fixed prefix: the prefix lets people and secret scanners recognise a leaked token.
  const token = `${ACCESS_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const id = await repo.insertToken(ctx.db, {
    account_id: user.accountId,
    user_id: user.id,
    name,
    scope: input.scope,
    token_hash: hashToken(token),
    prefix: token.slice(0, ACCESS_TOKEN_PREFIX.length + 4),
    expires_at: new Date(Date.now() + input.expires_in_days * DAY),
  });
  const row = (await repo.listTokens(ctx.db, user.accountId, user.id)).find((r) => r.id === id)!;
  return { ...toAccessToken(row), token };
}

/** One user's tokens, or (`user` undefined) everyone's in the account. */
export async function listAccessTokens(ctx: AppContext, accountId: string, userId?: string): Promise<AccessTokenList> {
  return { items: (await repo.listTokens(ctx.db, accountId, userId)).map(toAccessToken) };
}

/** Revokes a token of the account, one of `userId`'s only when given; another account's id is not found. */
export async function revokeAccessToken(ctx: AppContext, accountId: string, id: string, userId?: string): Promise<void> {
  if (!(await repo.revokeToken(ctx.db, accountId, id, userId))) throw notFound('Access token');
}

/** The 401 of a bearer request, with the challenge RFC 6750 asks for. */
export const tokenRefused = (message: string): AppError =>
  new AppError('UNAUTHENTICATED', message, { headers: { 'WWW-Authenticate': 'Bearer realm="Showback", error="invalid_token"' } });

/**
 * Who the bearer token acts as, checked against the database on every call (no process cache: revoking, disabling
 * the user or removing the member refuses the very next call on every process), and counted against its rate limit.
 */
export async function resolveAccessToken(ctx: AppContext, token: string): Promise<TokenCaller> {
  const row = token.startsWith(ACCESS_TOKEN_PREFIX) && token.length <= 200 ? await repo.findTokenByHash(ctx.db, hashToken(token)) : undefined;
  const now = new Date();
  if (!row || row.disabled_at) throw tokenRefused('This access token is not valid. Create a new one on your account page.');
  if (row.revoked_at) throw tokenRefused('This access token has been revoked. Create a new one on your account page.');
  if (new Date(row.expires_at) <= now) throw tokenRefused(`This access token expired on ${iso(row.expires_at)}. Create a new one on your account page.`);

  const { perToken, windowMs } = ctx.config.accessTokenRateLimit;
  const { current, ttl } = await incrementCounter(ctx.db, `access-token:${row.token_id}`, windowMs);
  if (current > perToken) {
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    throw new AppError('RATE_LIMITED', `This access token made more than ${perToken} calls in a minute. Wait ${seconds} s and try again.`, {
      details: { retry_after_seconds: seconds },
      headers: { 'Retry-After': String(seconds) },
    });
  }
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) await repo.touchLastUsed(ctx.db, row.token_id, now);
  return { user: sessionUser(row), tokenId: row.token_id, scope: row.scope };
}
