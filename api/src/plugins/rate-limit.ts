import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';

/**
 * Counters for @fastify/rate-limit in the database, so every API process sharing it counts the same attempts.
 * One upsert per attempt: a row per key holds the count and the end of its window (database clock).
 */
export function pgRateLimitStore(db: Db) {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      incrementCounter(db, key, timeWindow).then((result) => callback(null, result), (error: Error) => callback(error));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

export async function incrementCounter(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const { rows } = await sql<{ count: number; ttl: number }>`
    insert into rate_limits as r (key, count, expires_at) values (${key}, 1, now() + ${window})
    on conflict (key) do update set
      count = case when r.expires_at <= now() then 1 else r.count + 1 end,
      expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
    returning count, (extract(epoch from (expires_at - now())) * 1000)::int as ttl`.execute(db);
  // Expired rows are only rewritten when their key comes back; the hourly sweep-expired job deletes the rest.
  const row = rows[0]!;
  return { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(app.ctx.db) });
});

const emailKey = (email: string): string => crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * preHandler for sign-in, sign-up and password reset: limits attempts per client IP and, when the body names an
 * email, per email address (so spreading a password-guessing run over many IPs does not help). 429 RATE_LIMITED.
 */
export function authRateLimit(app: FastifyInstance, group: string) {
  const { perIp, perEmail, windowMs } = app.ctx.config.authRateLimit;
  const byIp = app.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (req) => `${group}:ip:${req.ip}` });
  const byEmail = app.createRateLimit({
    max: perEmail,
    timeWindow: windowMs,
    keyGenerator: (req) => `${group}:email:${emailKey(String((req.body as { email?: unknown }).email))}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const results = [await byIp(request)];
    if (typeof email === 'string' && email.trim()) results.push(await byEmail(request));
    for (const result of results) {
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.', { details: { retry_after_seconds: result.ttlInSeconds } });
      }
    }
  };
}
