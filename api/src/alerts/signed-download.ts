import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';

/** How long a link in an alert opens the file without signing in. */
export const SIGNED_LINK_SECONDS = 24 * 60 * 60;

export type SignedFile = 'video' | 'poster';

function signature(secret: string, submissionId: string, file: SignedFile, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`alert-download:${submissionId}:${file}:${expires}`).digest('base64url');
}

/** A link to the submission's MP4 or poster that anyone holding it may open until it expires. */
export function signedDownloadUrl(ctx: AppContext, submissionId: string, file: SignedFile, now: Date = new Date()): { url: string; expiresAt: string } {
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_LINK_SECONDS;
  const query = new URLSearchParams({ expires: String(expires), signature: signature(ctx.secret, submissionId, file, expires) });
  return { url: `${ctx.config.publicUrl}/api/v1/public/submissions/${submissionId}/${file}?${query}`, expiresAt: new Date(expires * 1000).toISOString() };
}

export function checkSignedDownload(ctx: AppContext, submissionId: string, file: SignedFile, expires: number, given: string): boolean {
  if (expires * 1000 < Date.now()) return false;
  const expected = Buffer.from(signature(ctx.secret, submissionId, file, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
