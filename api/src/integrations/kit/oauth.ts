import crypto from 'node:crypto';
import * as client from 'openid-client';
import type { AppContext } from '../../context.ts';
import type { OAuthTokens } from './oauth-tokens.ts';
import { retryAfterSeconds, type ProviderFailure } from './provider-failure.ts';

/** A provider's OAuth app: where its token endpoint is and how it wants to be asked. */
export interface OAuthApp {
  /** Who the messages name ("Atlassian"). */
  vendor: string;
  /** How a person fixes a refused grant ("Reconnect Jira."). */
  reconnect: string;
  tokenUrl: string;
  /** The consent page, for authorizationUrl. */
  authorizeUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The token endpoint takes a JSON body rather than the standard form (Atlassian, Zendesk). */
  json?: boolean;
}

const TIMEOUT_SECONDS = 15;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The standard form's parameters, sent as JSON: openid-client only writes forms. */
const jsonBody: client.CustomFetch = (url, options) =>
  fetch(url, {
    ...options,
    headers: { ...options.headers, 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(new URLSearchParams(options.body as URLSearchParams | string))),
  });

/**
 * The app as openid-client's Configuration, from static metadata: these providers publish no discovery document. The
 * client secret goes in the body (client_secret_post), the one method all of them accept.
 */
function configuration(app: OAuthApp): client.Configuration {
  const tokenUrl = new URL(app.tokenUrl);
  const config = new client.Configuration({ issuer: tokenUrl.origin, token_endpoint: app.tokenUrl, authorization_endpoint: app.authorizeUrl }, app.clientId, app.clientSecret, client.ClientSecretPost());
  config.timeout = TIMEOUT_SECONDS;
  // Plain http only for a provider on this machine (the tests' local servers), never across a network.
  if (tokenUrl.protocol === 'http:' && LOOPBACK.has(tokenUrl.hostname)) client.allowInsecureRequests(config);
  if (app.json) config[client.customFetch] = jsonBody;
  return config;
}

/**
 * Why the token endpoint gave no tokens. openid-client throws a ResponseBodyError for a standard error body, else a
 * ClientError: for another status its cause is the Response; for a 200 without tokens its cause's cause holds the body
 * (GitHub refuses a code that way, with `error` in it).
 */
function grantFailure(app: OAuthApp, error: unknown): ProviderFailure {
  const e = error as { status?: number; error?: string; error_description?: string; response?: Response; cause?: unknown; message?: string };
  const response = e.response ?? (e.cause instanceof Response ? e.cause : undefined);
  type Body = { error?: unknown; error_description?: unknown };
  const cause = e.cause as { body?: Body; cause?: { body?: Body } } | undefined;
  const body = cause?.body ?? cause?.cause?.body;
  const status = e.status ?? response?.status;
  const refusal = [e.error ?? body?.error, e.error_description ?? body?.error_description].filter((part) => typeof part === 'string' && part).join(': ');
  const detail = refusal || (status ? `HTTP ${status}` : (e.message ?? 'no answer'));
  if (status === 429) return { kind: 'rate_limited', status, retryAfterSeconds: retryAfterSeconds(response?.headers.get('retry-after')), message: `${app.vendor} is rate limiting Showback (${detail}).` };
  if (refusal || (status !== undefined && status >= 400 && status < 500)) return { kind: 'broken', status, message: `${app.vendor} refused the grant (${detail}). ${app.reconnect}` };
  if (status === undefined) return { kind: 'unreachable', message: `${app.vendor}'s token endpoint could not be reached (${detail}).` };
  return { kind: 'unreachable', status, message: `${app.vendor}'s token endpoint answered ${detail}.` };
}

async function grant(app: OAuthApp, run: (config: client.Configuration) => Promise<client.TokenEndpointResponse>): Promise<OAuthTokens | ProviderFailure> {
  try {
    const tokens = await run(configuration(app));
    return { access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_in: tokens.expires_in };
  } catch (error) {
    return grantFailure(app, error);
  }
}

/**
 * PKCE without keeping the verifier anywhere: it is derived from the round trip's state (single use, bound to the
 * person) under the app's secret, so the callback finds it again from the state it gets back.
 */
export const pkceVerifier = (ctx: Pick<AppContext, 'secret'>, provider: string, state: string): string =>
  crypto.createHmac('sha256', ctx.secret).update(`${provider}-pkce:${state}`).digest('base64url');

/** The authorize URL's parameters for that verifier (S256, the one method every provider accepts). */
export const pkceChallenge = async (verifier: string): Promise<{ code_challenge: string; code_challenge_method: 'S256' }> => ({
  code_challenge: await client.calculatePKCECodeChallenge(verifier),
  code_challenge_method: 'S256',
});

/** Where to send the browser: the consent page with client_id, response_type=code and `parameters` (redirect_uri, scope, state). */
export const authorizationUrl = (app: OAuthApp, parameters: Record<string, string>): string => client.buildAuthorizationUrl(configuration(app), parameters).toString();

/**
 * The authorization-code grant for the code the provider sent the browser back with. `state` was checked already
 * (consumeOAuthState); `pkceCodeVerifier` where the authorize URL carried a challenge. `parameters` are the vendor's
 * extra ones (a scope it wants repeated).
 */
export function exchangeCode(
  app: OAuthApp,
  callback: { redirectUri: string; code: string; state: string; pkceCodeVerifier?: string },
  parameters?: Record<string, string>,
): Promise<OAuthTokens | ProviderFailure> {
  const currentUrl = new URL(callback.redirectUri);
  currentUrl.search = new URLSearchParams({ code: callback.code, state: callback.state }).toString();
  return grant(app, (config) => client.authorizationCodeGrant(config, currentUrl, { expectedState: callback.state, pkceCodeVerifier: callback.pkceCodeVerifier }, parameters));
}

/** The refresh-token grant; a provider that rotates refresh tokens answers a new one (accessWithRefresh keeps it). */
export function refreshGrant(app: OAuthApp, refreshToken: string, parameters?: Record<string, string>): Promise<OAuthTokens | ProviderFailure> {
  return grant(app, (config) => client.refreshTokenGrant(config, refreshToken, parameters));
}
