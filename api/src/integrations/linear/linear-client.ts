import { LinearClient, LinearError, LinearErrorType } from '@linear/sdk';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { OAuthApp } from '../kit/oauth.ts';
import { callProvider, retryAfterSeconds, type ProviderAnswer, type ProviderFailure } from '../kit/provider-failure.ts';
import { settingsOf } from '../kit/provider.ts';
import { linearSettings } from './linear.settings.ts';

/** Read the workspace and its teams, create issues and their attachments (and upload the request list). */
export const LINEAR_SCOPES = 'read,write,issues:create';

const TIMEOUT_MS = 15_000;

export function linearApp(ctx: Pick<AppContext, 'config'>): NonNullable<ReturnType<typeof linearSettings.read>> {
  const app = settingsOf(ctx, linearSettings);
  if (!app) throw new AppError('INTEGRATION_UNAVAILABLE', 'Linear is not configured on this server (LINEAR_CLIENT_ID). Ask the operator to set it up.');
  return app;
}

/** The SDK pointed at LINEAR_API_URL's /graphql with the connection's access token; each of its calls gives up after 15 s. */
export function linearApi(ctx: Pick<AppContext, 'config'>, accessToken: string): LinearClient {
  return new LinearClient({ accessToken, apiUrl: `${linearApp(ctx).apiUrl}/graphql`, signal: AbortSignal.timeout(TIMEOUT_MS) } as ConstructorParameters<typeof LinearClient>[0]);
}

export function classifyLinear(error: unknown): ProviderFailure {
  if (!(error instanceof LinearError)) return { kind: 'unreachable', message: `Linear could not be reached (${(error as Error)?.message ?? 'no answer'}).` };
  const detail = error.errors?.[0]?.message ?? error.message;
  if (error.type === LinearErrorType.AuthenticationError || error.status === 401) return { kind: 'broken', message: `Linear no longer accepts Showback's access (${detail}). Reconnect Linear.` };
  if (error.type === LinearErrorType.Forbidden) return { kind: 'broken', message: `Linear refused Showback's access (${detail}): the person who connected it may have lost access to the team. Reconnect Linear.` };
  if (error.type === LinearErrorType.Ratelimited) {
    const seconds = retryAfterSeconds((error as LinearError & { retryAfter?: number }).retryAfter);
    return { kind: 'rate_limited', retryAfterSeconds: seconds, message: `Linear is rate limiting Showback; try again in ${seconds} s.` };
  }
  if (error.type === LinearErrorType.NetworkError || error.type === LinearErrorType.InternalError || (error.status ?? 0) >= 500) return { kind: 'unreachable', message: `Linear did not answer properly (${detail}).` };
  return { kind: 'refused', message: `Linear refused it (${detail}).` };
}

/** One SDK call, its failure sorted instead of thrown. */
export const callLinear = <T>(run: () => Promise<T>): Promise<ProviderAnswer<T>> => callProvider(run, classifyLinear);

/** Linear's OAuth app: /oauth/token takes the standard form (the SDK has no call for it). */
export function linearOAuth(ctx: Pick<AppContext, 'config'>): OAuthApp {
  const app = linearApp(ctx);
  return { vendor: 'Linear', reconnect: 'Reconnect Linear.', tokenUrl: `${app.apiUrl}/oauth/token`, authorizeUrl: app.authorizeUrl, clientId: app.clientId, clientSecret: app.clientSecret };
}

/** POST /oauth/revoke: the access token (and with it its refresh token) stops working. True when Linear took it. */
export async function revokeLinearToken(ctx: Pick<AppContext, 'config'>, accessToken: string): Promise<boolean> {
  try {
    const res = await fetch(`${linearApp(ctx).apiUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: accessToken, token_type_hint: 'access_token' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return res.ok;
  } catch {
    return false;
  }
}
