import crypto from 'node:crypto';

/** Standard Webhooks (standardwebhooks.com): `whsec_` + base64 of a 32-byte key. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/**
 * The three headers of one attempt. `secrets` sign side by side (space-separated `v1,` signatures): after a rotation
 * the new and the old secret both sign until the old one expires, and a receiver holding either accepts it.
 */
export function webhookHeaders(messageId: string, body: string, secrets: readonly string[], now: Date = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = secrets.map((secret) => {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    return `v1,${crypto.createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
  });
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
}
