import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { OAuthApp } from '../kit/oauth.ts';
import { settingsOf } from '../kit/provider.ts';
import { teamsSettings } from './teams.settings.ts';

/** Delegated Graph permissions: list the teams the person joined and their channels; offline_access for a refresh token. */
export const TEAMS_SCOPES = ['offline_access', 'Team.ReadBasic.All', 'Channel.ReadBasic.All'] as const;

export type MicrosoftApp = NonNullable<ReturnType<typeof teamsSettings.read>['microsoft']>;

export function microsoftApp(ctx: Pick<AppContext, 'config'>): MicrosoftApp {
  const app = settingsOf(ctx, teamsSettings).microsoft;
  if (!app) throw new AppError('INTEGRATION_UNAVAILABLE', 'Microsoft Teams is not configured on this server (MICROSOFT_CLIENT_ID). Ask the operator to set it up.');
  return app;
}

const endpoint = (app: MicrosoftApp, name: 'authorize' | 'token'): string => `${app.loginUrl}/${encodeURIComponent(app.tenant)}/oauth2/v2.0/${name}`;

/** The Microsoft identity platform's authorization-code request (v2.0 endpoint), with the parameters of authorizationUrl. */
export const microsoftAuthorizeParameters = (redirectUri: string, state: string): Record<string, string> => ({ response_mode: 'query', redirect_uri: redirectUri, scope: TEAMS_SCOPES.join(' '), state });

/** The identity platform's endpoints: standard, but for the scope its token endpoint wants with every grant. */
export function microsoftOAuth(app: MicrosoftApp): OAuthApp {
  return { vendor: 'Microsoft', reconnect: 'Sign in to Microsoft again.', tokenUrl: endpoint(app, 'token'), authorizeUrl: endpoint(app, 'authorize'), clientId: app.clientId, clientSecret: app.clientSecret };
}

export const MICROSOFT_GRANT_PARAMETERS = { scope: TEAMS_SCOPES.join(' ') };
