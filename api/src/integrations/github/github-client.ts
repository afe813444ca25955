import { Octokit } from '@octokit/rest';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { OAuthApp } from '../kit/oauth.ts';
import { callProvider, type ProviderAnswer, type ProviderFailure } from '../kit/provider-failure.ts';
import { settingsOf } from '../kit/provider.ts';
import { githubSettings } from './github.settings.ts';

/**
 * `repo`: open and edit issues in private repositories too (GitHub has no narrower scope for private issues);
 * `admin:repo_hook`: add the `issues` webhook to the repository picked, so issue states come back.
 */
export const GITHUB_SCOPES = 'repo admin:repo_hook';

const TIMEOUT_MS = 15_000;

export function githubApp(ctx: Pick<AppContext, 'config'>): NonNullable<ReturnType<typeof githubSettings.read>> {
  const app = settingsOf(ctx, githubSettings);
  if (!app) throw new AppError('INTEGRATION_UNAVAILABLE', 'GitHub is not configured on this server (GITHUB_CLIENT_ID). Ask the operator to set it up.');
  return app;
}

/** Octokit at GITHUB_API_URL with the connection's token; each of its calls gives up after 15 s. */
export function githubApi(ctx: Pick<AppContext, 'config'>, accessToken: string): Octokit {
  return new Octokit({ auth: accessToken, baseUrl: githubApp(ctx).apiUrl, userAgent: 'Showback', request: { signal: AbortSignal.timeout(TIMEOUT_MS) } });
}

interface HttpError {
  status: number;
  message: string;
  response?: { headers: Record<string, string | undefined>; data?: unknown };
}

const isHttpError = (error: unknown): error is HttpError => typeof (error as HttpError)?.status === 'number' && (error as Error).name === 'HttpError';

/**
 * GitHub's answers as its REST docs describe them: 401 a bad token; 403 or 429 with `retry-after` or
 * `x-ratelimit-remaining: 0` a rate limit (primary or secondary); any other 403/404/410/422 this call only.
 */
export function classifyGitHub(error: unknown): ProviderFailure {
  if (!isHttpError(error)) return { kind: 'unreachable', message: `GitHub could not be reached (${(error as Error)?.message ?? 'no answer'}).` };
  const detail = ((error.response?.data as { message?: string } | undefined)?.message ?? error.message).slice(0, 300);
  const headers = error.response?.headers ?? {};
  if (error.status === 401) return { kind: 'broken', message: `GitHub no longer accepts Showback's access (${detail}). Reconnect GitHub.` };
  if ((error.status === 403 || error.status === 429) && (headers['retry-after'] || headers['x-ratelimit-remaining'] === '0')) {
    const reset = Number(headers['x-ratelimit-reset']);
    const seconds = Number(headers['retry-after']) || (reset ? Math.max(1, Math.ceil(reset - Date.now() / 1000)) : 60);
    return { kind: 'rate_limited', retryAfterSeconds: seconds, message: `GitHub is rate limiting Showback; try again in ${seconds} s.` };
  }
  if (error.status >= 500) return { kind: 'unreachable', message: `GitHub did not answer properly (${detail}).` };
  return { kind: 'refused', status: error.status, message: `GitHub refused it (${detail}).` };
}

/** One Octokit call, its failure sorted instead of thrown. */
export const callGitHub = <T>(run: () => Promise<T>): Promise<ProviderAnswer<T>> => callProvider(run, classifyGitHub);

/**
 * GitHub's OAuth app: the web flow's POST {GITHUB_URL}/login/oauth/access_token, which Octokit's REST client does not
 * cover. It answers 200 even when it refuses, with `error` in the body (kit/oauth.ts reads it as a refusal).
 */
export function githubOAuth(ctx: Pick<AppContext, 'config'>): OAuthApp {
  const app = githubApp(ctx);
  return { vendor: 'GitHub', reconnect: 'Reconnect GitHub.', tokenUrl: `${app.webUrl}/login/oauth/access_token`, clientId: app.clientId, clientSecret: app.clientSecret };
}

/**
 * DELETE /applications/{client_id}/grant, authenticated as the OAuth app (Basic client_id:client_secret): the token
 * and every other token of this app for that user stop working. True when GitHub took it.
 */
export async function revokeGitHubGrant(ctx: Pick<AppContext, 'config'>, accessToken: string): Promise<boolean> {
  const app = githubApp(ctx);
  const octokit = new Octokit({ baseUrl: app.apiUrl, userAgent: 'Showback', request: { signal: AbortSignal.timeout(TIMEOUT_MS) } });
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
  const answer = await callGitHub(() => octokit.rest.apps.deleteAuthorization({ client_id: app.clientId, access_token: accessToken, headers: { authorization: `basic ${basic}` } }));
  return answer.ok;
}
