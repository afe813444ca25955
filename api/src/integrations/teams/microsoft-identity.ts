import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { ProviderFailure } from '../kit/provider-failure.ts';
import type { OAuthTokens } from '../oauth-tokens.ts';

/** Delegated Graph permissions: list the teams the person joined and their channels; offline_access for a refresh token. */
export const TEAMS_SCOPES = ['offline_access', 'Team.ReadBasic.All', 'Channel.ReadBasic.All'] as const;

export type MicrosoftApp = NonNullable<Config['microsoft']>;

export function microsoftApp(config: Readonly<Config>): MicrosoftApp {
  if (!config.microsoft) throw new AppError('INTEGRATION_UNAVAILABLE', 'Microsoft Teams is not configured on this server (MICROSOFT_CLIENT_ID). Ask the operator to set it up.');
  return config.microsoft;
}

const endpoint = (app: MicrosoftApp, name: 'authorize' | 'token'): string => `${app.loginUrl}/${encodeURIComponent(app.tenant)}/oauth2/v2.0/${name}`;

/** The Microsoft identity platform's authorization-code request (v2.0 endpoint). */
export function microsoftAuthorizeUrl(app: MicrosoftApp, redirectUri: string, state: string): string {
  const url = new URL(endpoint(app, 'authorize'));
  url.search = new URLSearchParams({ client_id: app.clientId, response_type: 'code', response_mode: 'query', redirect_uri: redirectUri, scope: TEAMS_SCOPES.join(' '), state }).toString();
  return url.toString();
}

/** Redeems an authorization code or a refresh token at the token endpoint: the tokens, or why not. */
export async function requestMicrosoftTokens(app: MicrosoftApp, grant: { code: string; redirectUri: string } | { refreshToken: string }): Promise<OAuthTokens | ProviderFailure> {
  const form = new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, scope: TEAMS_SCOPES.join(' ') });
  if ('code' in grant) {
    form.set('grant_type', 'authorization_code');
    form.set('code', grant.code);
    form.set('redirect_uri', grant.redirectUri);
  } else {
    form.set('grant_type', 'refresh_token');
    form.set('refresh_token', grant.refreshToken);
  }
  try {
    const res = await fetch(endpoint(app, 'token'), { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as Partial<OAuthTokens> & { error?: string };
    if (res.ok && body.access_token) return { access_token: body.access_token, refresh_token: body.refresh_token, expires_in: body.expires_in ?? 3600 };
    return { kind: 'broken', status: res.status, message: `Microsoft token endpoint answered ${res.status} ${body.error ?? ''}`.trim() };
  } catch (error) {
    return { kind: 'unreachable', message: `Microsoft token endpoint could not be reached (${(error as Error).message}).` };
  }
}
