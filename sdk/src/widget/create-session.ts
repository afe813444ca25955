import type { WidgetSession } from '@showback/contract';
import type { WidgetHost } from '../core/widget-host.ts';
import type { OpenOptions, ShowbackErrorCode } from '../types.ts';
import { sbError } from '../core/sb-error.ts';

const CODES: Record<number, ShowbackErrorCode> = { 400: 'KEY_INVALID', 401: 'KEY_INVALID', 402: 'PLAN_REQUIRED', 403: 'ORIGIN_NOT_ALLOWED', 404: 'KEY_INVALID', 422: 'INVALID_OPTIONS' };

/**
 * Asks the API for a widget session. The API checks the key, the plan, and that this page's origin (sent here and
 * in the browser's `Origin` header) is one of the account's allowed origins.
 */
export async function createSession(h: WidgetHost, o: OpenOptions): Promise<WidgetSession> {
  let res: Response;
  try {
    res = await h.fetch.call(window, `${h.host}/api/v1/widget/sessions`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: h.opts.key,
        origin: location.origin,
        request_id: typeof o.request === 'string' ? o.request : undefined,
        instructions: typeof o.instructions === 'string' ? o.instructions.slice(0, 2000) : undefined,
      }),
    });
  } catch {
    throw sbError('NETWORK', `Could not reach ${h.host}`);
  }
  const body = (await res.json().catch(() => ({}))) as Partial<WidgetSession> & { message?: string };
  if (!res.ok) throw sbError(CODES[res.status] || 'NETWORK', String(body.message || `The widget session was refused (HTTP ${res.status})`));
  let recorderOrigin = '';
  try {
    recorderOrigin = new URL(String(body.recorder_url)).origin;
  } catch {
    // checked below
  }
  // The iframe only ever shows the product's own origin, whatever the response says. A different origin is almost
  // always the SDK loaded from another name of the product than its PUBLIC_URL: say so to the integrator.
  if (typeof body.token !== 'string') throw sbError('NETWORK', 'Unexpected widget session response');
  if (recorderOrigin !== h.host) throw sbError('NETWORK', `The recorder is at ${recorderOrigin || 'an unknown origin'}, not ${h.host}: load the SDK from the product's public URL`);
  return body as WidgetSession;
}
