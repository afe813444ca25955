import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';

/**
 * Encryption at rest for integration secrets (every integration's tokens, API keys and webhook URLs): AES-256-GCM with a
 * key from INTEGRATIONS_SECRET_KEY, else derived from the session secret (SESSION_SECRET or DATA_DIR/secret), so the
 * embedded default needs no setting and every process sharing that secret reads the same values.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the version leaves room for a key rotation.
 */
function key(ctx: Pick<AppContext, 'config' | 'secret'>): Buffer {
  const material = ctx.config.integrationsSecretKey ?? ctx.secret;
  return Buffer.from(crypto.hkdfSync('sha256', material, 'showback', 'integration-secrets/v1', 32));
}

export function sealSecret(ctx: Pick<AppContext, 'config' | 'secret'>, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(ctx), iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), encrypted].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret, or undefined when it cannot be read (the key changed): the integration then has to be reconnected. */
export function openSecret(ctx: Pick<AppContext, 'config' | 'secret'>, sealed: string): string | undefined {
  const [version, iv, tag, encrypted] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || encrypted === undefined) return undefined;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(ctx), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
