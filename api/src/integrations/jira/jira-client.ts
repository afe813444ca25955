import { HttpException, Version3Client } from 'jira.js';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { OAuthApp } from '../kit/oauth.ts';
import { callProvider, retryAfterSeconds, type ProviderAnswer, type ProviderFailure } from '../kit/provider-failure.ts';
import { settingsOf } from '../kit/provider.ts';
import { jiraSettings } from './jira.settings.ts';

/**
 * Read projects and issues, create and edit issues (with attachments and remote links), register the webhook for their
 * status (manage:jira-webhook), and offline_access for the refresh token.
 */
export const JIRA_SCOPES = 'read:jira-work write:jira-work manage:jira-webhook offline_access';

const TIMEOUT_MS = 15_000;

export function jiraApp(ctx: Pick<AppContext, 'config'>): NonNullable<ReturnType<typeof jiraSettings.read>> {
  const app = settingsOf(ctx, jiraSettings);
  if (!app) throw new AppError('INTEGRATION_UNAVAILABLE', 'Jira is not configured on this server (JIRA_CLIENT_ID). Ask the operator to set it up.');
  return app;
}

/**
 * jira.js pointed at the site through Atlassian's gateway (`{ATLASSIAN_API_URL}/ex/jira/{cloudId}`) with the
 * connection's access token. Its own OAuth manager stays off (no refresh token given): it refreshes in one process's
 * memory, while Showback refreshes under the connection row's lock so several processes never spend one refresh token.
 */
export function jiraApi(ctx: Pick<AppContext, 'config'>, cloudId: string, accessToken: string): Version3Client {
  return new Version3Client({
    host: `${jiraApp(ctx).apiUrl}/ex/jira/${encodeURIComponent(cloudId)}`,
    authentication: { oauth2: { accessToken } },
    baseRequestConfig: { timeout: TIMEOUT_MS },
  });
}

function jiraDetail(data: unknown): string | undefined {
  const body = data as { errorMessages?: string[]; errors?: Record<string, string>; message?: string } | undefined;
  const parts = [...(body?.errorMessages ?? []), ...Object.entries(body?.errors ?? {}).map(([field, message]) => `${field}: ${message}`)];
  return parts.length ? parts.join('; ') : body?.message;
}

export function classifyJira(error: unknown): ProviderFailure {
  if (!(error instanceof HttpException)) return { kind: 'unreachable', message: `Jira could not be reached (${(error as Error)?.message ?? 'no answer'}).` };
  const response = (error.response as { data?: unknown }) ?? {};
  const detail = jiraDetail(response.data) ?? `HTTP ${error.status}`;
  if (error.status === 401) return { kind: 'broken', message: `Jira no longer accepts Showback's access (${detail}). Reconnect Jira.` };
  if (error.status === 429) {
    const headers = (error.cause as { response?: { headers?: Record<string, string> } } | undefined)?.response?.headers;
    const seconds = retryAfterSeconds(headers?.['retry-after']);
    return { kind: 'rate_limited', retryAfterSeconds: seconds, message: `Jira is rate limiting Showback; try again in ${seconds} s.` };
  }
  if (error.status >= 500) return { kind: 'unreachable', message: `Jira did not answer properly (${detail}).` };
  return { kind: 'refused', status: error.status, message: `Jira refused it (${detail}).` };
}

/** One jira.js call, its failure sorted instead of thrown. */
export const callJira = <T>(run: () => Promise<T>): Promise<ProviderAnswer<T>> => callProvider(run, classifyJira);

/**
 * Atlassian's OAuth app: {ATLASSIAN_AUTH_URL}/oauth/token takes JSON, as Atlassian documents it. jira.js has helpers
 * for it, but with auth.atlassian.com written into them. Every refresh answers a new refresh token and ends the old one.
 */
export function jiraOAuth(ctx: Pick<AppContext, 'config'>): OAuthApp {
  const app = jiraApp(ctx);
  return { vendor: 'Atlassian', reconnect: 'Reconnect Jira.', tokenUrl: `${app.authUrl}/oauth/token`, authorizeUrl: `${app.authUrl}/authorize`, clientId: app.clientId, clientSecret: app.clientSecret, json: true };
}

export interface AccessibleResource {
  id: string;
  name: string;
  url: string;
  scopes: string[];
}

/** GET {ATLASSIAN_API_URL}/oauth/token/accessible-resources: the sites (cloud ids) the grant reaches, Jira ones only. */
export async function accessibleSites(ctx: Pick<AppContext, 'config'>, accessToken: string): Promise<AccessibleResource[] | ProviderFailure> {
  let res: Response;
  try {
    res = await fetch(`${jiraApp(ctx).apiUrl}/oauth/token/accessible-resources`, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    return classifyJira(error);
  }
  if (res.status === 401) return { kind: 'broken', message: 'Atlassian no longer accepts Showback\'s access. Reconnect Jira.' };
  if (!res.ok) return { kind: 'unreachable', message: `Atlassian's accessible-resources answered HTTP ${res.status}.` };
  const sites = (await res.json()) as AccessibleResource[];
  return sites.filter((site) => site.scopes.some((scope) => scope.includes('jira')));
}
