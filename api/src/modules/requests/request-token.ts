import crypto from 'node:crypto';

/** 192 random bits, base64url: unguessable, and short enough for a link. */
export function newRequestToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export const REQUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
