import * as client from 'openid-client';
import type { OAuthProvider } from '@showback/contract';
import type { Config } from '../../config.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The provider's issuer and client from the configuration, or undefined when it has no client id. */
export function oidcSettings(config: Readonly<Pick<Config, 'google' | 'slack'>>, provider: OAuthProvider): OidcSettings | undefined {
  return provider === 'google_oauth2' ? config.google : config.slack;
}

export function callbackUrl(publicUrl: string, provider: OAuthProvider): string {
  return `${publicUrl}/users/auth/${provider}/callback`;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const discovered = new Map<string, Promise<client.Configuration>>();

/**
 * The provider's metadata and keys, discovered once per process (openid-client refreshes the keys itself when a
 * token names an unknown one). A failed discovery is forgotten, so the next sign-in tries again.
 */
export function oidcClient(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const issuer = new URL(settings.issuer);
    // Plain http only for a provider on this machine (a local or test provider), never across a network.
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    // client_secret_post: the one method Slack accepts; Google accepts it too.
    pending = client.discovery(issuer, settings.clientId, settings.clientSecret, client.ClientSecretPost(), insecure ? { execute: [client.allowInsecureRequests] } : undefined);
    pending.catch(() => discovered.delete(key));
    discovered.set(key, pending);
  }
  return pending;
}
