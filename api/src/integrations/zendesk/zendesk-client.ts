// node-zendesk is CommonJS whose exports Node cannot name from ESM: take the default export.
import nodeZendesk, { type ZendeskClient } from 'node-zendesk';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { classifyHelpdesk } from '../helpdesk/helpdesk-failure.ts';
import type { OAuthApp } from '../kit/oauth.ts';
import { callProvider, type ProviderAnswer, type ProviderFailure } from '../kit/provider-failure.ts';
import { settingsOf } from '../kit/provider.ts';
import { zendeskSettings } from './zendesk.settings.ts';

/** Resource scopes asked for at connect: read the ticket, write its internal notes, read who connected. */
export const ZENDESK_SCOPES = 'tickets:read tickets:write users:read';

const TIMEOUT_MS = 10_000;

export function zendeskApp(ctx: Pick<AppContext, 'config'>): NonNullable<ReturnType<typeof zendeskSettings.read>> {
  const app = settingsOf(ctx, zendeskSettings);
  if (!app) throw new AppError('INTEGRATION_UNAVAILABLE', 'Zendesk is not configured on this server (ZENDESK_CLIENT_ID). Ask the operator to set it up.');
  return app;
}

/** https://{subdomain}.zendesk.com, or the local server the tests point ZENDESK_URL at. */
export const zendeskOrigin = (ctx: Pick<AppContext, 'config'>, subdomain: string): string => zendeskApp(ctx).urlTemplate.replace('{subdomain}', subdomain);

/**
 * node-zendesk on the account's API with the OAuth access token. It never waits on its own: a 429 comes back to the
 * caller with Retry-After, so a note becomes a delivery retried at that time (no process sleeps on it). Every call
 * gives up after 10 s (the library's fetch has no timeout).
 */
export function zendeskApi(ctx: Pick<AppContext, 'config'>, subdomain: string, accessToken: string): ZendeskClient {
  return nodeZendesk.createClient({
    endpointUri: `${zendeskOrigin(ctx, subdomain)}/api/v2`,
    token: accessToken,
    useOAuth: true,
    throwOriginalException: true,
    transportConfig: {
      transportFn: (uri: string, init: RequestInit) => fetch(uri, { method: init.method, headers: init.headers, body: init.body, signal: AbortSignal.timeout(TIMEOUT_MS) }),
      // The library's own adapter, which a transportConfig has to repeat.
      responseAdapter: (res: Response) => ({ json: () => res.json(), status: res.status, headers: { get: (name: string) => res.headers.get(name) }, statusText: res.statusText }),
    },
  });
}

interface RawAnswer {
  response: { status: number; headers: { get(name: string): string | null } };
  result: unknown;
}

function describe(status: number, result: unknown): string {
  const body = result as { error?: string | { title?: string; message?: string }; error_description?: string; description?: string; details?: Record<string, { description?: string }[]> } | undefined;
  const error = typeof body?.error === 'string' ? body.error : [body?.error?.title, body?.error?.message].filter(Boolean).join(': ');
  const details = Object.values(body?.details ?? {}).flat().map((d) => d.description).filter(Boolean).join('; ');
  return [error, body?.error_description ?? body?.description, details].filter(Boolean).join(' — ') || `HTTP ${status}`;
}

export const classifyZendesk = (status: number | undefined, result: unknown, retryAfterHeader?: string | null): ProviderFailure =>
  classifyHelpdesk('Zendesk', { status, detail: describe(status ?? 0, result), retryAfter: retryAfterHeader }, 'Reconnect Zendesk.');

/**
 * One node-zendesk call, its answer sorted: the library returns (not throws) a 429 that carries Retry-After, throws
 * its known 4xx/5xx with `statusCode` and `result`, and returns the body of statuses it does not know (a 502).
 */
export async function callZendesk<T>(run: () => Promise<unknown>): Promise<ProviderAnswer<T>> {
  const answer = await callProvider(
    async () => (await run()) as RawAnswer,
    (error) => classifyZendesk((error as { statusCode?: number }).statusCode, (error as { result?: unknown }).result),
  );
  if (!answer.ok) return answer;
  const { response, result } = answer.value;
  if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, value: result as T };
  return { ok: false, ...classifyZendesk(response.status, result, response.headers.get('retry-after')) };
}

/**
 * Zendesk's OAuth app on the account's subdomain: /oauth/tokens takes JSON (node-zendesk has no call for it); the
 * code grant comes with PKCE.
 */
export function zendeskOAuth(ctx: Pick<AppContext, 'config'>, subdomain: string): OAuthApp {
  const app = zendeskApp(ctx);
  return { vendor: 'Zendesk', reconnect: 'Reconnect Zendesk.', tokenUrl: `${zendeskOrigin(ctx, subdomain)}/oauth/tokens`, clientId: app.clientId, clientSecret: app.clientSecret, json: true };
}
