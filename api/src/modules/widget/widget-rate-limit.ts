import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * preHandler for `POST /api/v1/widget/sessions`: the key is public (it sits in every host page), so sessions are
 * limited per client IP and per key, counted in the shared database store so all API processes count together.
 * Runs after body validation, so the key is a bounded string; it is hashed to keep the store's keys short.
 */
export function widgetSessionRateLimit(app: FastifyInstance) {
  const { perIp, perKey, windowMs } = app.ctx.config.widgetRateLimit;
  const byIp = app.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (req) => `widget_session:ip:${req.ip}` });
  const byKey = app.createRateLimit({
    max: perKey,
    timeWindow: windowMs,
    keyGenerator: (req) => `widget_session:key:${crypto.createHash('sha256').update(String((req.body as { key?: unknown }).key)).digest('base64url')}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const limit of [byIp, byKey]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED', 'Too many recordings started from here. Please wait a few minutes and try again.', {
          details: { retry_after_seconds: result.ttlInSeconds },
        });
      }
    }
  };
}
