import { IntercomClient, IntercomError, type Intercom } from 'intercom-client';
import type { AppContext } from '../../context.ts';
import type { IntercomRegion } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { classifyHelpdesk } from '../helpdesk/helpdesk-failure.ts';
import { callProvider, type ProviderAnswer, type ProviderFailure } from '../kit/provider-failure.ts';
import { settingsOf } from '../kit/provider.ts';
import { intercomSettings } from './intercom.settings.ts';

/** The API version every call asks for (the `Intercom-Version` header): the newest the official client knows. */
export const INTERCOM_VERSION = '2.14';

const TIMEOUT_SECONDS = 10;

export function intercomApp(ctx: Pick<AppContext, 'config'>): NonNullable<ReturnType<typeof intercomSettings.read>> {
  const app = settingsOf(ctx, intercomSettings);
  if (!app) throw new AppError('INTEGRATION_UNAVAILABLE', 'Intercom is not configured on this server (INTERCOM_CLIENT_ID). Ask the operator to set it up.');
  return app;
}

/**
 * The official client on the workspace's regional API (INTERCOM_API_URL, _EU_, _AU_). It never retries on its own
 * (`maxRetries: 0`): a 429 comes back to the caller, and a note becomes a delivery retried when the window resets.
 */
export function intercomApi(ctx: Pick<AppContext, 'config'>, region: IntercomRegion, accessToken: string): IntercomClient {
  return new IntercomClient({ token: accessToken, baseUrl: intercomApp(ctx).apiUrls[region], version: INTERCOM_VERSION, maxRetries: 0, timeoutInSeconds: TIMEOUT_SECONDS });
}

/** Intercom's error bodies: `{type: "error.list", errors: [{code, message}]}`. */
function describe(status: number | undefined, body: unknown): string {
  const errors = (body as { errors?: { code?: string; message?: string }[] } | undefined)?.errors ?? [];
  return errors.map((e) => [e.code, e.message].filter(Boolean).join(': ')).join('; ') || (status ? `HTTP ${status}` : 'no answer');
}

/**
 * How long a 429 asks to wait: Intercom sends X-RateLimit-Reset (when the window resets, unix seconds) and no
 * Retry-After; a Retry-After, should one come, wins.
 */
function waitOf(headers: Headers | undefined): string | null {
  const retryAfter = headers?.get('retry-after');
  if (retryAfter) return retryAfter;
  const reset = Number(headers?.get('x-ratelimit-reset'));
  return Number.isFinite(reset) && reset > 0 ? String(Math.max(1, Math.ceil(reset - Date.now() / 1000))) : null;
}

export const classifyIntercom = (status: number | undefined, body: unknown, headers?: Headers): ProviderFailure =>
  classifyHelpdesk('Intercom', { status, detail: describe(status, body), retryAfter: waitOf(headers) }, 'Reconnect Intercom.');

/** One client call, its failure sorted instead of thrown. */
export const callIntercom = <T>(run: () => Promise<T>): Promise<ProviderAnswer<T>> =>
  callProvider(run, (error) => (error instanceof IntercomError ? classifyIntercom(error.statusCode, error.body, error.rawResponse?.headers) : classifyIntercom(undefined, undefined)));

/** Intercom names a workspace's hosting region in GET /me (`app.region`): "US", "Europe", "Australia" (or EU, AU). */
export function regionOf(app: Intercom.App | undefined): IntercomRegion | undefined {
  const named = (app?.region ?? '').toLowerCase();
  if (named === 'us' || named === 'united states') return 'us';
  if (named === 'eu' || named === 'europe') return 'eu';
  if (named === 'au' || named === 'australia') return 'au';
  return undefined;
}

/**
 * POST /auth/eagle/token (form-encoded `code`, `client_id`, `client_secret`) at INTERCOM_API_URL, which routes to
 * the workspace's region; the client has no call for it. Intercom's tokens do not expire: no refresh token. Not
 * through kit/oauth.ts: openid-client always adds `grant_type` and `redirect_uri`, which this exchange does not take.
 */
export async function exchangeIntercomCode(ctx: Pick<AppContext, 'config'>, code: string): Promise<{ token: string } | ProviderFailure> {
  const app = intercomApp(ctx);
  let res: Response;
  try {
    res = await fetch(`${app.apiUrls.us}/auth/eagle/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ code, client_id: app.clientId, client_secret: app.clientSecret }),
      signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    });
  } catch {
    return classifyIntercom(undefined, undefined);
  }
  const body = (await res.json().catch(() => undefined)) as { access_token?: string; token?: string } | undefined;
  const token = body?.access_token ?? body?.token;
  if (res.ok && typeof token === 'string') return { token };
  return classifyIntercom(res.status, body, res.headers);
}
