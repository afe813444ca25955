import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';

function token(secret: string, userId: string): string {
  return crypto.createHmac('sha256', secret).update(`unsubscribe:new-recording-email:${userId}`).digest('base64url');
}

/** The one-click link in every new-recording email (List-Unsubscribe, RFC 8058): it works without signing in. */
export function unsubscribeUrl(ctx: AppContext, userId: string): string {
  return `${ctx.config.publicUrl}/api/v1/public/alerts/unsubscribe?${new URLSearchParams({ user: userId, token: token(ctx.secret, userId) })}`;
}

export function checkUnsubscribeToken(ctx: AppContext, userId: string, given: string): boolean {
  const expected = Buffer.from(token(ctx.secret, userId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
