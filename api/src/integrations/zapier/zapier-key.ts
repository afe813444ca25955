import crypto from 'node:crypto';

/** `sbz_` + 32 random bytes; only its SHA-256 is stored, and the first 12 characters name it. */
export function newZapierKey(): { apiKey: string; keyHash: string; keyPrefix: string } {
  const apiKey = `sbz_${crypto.randomBytes(32).toString('base64url')}`;
  return { apiKey, keyHash: hashZapierKey(apiKey), keyPrefix: apiKey.slice(0, 12) };
}

export function hashZapierKey(apiKey: string): string {
  return crypto.createHash('sha256').update(apiKey).digest('hex');
}
